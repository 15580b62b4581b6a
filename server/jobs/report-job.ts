// The model report of a delivered review version (issue 42): the .glb read back from the store by
// report.ts, the report (or why it cannot be read) written on the version. Safe to run twice: a
// version that has its report is skipped. A file the reader refuses is the studio's to fix, not retried.
import { modelReport, ReportError } from '../review/report.ts';
import type { Services } from '../services.ts';
import { failureOf, type JobHandler } from './queue.ts';

export const reviewReportJob =
  (s: Services): JobHandler =>
  async (job) => {
    const id = Number(job.data.versionId);
    const v = await s.db.one<{ glb: string; done: boolean }>(
      'SELECT glb, report IS NOT NULL AS done FROM review_versions WHERE id = $1',
      [id],
    );
    if (!v || v.done) return { skipped: true };
    const bytes = await s.storage.read(v.glb);
    job.signal.throwIfAborted();
    try {
      const report = await modelReport(bytes);
      await s.db.query('UPDATE review_versions SET report = $2, report_error = NULL WHERE id = $1', [id, JSON.stringify(report)]);
      return { triangles: report.triangles };
    } catch (err) {
      if (!(err instanceof ReportError)) throw err; // pg-boss retries it with backoff, then dead-letters it
      await s.db.query('UPDATE review_versions SET report_error = $2 WHERE id = $1 AND report IS NULL', [id, err.message]);
      return { failed: err.message };
    }
  };

/** A report whose job failed for good (pg-boss's dead letter): why goes on the version. */
export const reviewReportDeadJob =
  (s: Services): JobHandler =>
  async (job) => {
    const why = failureOf(job) ?? 'The model report could not be read.';
    await s.db.query('UPDATE review_versions SET report_error = $2 WHERE id = $1 AND report IS NULL', [
      Number(job.data.versionId),
      why,
    ]);
    return {};
  };
