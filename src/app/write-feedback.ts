// Feedback after a write that goes through the outbox: "Saved" once its calls have reached the server,
// "Saved on this device…" when they wait for the network. A failed call shows the specs' popup
// (OutboxAlerts), so it gets no toast. Usage: const saved = useWriteFeedback(); … saved(startedAt).
import { useCallback, useEffect, useState } from 'react';
import { usePendingChanges, useSyncStatus } from '../data/index.ts';
import { notify } from '../ui/notify.tsx';
import { hasFailed } from './pending-model.ts';

/** If the calls went out before the panel's live list even showed them, they were sent. */
const UNSEEN_MS = 2500;

export function useWriteFeedback(): (since: number) => void {
  const { actions } = usePendingChanges();
  const { online } = useSyncStatus();
  const [watch, setWatch] = useState<{ since: number; seen: boolean } | null>(null);
  const [announcement, setAnnouncement] = useState<{ kind: 'sent' | 'waiting'; n: number } | null>(null);
  const mine = watch ? actions.filter((a) => a.createdAt >= watch.since) : [];
  const seen = !!watch && (watch.seen || mine.length > 0);
  const outcome = !watch
    ? null
    : mine.some((a) => hasFailed(a.state))
      ? 'failed'
      : seen && mine.length === 0
        ? 'sent'
        : !online || mine.some((a) => a.steps.some((s) => s.state === 'retrying'))
          ? 'waiting'
          : null;
  // State follows the outcome during render; the toast itself is the effect of a new announcement.
  if (watch && outcome) {
    setWatch(null);
    if (outcome !== 'failed') setAnnouncement({ kind: outcome, n: (announcement?.n ?? 0) + 1 });
  } else if (watch && seen && !watch.seen) setWatch({ ...watch, seen: true });
  useEffect(() => {
    if (announcement?.kind === 'sent') notify.saved();
    if (announcement?.kind === 'waiting') notify.savedOffline();
  }, [announcement]);
  useEffect(() => {
    if (!watch || watch.seen) return;
    const t = setTimeout(() => setWatch((w) => (w && !w.seen ? { ...w, seen: true } : w)), UNSEEN_MS);
    return () => clearTimeout(t);
  }, [watch]);
  return useCallback((since: number) => setWatch({ since, seen: false }), []);
}
