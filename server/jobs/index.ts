// What a working process runs: the handlers of every queue, and the sweeps of what jobs leave behind.
import { sweepFrameSets } from '../domain/frame-sets.ts';
import type { Services } from '../services.ts';
import { exportDeadJob, exportJob, sweepExports } from './export-job.ts';
import { frameSetDeadJob, frameSetJob } from './frame-set-job.ts';
import { QUEUES } from './queue.ts';
import { reviewReportDeadJob, reviewReportJob } from './report-job.ts';

const SWEEP_MS = 10 * 60 * 1000;

export async function startWorkers(s: Services): Promise<void> {
  await s.jobs.work({
    [QUEUES.export]: exportJob(s),
    [QUEUES.exportDead]: exportDeadJob(s),
    [QUEUES.frameSet]: frameSetJob(s),
    [QUEUES.frameSetDead]: frameSetDeadJob(s),
    [QUEUES.reviewReport]: reviewReportJob(s),
    [QUEUES.reviewReportDead]: reviewReportDeadJob(s),
  });
  s.jobs.repeat(SWEEP_MS, async () => {
    await sweepFrameSets(s.db, s.storage);
    await sweepExports(s);
  });
}
