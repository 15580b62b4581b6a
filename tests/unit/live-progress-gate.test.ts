// The live channel's progress gate (server/live/progress.ts): a job's ticks reach the browsers at most
// one per half second (the latest), a state change at once, and a tick that comes after its job ended is dropped.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ProgressGate } from '../../server/live/progress.ts';
import type { ProgressNotice } from '../../server/live/notice.ts';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const notice = (state: ProgressNotice['state'], at: number, done?: number): ProgressNotice => ({
  t: 'progress',
  job: 'frames',
  c: 1,
  id: 7,
  state,
  at,
  ...(done !== undefined && { done, total: 10 }),
});

it('passes the first tick and state changes at once, then the latest tick per half second; drops a tick older than the end', () => {
  const sent: string[] = [];
  const gate = new ProgressGate((n) => sent.push(`${n.state}${n.done ?? ''}`));
  const t0 = Date.now();
  gate.offer(notice('rendering', t0));
  gate.offer(notice('rendering', t0 + 1, 1));
  gate.offer(notice('rendering', t0 + 2, 4));
  expect(sent).toEqual(['rendering']);
  vi.advanceTimersByTime(500);
  expect(sent).toEqual(['rendering', 'rendering4']);
  gate.offer(notice('rendering', t0 + 3, 9));
  gate.offer(notice('ready', t0 + 10));
  vi.advanceTimersByTime(1000);
  // The held 9 never goes after ready; a tick stamped before the end is late, a retry after it is news.
  gate.offer(notice('rendering', t0 + 5, 10));
  gate.offer(notice('queued', t0 + 20));
  expect(sent).toEqual(['rendering', 'rendering4', 'ready', 'queued']);
  gate.stop();
});
