// How a queued user action is doing, for the popups that follow it (§4: 'Creating' → 'Saved!' or
// 'Error: …'; 'Uploading n of m images' → 'Upload complete'): its entries leave the outbox as they
// reach the server; a refused one parks (and parks those after it); offline, or after a server error
// that is retried, they wait, and the popup says which (issue 43).
import { useActionEntries, useSyncStatus, type PendingEntry } from '../../data/index.ts';
import { SAVED_RETRYING } from '../../ui/notify.tsx';

export type Outcome =
  | { state: 'sending'; left: number }
  | { state: 'done' }
  | { state: 'failed'; message: string }
  | { state: 'conflict' }
  | { state: 'waiting'; left: number; why: 'offline' | 'retrying'; message?: string };

export function outcomeOf(entries: readonly PendingEntry[] | undefined, online: boolean): Outcome {
  if (!entries) return { state: 'sending', left: Infinity };
  if (!entries.length) return { state: 'done' };
  if (entries.some((e) => e.state === 'conflict')) return { state: 'conflict' };
  const parked = entries.find((e) => e.state === 'parked');
  if (parked) return { state: 'failed', message: parked.error ?? 'The change could not be sent.' };
  if (!online) return { state: 'waiting', left: entries.length, why: 'offline' };
  const retrying = entries.find((e) => e.state === 'retrying');
  if (retrying) return { state: 'waiting', left: entries.length, why: 'retrying', message: retrying.error };
  return { state: 'sending', left: entries.length };
}

export function useActionOutcome(actionId: string | undefined): Outcome | undefined {
  const entries = useActionEntries(actionId);
  const { online } = useSyncStatus();
  return actionId ? outcomeOf(entries, online) : undefined;
}

export const WAITING_TEXT = 'Saved on this device. It will be sent when you are back online.';

/** What a waiting action's popup says: offline, or the server's error with the retry (not "offline"). */
export const waitingText = (o: Extract<Outcome, { state: 'waiting' }>): string =>
  o.why === 'offline' ? WAITING_TEXT : [SAVED_RETRYING, o.message].filter(Boolean).join(' ');
