// What a working process runs: the handlers of every queue, and the sweeps of what jobs leave behind.
import { sweepFrameSets } from '../domain/frame-sets.ts';
import type { Services } from '../services.ts';
import { frameSetDeadJob, frameSetJob } from './frame-set-job.ts';
import { QUEUES } from './queue.ts';

const SWEEP_MS = 10 * 60 * 1000;

export async function startWorkers(s: Services): Promise<void> {
  await s.jobs.work({
    [QUEUES.frameSet]: frameSetJob(s),
    [QUEUES.frameSetDead]: frameSetDeadJob(s),
  });
  s.jobs.repeat(SWEEP_MS, () => sweepFrameSets(s.db, s.storage));
}
