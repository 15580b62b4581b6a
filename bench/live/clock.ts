// The live bench's clock and its figures: epoch ms (performance.timeOrigin + performance.now()), the clock
// that the pages, the load generator and this process share on one machine.
import { stats } from '../support/stats.ts';

export const now = () => performance.timeOrigin + performance.now();

/** Median, p95, max and n in ms (0.1 ms), or null when there is no sample. */
export const statsOf = (xs: readonly number[]) => (xs.length ? stats(xs, 1) : null);
