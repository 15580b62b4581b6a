// A review round as the page shows it (issue 42), kept on the device: the round opened once reads
// offline, with the time it was fetched (the people room's snapshots), and with what this device has
// queued on it laid over (review-overlay.ts). The models' files are the browser's to cache.
import { useLiveQuery } from 'dexie-react-hooks';
import { reviewRound } from '../../api/review.ts';
import { db, reviewSnapshotKey, type ReviewRoundData, type SnapshotRow } from '../local/index.ts';
import { logBackgroundFailure } from '../../api/background-errors.ts';
import type { Snapshot } from '../people/index.ts';
import { entriesOfRound, withPending } from './review-overlay.ts';

export type { ReviewModelData, ReviewPinData, ReviewReplyData, ReviewRoundData, ReviewVersionData } from '../local/index.ts';

/** The stored round with the queued changes on it (null when never fetched). */
export async function readReviewRound(cid: number, roundId: number): Promise<Snapshot<ReviewRoundData> | null> {
  const row = (await db().snapshots.get(reviewSnapshotKey(cid, roundId))) as SnapshotRow<Partial<ReviewRoundData>> | undefined;
  if (!row) return null;
  const { round, models } = row.data;
  if (!round || !models) return row;
  const queued = entriesOfRound(await db().outbox.toArray(), roundId);
  return queued.length ? { ...row, data: withPending({ round, models }, queued) } : row;
}

/** readReviewRound, live (undefined while reading). */
export const useReviewRound = (cid: number, roundId: number): Snapshot<ReviewRoundData> | null | undefined =>
  useLiveQuery(() => readReviewRound(cid, roundId), [cid, roundId]);

/**
 * Fetches the round; resolves to the failure (undefined when it arrived). A refusal (404: not this
 * company's, or no such round) is for the page to say; a lost connection leaves the stored round. An
 * answer read before a sent change was written into the stored round (patchedAt) would take that change
 * away again: it is dropped and the round read once more.
 */
export async function refreshReviewRound(cid: number, roundId: number): Promise<unknown> {
  const key = reviewSnapshotKey(cid, roundId);
  for (let tries = 0; tries < 3; tries++) {
    const started = Date.now();
    let answer: Awaited<ReturnType<typeof reviewRound>>;
    try {
      answer = await reviewRound(cid, roundId);
    } catch (err) {
      logBackgroundFailure(`${key} failed`, err);
      return err;
    }
    const stored = await db().transaction('rw', db().snapshots, async () => {
      const row = await db().snapshots.get(key);
      if ((row?.patchedAt ?? 0) >= started) return false;
      await db().snapshots.put({ key, data: { round: answer.round, models: answer.models }, at: Date.now() });
      return true;
    });
    if (stored) return undefined;
  }
  return undefined;
}
