// Feedback after a write that goes through the outbox: "Saved" once its calls have reached the server,
// else "Saved on this device…" in the words of why it waits: offline, or a server error being retried
// (issue 43: a 5xx while online is not "offline"; the entry's error, in §8's words, is the toast's
// detail). A failed call shows the specs' popup (OutboxAlerts), so it gets no toast.
// Usage: const saved = useWriteFeedback(); … saved(startedAt).
import { useCallback, useEffect, useState } from 'react';
import { usePendingChanges, useSyncStatus } from '../data/index.ts';
import { notify } from '../ui/notify.tsx';
import { hasFailed } from './pending-model.ts';

/** If the calls went out before the panel's live list even showed them, they were sent. */
const UNSEEN_MS = 2500;

type Announcement = { kind: 'sent' } | { kind: 'offline' } | { kind: 'retrying'; cause?: string };

export function useWriteFeedback(): (since: number) => void {
  const { actions } = usePendingChanges();
  const { online } = useSyncStatus();
  const [watch, setWatch] = useState<{ since: number; seen: boolean } | null>(null);
  const [announcement, setAnnouncement] = useState<{ said: Announcement; n: number } | null>(null);
  const mine = watch ? actions.filter((a) => a.createdAt >= watch.since) : [];
  const seen = !!watch && (watch.seen || mine.length > 0);
  const retried = mine.flatMap((a) => a.steps).find((s) => s.state === 'retrying');
  const outcome: Announcement | 'failed' | null = !watch
    ? null
    : mine.some((a) => hasFailed(a.state))
      ? 'failed'
      : seen && mine.length === 0
        ? { kind: 'sent' }
        : !online
          ? { kind: 'offline' }
          : retried
            ? { kind: 'retrying', cause: retried.error }
            : null;
  // State follows the outcome during render; the toast itself is the effect of a new announcement.
  if (watch && outcome) {
    setWatch(null);
    if (outcome !== 'failed') setAnnouncement({ said: outcome, n: (announcement?.n ?? 0) + 1 });
  } else if (watch && seen && !watch.seen) setWatch({ ...watch, seen: true });
  useEffect(() => {
    const said = announcement?.said;
    if (said?.kind === 'sent') notify.saved();
    else if (said) notify.kept(said.kind, said.kind === 'retrying' ? said.cause : undefined);
  }, [announcement]);
  useEffect(() => {
    if (!watch || watch.seen) return;
    const t = setTimeout(() => setWatch((w) => (w && !w.seen ? { ...w, seen: true } : w)), UNSEEN_MS);
    return () => clearTimeout(t);
  }, [watch]);
  return useCallback((since: number) => setWatch({ since, seen: false }), []);
}
