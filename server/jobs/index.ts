// What a working process runs: the handlers of every queue, and the sweeps of what jobs leave behind.
import { prepareUnprepared, sweepFrameSets } from '../domain/frame-sets.ts';
import type { Services } from '../services.ts';
import { exportDeadJob, exportJob, sweepExports } from './export-job.ts';
import { frameSetDeadJob, frameSetJob } from './frame-set-job.ts';
import { QUEUES } from './queue.ts';
import { reviewReportDeadJob, reviewReportJob } from './report-job.ts';
import { spinPrepareJob } from './spin-prepare-job.ts';

const SWEEP_MS = 10 * 60 * 1000;

export async function startWorkers(s: Services, log: { warn(obj: unknown, msg?: string): void }): Promise<void> {
  await s.jobs.work({
    [QUEUES.export]: exportJob(s),
    [QUEUES.exportDead]: exportDeadJob(s),
    [QUEUES.frameSet]: frameSetJob(s),
    [QUEUES.frameSetDead]: frameSetDeadJob(s),
    [QUEUES.reviewReport]: reviewReportJob(s),
    [QUEUES.reviewReportDead]: reviewReportDeadJob(s),
    [QUEUES.spinPrepare]: spinPrepareJob(s),
  });
  // Presets saved before frames were prepared ahead (issue 43), once each: no shopper is the first to wait.
  if (s.config.jobs.prepareSpins)
    await prepareUnprepared(s.db, s.jobs).catch((err: unknown) => log.warn({ err }, 'queueing unprepared 360 presets failed'));
  s.jobs.repeat(SWEEP_MS, async () => {
    await sweepFrameSets(s.db, s.storage);
    await sweepExports(s);
  });
}
