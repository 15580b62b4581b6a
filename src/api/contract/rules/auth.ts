// Signing in and every password a person sets (document 1 §5, §7, §8; document 3 §5), as data with
// each screen's words. Login and forgot-password look only for an '@' (their own words, never the whole
// e-mail check); the forms check the whole address. A password being set has at least 8 characters
// (Register, the wizard's manager, a reset, an invitation's new account, `npm run create-staff`); login
// checks only that one was typed. The server and the screens take the rules and the words from here.
import { tableErrors, text, type FieldErrors } from './check.ts';

/** The whole address, as the forms and the server's registration and invitation calls check it. */
export const isEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);
/** Document 1 §5: login and forgot-password only look for an '@'. */
export const hasAt = (s: string) => s.includes('@');

/** The e-mail rule per screen: which check, and the words it is refused with. */
export const emailRule = {
  login: { check: hasAt, message: 'Invalid email' },
  /** Warned, and the link is still asked for (§5); the server refuses with the same words. */
  forgot: { check: hasAt, message: 'Invalid email format' },
  /** Register, the wizard, invitations (document 3 §5's words). */
  form: { check: isEmail, message: 'Please enter a valid email' },
} as const;
export type EmailScreen = keyof typeof emailRule;
/** The screen's words for an address its check refuses, else undefined. */
export const emailError = (screen: EmailScreen, value: string): string | undefined =>
  emailRule[screen].check(value) ? undefined : emailRule[screen].message;

/** Login's words for an empty field, and the server's for a wrong address or password. */
export const INVALID_LOGIN = 'Invalid email or password';

/** Every password a person sets; never applied at login. */
export const newPassword = text(255, 8);
/** The hint under a new password, said from the rule. */
export const NEW_PASSWORD_HINT = `At least ${newPassword.min} characters`;
/** A new password's broken rules (a reset's and an invitation's new account's body). */
export const newPasswordErrors = (password: unknown): FieldErrors =>
  tableErrors({ password: newPassword }, { password }, ['password']);

/** "The two passwords differ", per screen: the specs word it differently on each. */
export const mismatchWords = {
  /** Document 1 §5: the reset form, which an invitation's new account shares. */
  reset: 'Password do not match!',
  /** Document 3 §5: Register. */
  selfRegistration: 'Passwords do not match',
  /** The wizard's manager: the server's words (password_confirmation), said on the password. */
  manager: 'The confirm password field does not match the password.',
} as const;
export const mismatchError = (screen: keyof typeof mismatchWords, password: unknown, confirmation: unknown) =>
  password === confirmation ? undefined : mismatchWords[screen];

/** The server's answers that the screens also show as their own. */
export const authWords = {
  resetSent: 'An email was sent to you. Verify your email.',
  passwordSet: 'Your new password has been registered.',
} as const;
