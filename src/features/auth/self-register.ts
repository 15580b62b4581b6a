// Document 3 §2, §5, §8: the customer self-registration screen's rules, pure for tests.
import type { Body } from '../../api/contract/define.ts';
import type { contract } from '../../api/contract/index.ts';
import { normaliseEmail } from './rules.ts';

/** Client messages and the server's, each shown for 5 seconds (§9 "The error banner lasts 5 s"). */
export const SELF_REGISTER_MESSAGE_MS = 5000;
export const SELF_REGISTER_MESSAGES = {
  fill: 'Please fill all fields',
  mismatch: 'Passwords do not match',
  terms: 'Please accept the terms of use',
  email: 'Please enter a valid email',
} as const;

export interface SelfRegisterForm {
  company: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  termsUse: boolean;
}

export const EMPTY_FORM: SelfRegisterForm = { company: '', username: '', email: '', password: '', confirmPassword: '', termsUse: false };

/** "The email must look like {email}": something, an @, a domain with a dot, no spaces. */
export const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

/** The first rule broken, in the order §5 lists them, or null. */
export function selfRegisterError(f: SelfRegisterForm): string | null {
  const texts = [f.company, f.username, f.email].map((v) => v.trim());
  if (texts.some((v) => !v) || !f.password || !f.confirmPassword) return SELF_REGISTER_MESSAGES.fill;
  if (f.password !== f.confirmPassword) return SELF_REGISTER_MESSAGES.mismatch;
  if (!f.termsUse) return SELF_REGISTER_MESSAGES.terms;
  if (!looksLikeEmail(f.email)) return SELF_REGISTER_MESSAGES.email;
  return null;
}

/** The call body (§7): company, username, email (trimmed, lower-cased), password. */
export const selfRegisterBody = (f: SelfRegisterForm): Body<typeof contract.auth.registerCustomer> => ({
  company: f.company.trim(), username: f.username.trim(), email: normaliseEmail(f.email), password: f.password,
});

/** After success: the product the server made for the new company. */
export const productPath = (productId: number) => `/product/${productId}`;
