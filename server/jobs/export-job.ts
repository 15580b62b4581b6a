// The export job (issue 14): a preset rendered at a retailer's spec, frame by frame with layoutFrame
// (server/render/compose.ts), encoded under its size, named by the file_name tokens, every file read
// back and checked (compliance.csv), zipped (STORE), stored, and mailed as a link that expires.
// Safe to run twice: files have fixed names under the export's folder, and the mail is claimed before
// it is sent (mailOnce: late rather than lost when a process dies).
import { addTime, composeFrame, type StepTimes } from '../render/compose.ts';
import { fitUnder, impossible, maxBytesOf, pixelFormat, SpecError } from '../render/encode.ts';
import { checkFile, complianceCsv, type ComplianceRow, type SourceFacts } from '../render/inspect.ts';
import { LayerDecoder } from '../render/layers.ts';
import { framesOfTurn } from '../render/views.ts';
import { isUpscaled, upscaleText } from '../../src/api/contract/rules/retailer.ts';
import { productScale, type RenderPreset } from '../../src/render/layout.ts';
import { downloadLink, type ExportRow } from '../domain/exports.ts';
import { exportWords, fileNames, tooFewViews } from '../../src/api/contract/rules/export.ts';
import { safeName, writeZip } from '../domain/imagery-zips.ts';
import { viewLayers } from '../domain/render-inputs.ts';
import type { Services } from '../services.ts';
import { failureOf, type JobHandler } from './queue.ts';

/** The first frame's quality search aims this far under the limit, so later frames (reused quality) fit too. */
const SEARCH_BUDGET = 0.92;

const folderOf = (row: Pick<ExportRow, 'token'>) => `private/exports/${row.token}`;

async function fail(s: Services, id: number, reason: string) {
  await s.db.query(
    `UPDATE exports SET status = 'failed', reason = $2, updated_at = date_trunc('milliseconds', now()) WHERE id = $1 AND status <> 'ready'`,
    [id, reason],
  );
}

const progress = (s: Services, id: number, n: number) =>
  s.db.query(`UPDATE exports SET progress = $2, updated_at = date_trunc('milliseconds', now()) WHERE id = $1`, [id, n]);

/** Renders, checks and zips; answers the zip's stored path and size, or throws (SpecError: no retry). */
async function build(s: Services, row: ExportRow, signal: AbortSignal, timings: StepTimes) {
  const spec = row.spec;
  const why = impossible(spec);
  if (why) throw new SpecError(why);
  const views = await viewLayers(s.db, row.product_id, row.section);
  if (!views.length) throw new SpecError('The product has no renders for this section.');
  // Fewer views than frames fails the set before anything is drawn (the count, not the pixels).
  if (row.section === '360' && tooFewViews(views.length, spec.frames))
    throw new SpecError(exportWords.tooFewViews(views.length, spec.frames));
  const preset = row.preset as RenderPreset;
  const names = fileNames(spec, row.note);
  const viewOf =
    row.section === '360'
      ? framesOfTurn(
          views.map((v) => v.angle),
          spec.frames,
        )
      : names.map(() => 0);
  const decoder = new LayerDecoder(s.storage);
  // Work files go to the store itself (local disk or S3), so that any worker process can run the job.
  const work = `${folderOf(row)}/files`;
  await s.storage.store.removeFolder(work);
  const opaque = pixelFormat(spec.color_depth).channels === 3;
  // Frames of the same view are the same picture: drawn and encoded once, written under each name.
  const byView = new Map<number, { bytes: Buffer; source: SourceFacts }>();
  let quality: number | undefined;
  const checks: ComplianceRow[] = [];
  for (const [i, name] of names.entries()) {
    signal.throwIfAborted();
    const v = viewOf[i]!;
    let drawn = byView.get(v);
    if (!drawn) {
      const layers = await decoder.view(views[v]!, preset);
      const size = { width: spec.width, height: spec.height };
      // What the file is drawn from, for the UPSCALED check: the product's layers and their factor.
      const source = {
        width: layers.beauty.width,
        height: layers.beauty.height,
        scale: productScale(preset, layers.beauty, size),
      };
      const raw = await composeFrame(preset, layers, size, { opaque, timings });
      const t = performance.now();
      const fitted = await fitUnder(raw, spec, { quality, budget: Math.floor(maxBytesOf(spec) * SEARCH_BUDGET) });
      addTime(timings, fitted.tries > 1 ? 'search' : 'encode', t);
      quality ??= fitted.quality;
      drawn = { bytes: fitted.bytes, source };
      byView.set(v, drawn);
    }
    const path = `${work}/${name}`;
    await s.storage.write(path, drawn.bytes);
    // Read back from the store, as the retailer will receive it.
    const t = performance.now();
    checks.push(await checkFile(name, await s.storage.read(path), spec, drawn.source));
    addTime(timings, 'check', t);
    await progress(s, row.id, i + 1);
  }
  await s.storage.write(`${work}/compliance.csv`, Buffer.from(complianceCsv(checks, spec)));
  const bad = checks.filter((c) => c.problems.length);
  if (bad.length)
    throw new SpecError(
      `${bad.length} of ${checks.length} files failed the compliance check: ${bad[0]!.file}: ${bad[0]!.problems.join('; ')}.`,
    );
  const t = performance.now();
  const product = await s.db.one<{ sku: string }>('SELECT sku FROM products WHERE id = $1', [row.product_id]);
  const zipPath = `${folderOf(row)}/${safeName(`${product?.sku ?? 'export'}_${spec.retailer}`)}.zip`;
  const entries = [...names, 'compliance.csv'].map((name) => ({ path: `${work}/${name}`, name }));
  const bytes = await writeZip(s.storage, entries, zipPath);
  await s.storage.store.removeFolder(work);
  addTime(timings, 'zip', t);
  return { path: zipPath, bytes, quality, upscale: largestUpscale(checks) };
}

/** The largest factor of the files drawn larger than their source, or null when none was. */
function largestUpscale(checks: ComplianceRow[]): number | null {
  const factors = checks.flatMap((c) => (c.source && isUpscaled(c.source.scale) ? [c.source.scale] : []));
  return factors.length ? Math.max(...factors) : null;
}

/** The mail's line about upscaled files, or nothing. */
const upscaleLine = (upscale: number | null) =>
  upscale === null
    ? ''
    : `Some files are drawn larger than the product's source layers (up to ${upscaleText(upscale)}): they may look soft. compliance.csv says which.\n`;

/** A mail claimed this long ago and still not sent: its process died in between (the sweep sends it). */
const MAIL_LEASE = `interval '120 seconds'`;

/**
 * The mail with the link: claimed on the row first (one sender at a time), marked once sent, the
 * claim released if sending fails (then retried). A claim left by a process that died is taken
 * over once it is older than MAIL_LEASE, by a retry of the job or by the sweep.
 */
async function mailOnce(s: Services, id: number) {
  const row = await s.db.one<ExportRow & { name: string }>(
    `UPDATE exports e SET mail_claimed_at = now() FROM products p
      WHERE e.id = $1 AND p.id = e.product_id AND e.status = 'ready' AND e.mailed_at IS NULL
        AND (e.mail_claimed_at IS NULL OR e.mail_claimed_at < now() - ${MAIL_LEASE})
     RETURNING e.*, p.name`,
    [id],
  );
  if (!row) return;
  const link = downloadLink(s, row.token);
  const until = new Date(row.expires_at!).toUTCString();
  try {
    await s.mailer.send({
      to: row.email,
      // The retailer's name may end in "Images" ("4K Images"): the subject never says "images" after it.
      subject: `Your download of ${row.name} for ${row.spec.retailer} is ready`,
      text:
        `Your ${row.spec.retailer} download of ${row.name} (${row.total} file${row.total === 1 ? '' : 's'}) is ready:\n\n${link}\n\n` +
        `The link works until ${until}. Every file was checked against the retailer's specification (compliance.csv in the zip).\n` +
        upscaleLine(row.upscale === null ? null : Number(row.upscale)),
    });
  } catch (err) {
    await s.db.query('UPDATE exports SET mail_claimed_at = NULL WHERE id = $1', [id]);
    throw err;
  }
  await s.db.query('UPDATE exports SET mailed_at = now() WHERE id = $1', [id]);
}

export const exportJob =
  (s: Services): JobHandler =>
  async (job) => {
    const id = Number(job.data.exportId);
    const row = await s.db.one<ExportRow>('SELECT * FROM exports WHERE id = $1', [id]);
    if (!row || row.status === 'failed') return { skipped: true };
    if (row.status === 'ready') {
      // Done by an earlier run that stopped before its mail went out.
      await mailOnce(s, id);
      return { skipped: true };
    }
    await s.db.query(
      `UPDATE exports SET status = 'rendering', progress = 0, started_at = now(), updated_at = date_trunc('milliseconds', now()) WHERE id = $1`,
      [id],
    );
    const timings: StepTimes = {};
    let made;
    try {
      made = await build(s, row, job.signal, timings);
    } catch (err) {
      if (!(err instanceof SpecError)) throw err; // pg-boss retries it with backoff, then dead-letters it
      await fail(s, id, err.message);
      await s.storage.store.removeFolder(folderOf(row));
      return { failed: err.message };
    }
    await s.db.query(
      `UPDATE exports SET status = 'ready', progress = total, path = $2, bytes = $3, reason = NULL, completed_at = now(), upscale = $5,
        expires_at = now() + $4 * interval '1 millisecond', updated_at = date_trunc('milliseconds', now()) WHERE id = $1`,
      [id, made.path, made.bytes, s.config.jobs.exportLifetimeMs, made.upscale],
    );
    await mailOnce(s, id);
    return { bytes: made.bytes, quality: made.quality ?? null, timings, pid: process.pid };
  };

/** An export whose job failed for good (pg-boss's dead letter): the reason goes on the row. */
export const exportDeadJob =
  (s: Services): JobHandler =>
  async (job) => {
    await fail(s, Number(job.data.exportId), failureOf(job) ?? 'The export could not be rendered.');
    return {};
  };

/**
 * Expired exports: their zips go (the rows stay, for the Downloads panel's history). Ready exports
 * whose mail never went out (a claim or a finish left by a process that died) are mailed now.
 */
export async function sweepExports(s: Services): Promise<void> {
  const gone = await s.db.query<{ token: string }>(
    `UPDATE exports SET path = NULL WHERE expires_at <= now() AND path IS NOT NULL RETURNING token`,
  );
  for (const g of gone) await s.storage.store.removeFolder(folderOf(g));
  const unsent = await s.db.query<{ id: number }>(
    `SELECT id FROM exports WHERE status = 'ready' AND mailed_at IS NULL AND path IS NOT NULL
        AND coalesce(mail_claimed_at, completed_at) < now() - ${MAIL_LEASE}`,
  );
  let failed: unknown;
  for (const u of unsent) await mailOnce(s, u.id).catch((err: unknown) => void (failed ??= err));
  if (failed) throw failed; // the others went out; the repeat's log says why this one did not
}
