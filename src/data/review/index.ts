// The review room's face (issue 42): review rounds as the review page reads them, and what a reviewer
// and the studio do on them.
export { readReviewRound, refreshReviewRound, useReviewRound } from './review-round.ts';
export type { ReviewModelData, ReviewPinData, ReviewReplyData, ReviewRoundData, ReviewVersionData } from './review-round.ts';
export { addPin, arLink, decideVersion, deliver, replyToPin, saveRoundStatus, setPinState } from './review-actions.ts';
export type { Decision, PinPlace, RoundRef } from './review-actions.ts';
