// The review room's face (issue 42): review rounds as the review page reads them.
export { refreshReviewRound, useReviewRound } from './review-round.ts';
export type { ReviewModelData, ReviewRoundData, ReviewVersionData } from './review-round.ts';
