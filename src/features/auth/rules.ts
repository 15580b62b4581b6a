// Document 1 §5 and §8: login, forgot-password, reset and registration rules, pure for tests. The
// e-mail and password rules and their words per screen are the contract's (rules/auth.ts).
import { emailError, INVALID_LOGIN, mismatchError, newPasswordErrors } from '../../api/contract/rules/auth.ts';

/** Errors of the login form vanish after 2 s; reset-password errors after 5 s (§9). */
export const LOGIN_ERROR_MS = 2000;
export const RESET_ERROR_MS = 5000;
export const BACKGROUND_COUNT = 10;
export const BACKGROUND_MS = 10_000;

/** Login checks only that both were typed and that the address has an '@' (never a password's length). */
export function loginError(email: string, password: string): string | null {
  if (!email || !password) return INVALID_LOGIN;
  return emailError('login', email) ?? null;
}

/** The email is lower-cased before sending (surrounding spaces dropped too). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Forgot password: the warning is shown, and the request is still sent afterwards. */
export const forgotWarning = (email: string): string | null => emailError('forgot', email) ?? null;

/** A new password (reset, an invitation's new account): §5's mismatch first, then the server's own rule. */
export const newPasswordError = (password: string, confirmation: string): string | null =>
  mismatchError('reset', password, confirmation) ?? newPasswordErrors(password).password?.[0] ?? null;

/** A random background other than the current one (10 images, §2 Login). */
export function nextBackground(current: number, random: () => number = Math.random, count = BACKGROUND_COUNT): number {
  if (count < 2) return 0;
  const pick = Math.floor(random() * (count - 1));
  return pick >= current ? pick + 1 : pick;
}
export const backgroundUrl = (i: number) => `/login/bg-${i + 1}.svg`;

/** Registration texts are lower-cased (§5); passwords and files are left as they are. */
export function lowerTexts<T extends Record<string, unknown>>(values: T, keep: readonly string[] = []): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) out[k] = typeof v === 'string' && !keep.includes(k) ? v.toLowerCase() : v;
  return out as T;
}

export const REGISTER_MESSAGES = {
  company: 'There was error, please try again later.',
  manager: 'There are a error, please try again later.',
  success: 'Create accontu with success!! You will be redirected to the login page',
} as const;
