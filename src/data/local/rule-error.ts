// A write that breaks a rule of the contract is refused here, before anything is queued, with the
// server's own words: the forms check first, this is the data layer's guarantee.
import { firstError, type FieldErrors } from '../../api/contract/rules/check.ts';

export class RuleError extends Error {}

/** Throws the first broken rule (what the server would answer as its message). */
export function refuseBroken(errors: FieldErrors): void {
  const first = firstError(errors);
  if (first) throw new RuleError(first);
}
