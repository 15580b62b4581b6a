// The review page's reads: who the reader is here (review-context.ts) and the round fetched from the
// server on opening, on reconnecting and after this device's queued changes have gone out.
import { useEffect, useMemo, useState } from 'react';
import { toFailure } from '../../api/client.ts';
import { failureText } from '../../api/failure-text.ts';
import { useAccess } from '../../app/permissions.ts';
import { useSession } from '../../app/session.tsx';
import { refreshReviewRound, usePendingChanges } from '../../data/index.ts';
import type { ReviewAccess } from './review-context.ts';

type Refusal = { kind: 'not-found' } | { kind: 'failed'; text: string };
const APPROVE = ['approve-services'] as const;

/** What the reader may do here: review (approve-services; staff hold every slug) and the studio's controls. */
export function useReviewAccess(cid: number, roundId: number): ReviewAccess {
  const { staff } = useSession();
  const { access } = useAccess(APPROVE);
  const canReview = staff || !!access['approve-services'];
  return useMemo(() => ({ ref: { cid, roundId }, canReview, staff }), [cid, roundId, canReview, staff]);
}

/**
 * Counts the times some of this device's queued changes went out: a read of the round started while
 * they were on their way may have missed them, and the server's own words (who decided) come with a read.
 */
function useSends(): number {
  const { count } = usePendingChanges();
  const [seen, setSeen] = useState({ count, sends: 0 });
  if (seen.count !== count) setSeen({ count, sends: seen.sends + (count < seen.count ? 1 : 0) });
  return seen.sends;
}

/** Fetches the round once online and after changes went out; a refusal other than a lost connection is for the page to say. */
export function useRefresh(cid: number, roundId: number, online: boolean): Refusal | undefined {
  const [refusal, setRefusal] = useState<Refusal>();
  const sends = useSends();
  useEffect(() => {
    if (!online) return;
    let live = true;
    void refreshReviewRound(cid, roundId).then((failure) => {
      if (!live || failure === undefined) return;
      const f = toFailure(failure);
      if (f.network) return;
      setRefusal(f.status === 404 ? { kind: 'not-found' } : { kind: 'failed', text: failureText(failure, 'Reading the round') });
    });
    return () => {
      live = false;
    };
  }, [cid, roundId, online, sends]);
  return refusal;
}
