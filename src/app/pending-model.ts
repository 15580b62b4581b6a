// What the Pending changes panel shows: user actions, each with its steps (the queued calls). The data
// layer's outbox entries are mapped here, so the panel does not depend on how the outbox stores them.
import type { PendingEntry, PendingState } from '../data/index.ts';

export interface PendingStep {
  id: number;
  label: string;
  state: PendingState;
  error?: string;
}

export interface PendingAction {
  /** The id Retry and Discard act on. */
  id: number;
  label: string;
  state: PendingState;
  error?: string;
  createdAt: number;
  steps: PendingStep[];
}

/** One entry is one action with one step (until the outbox groups the calls of one action). */
export const toActions = (entries: readonly PendingEntry[]): PendingAction[] =>
  entries.map((e) => ({ id: e.id, label: e.label, state: e.state, error: e.error, createdAt: e.createdAt, steps: [{ id: e.id, label: e.label, state: e.state, error: e.error }] }));

export const STATE_LABEL: Record<PendingState, string> = {
  queued: 'Waiting to send',
  sending: 'Sending',
  retrying: 'Retrying',
  parked: 'Stopped',
  conflict: 'Conflict',
};

export const hasFailed = (s: PendingState) => s === 'parked' || s === 'conflict';
