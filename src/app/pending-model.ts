// What the Pending changes panel shows of a user action: its state's words and whether it failed.
import type { PendingState } from '../data/index.ts';

/** One user action with its steps: the data layer groups the outbox (src/data/actions.ts). */

export const STATE_LABEL: Record<PendingState, string> = {
  queued: 'Waiting to send',
  sending: 'Sending',
  retrying: 'Retrying',
  parked: 'Stopped',
  conflict: 'Conflict',
};

export const hasFailed = (s: PendingState) => s === 'parked' || s === 'conflict';
