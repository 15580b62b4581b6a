// The outbox room's face: what the rest of the portal uses of it (made by tools, kept by hand).
export { stopAction } from './action-stop.ts';
export { drainOutbox, enqueue, kick, onDrained, retryAction, retryEntry, retryWaitingNow } from './outbox.ts';
export type { Action, Draft } from './outbox.ts';
export { discardAction, discardEntry, setRefetch } from './outbox-discard.ts';
export { conflictView, keepMine, resolveConflict, takeTheirs } from './conflict.ts';
export type { ConflictView, Settled } from './conflict.ts';
export type { ConflictField, Side } from './merge.ts';
export { queuedBy, waitForOutcome, waitForOutcomes } from './outcome.ts';
export type { Outcome } from './outcome.ts';
