// A review round as the page shows it (issue 42), kept on the device: the round opened once reads
// offline, with the time it was fetched (the people room's snapshots). The models' files are the
// browser's to cache; their pins, replies and decisions become outbox commands in the next stage.
import type { Static } from '@sinclair/typebox';
import type { ReviewModel, ReviewRound, ReviewVersion } from '../../api/contract/review.ts';
import { reviewRound } from '../../api/review.ts';
import { refreshSnapshot, useSnapshot, type Snapshot } from '../people/index.ts';

export type ReviewRoundData = { round: Static<typeof ReviewRound>; models: Static<typeof ReviewModel>[] };
export type ReviewModelData = Static<typeof ReviewModel>;
export type ReviewVersionData = Static<typeof ReviewVersion>;

const keyOf = (cid: number, roundId: number) => `review:${cid}:${roundId}`;

export const useReviewRound = (cid: number, roundId: number): Snapshot<ReviewRoundData> | null | undefined =>
  useSnapshot<ReviewRoundData>(keyOf(cid, roundId));

/**
 * Fetches the round; resolves to the failure (undefined when it arrived). A refusal (404: not this
 * company's, or no such round) is for the page to say; a lost connection leaves the stored round.
 */
export async function refreshReviewRound(cid: number, roundId: number): Promise<unknown> {
  const answer = reviewRound(cid, roundId);
  let failure: unknown;
  answer.catch((err: unknown) => void (failure = err));
  // One call, its two parts stored together (both wait for the same answer).
  await refreshSnapshot<ReviewRoundData>(keyOf(cid, roundId), {
    round: async () => (await answer).round,
    models: async () => (await answer).models,
  });
  return failure;
}
