// Document 3 §2, §5, §8: the customer self-registration screen's rules, pure for tests: §5's checks
// and words first, then the contract's (src/api/contract/rules/user.ts) in the server's words.
import type { Body } from '../../api/contract/define.ts';
import type { contract } from '../../api/contract/index.ts';
import { firstError, tableErrors } from '../../api/contract/rules/check.ts';
import { emailError, mismatchError } from '../../api/contract/rules/auth.ts';
import { selfRegistrationRules, TERMS_MESSAGE } from '../../api/contract/rules/user.ts';
import { normaliseEmail } from './rules.ts';

/** Client messages and the server's, each shown for 5 seconds (§9 "The error banner lasts 5 s"). */
export const SELF_REGISTER_MESSAGE_MS = 5000;
/** §5's words for a field left empty; the other rules' words are the contract's. */
const FILL_ALL = 'Please fill all fields';

export interface SelfRegisterForm {
  company: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  termsUse: boolean;
}

export const EMPTY_FORM: SelfRegisterForm = {
  company: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  termsUse: false,
};

/** The first rule broken, in the order §5 lists them, then the server's own (lengths, an 8-character password), or null. */
export function selfRegisterError(f: SelfRegisterForm): string | null {
  const texts = [f.company, f.username, f.email].map((v) => v.trim());
  if (texts.some((v) => !v) || !f.password || !f.confirmPassword) return FILL_ALL;
  const mismatch = mismatchError('selfRegistration', f.password, f.confirmPassword);
  if (mismatch) return mismatch;
  if (!f.termsUse) return TERMS_MESSAGE;
  const email = emailError('form', f.email.trim());
  if (email) return email;
  return firstError(tableErrors(selfRegistrationRules, selfRegisterBody(f))) ?? null;
}

/** The call body (§7): company, username, email (trimmed, lower-cased), password; the ticked terms are recorded with the account. */
export const selfRegisterBody = (f: SelfRegisterForm): Body<typeof contract.auth.registerCustomer> => ({
  company: f.company.trim(),
  username: f.username.trim(),
  email: normaliseEmail(f.email),
  password: f.password,
  ...(f.termsUse && { terms_accepted: 1 as const }),
});

/** After success: the product the server made for the new company. */
export const productPath = (productId: number) => `/product/${productId}`;
