// A saved 360 preset's frames prepared ahead of any shopper (issue 43): the job (one queued per preset)
// makes the set of the preset's version as it is when the job runs, rendered behind shoppers' sets.
import { ensureFrameSet, PREPARED } from '../domain/frame-sets.ts';
import type { Services } from '../services.ts';
import type { JobHandler } from './queue.ts';

export const spinPrepareJob =
  (s: Services): JobHandler =>
  async (job) => {
    const productId = Number(job.data.productId);
    const presetId = Number(job.data.presetId);
    // A deleted preset has no stamp: nothing is made.
    const set = await ensureFrameSet(s.db, s.jobs, productId, { presetId }, s.config.jobs.spinWidths, PREPARED);
    return { frameSetId: set?.id ?? null, status: set?.status ?? null };
  };
