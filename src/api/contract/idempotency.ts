// Our extension: the Idempotency-Key header of a write (server/http/idempotency), and the refusals that concern the key rather
// than the call. The portal tells them apart by `code`, never by the words (src/data's outbox).
export const idempotencyCodes = {
  /** The first request with this key is still being handled (409): try again later. */
  inProgress: 'in_progress',
  /** The key was used for a different request (422): a client bug, never retried. */
  keyReused: 'key_reused',
  /** The call was done, but its answer is no longer kept (409, after IDEMPOTENCY_TTL_HOURS). */
  answerExpired: 'answer_expired',
  /** An answer holding a sign-in, for an account that may no longer sign in (403). */
  replayRefused: 'replay_refused',
} as const;

export const idempotencyWords = {
  invalid: 'The Idempotency-Key header is invalid.',
  inProgress: 'A request with this Idempotency-Key is still in progress.',
  keyReused: 'This key was already used for a different request.',
  answerExpired: 'This change was already made. Its answer is no longer kept: reload to see the result.',
  replayRefused: 'This account can no longer sign in with this request. Sign in again.',
};
