// A user action's id, also the stem of its Idempotency-Keys (src/app/user-action.ts, src/data/outbox.ts).
// Here, not in src/data, so that the sign-in pages use it without loading the data layer.
export const newActionId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `k${Date.now()}${Math.random().toString(36).slice(2)}`;
