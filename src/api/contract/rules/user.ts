// People and roles (document 3 §4, §5; our account and invitation calls), as data: a person's name,
// e-mail and phone, a role's name, a self-registration, the registration wizard's company and manager.
// The server builds its schemas from these tables and runs their formats; the invitation dialog, My
// account, the role editor, the Register screen and each step of the wizard check with the same rules
// and words. The e-mail and password rules, and their words per screen, are rules/auth.ts's.
import { emailError, mismatchError, newPassword } from './auth.ts';
import { addError, FLAG, notBlank, tableErrors, text, type FieldErrors } from './check.ts';

/** An address the forms check in full (registration, the wizard, invitations). */
const email = text(255, 1, (_, v) => emailError('form', v));

/** §4, §5: a role not yet saved shows this placeholder, which is not a name. */
export const ROLE_PLACEHOLDER = 'Role Name*';
export const ROLE_NAME_MESSAGE = 'Give the role a name.';
export const ROLE_TAKEN = 'A role with this name already exists.';
/** Issue 43: the permissions that let a manager repair anything; nobody takes them from the role they hold. */
export const SELF_KEPT_SLUGS = ['manage-roles', 'manage-users'] as const;
export const SELF_LOCKOUT =
  'You cannot take Manage roles or Manage users away from your own role: you would lose them yourself. Ask another manager to change it.';
/** Would these permission changes to the actor's own role take away what they need to manage (SELF_KEPT_SLUGS)? */
export const locksSelfOut = (changes: Readonly<Record<string, boolean>>) => SELF_KEPT_SLUGS.some((s) => changes[s] === false);

/** Someone invited into a company (Register User). */
export const inviteRules = { name: text(100, 1, notBlank), email } as const;
/** Document 3's self-registration (Register): the company, the user's name, e-mail and password. */
export const selfRegistrationRules = {
  company: text(255, 1, notBlank),
  username: text(100, 1, notBlank),
  email,
  password: newPassword,
} as const;

/** Document 1's wizard, its first call: the company. Site and description may be left out. */
export const companyRegistrationRules = {
  name_company: text(255, 1, notBlank),
  country: text(100, 1, notBlank),
  street: text(255, 1, notBlank),
  city: text(100, 1, notBlank),
  region: text(100, 1, notBlank),
  zipcode: text(20, 1, notBlank),
  sector: text(100, 1, notBlank),
  site: text(255),
  description: text(2000),
} as const;
/** The wizard's second call: the company's first manager. The phone may be left out. */
export const managerRegistrationRules = {
  name: text(100, 1, notBlank),
  last_name: text(100, 1, notBlank),
  email,
  office: text(100, 1, notBlank),
  password: newPassword,
  password_confirmation: text(255, 1),
  phone_number: text(40),
} as const;
/**
 * The manager's broken rules: the table's, then a confirmation that does not repeat the password, said
 * on the password as the server says it (once both passwords pass their own rules: the server compares
 * them after its validator).
 */
export function managerErrors(v: Readonly<Record<string, unknown>>): FieldErrors {
  const errors = tableErrors(managerRegistrationRules, v);
  const differ =
    typeof v.password === 'string' && typeof v.password_confirmation === 'string'
      ? mismatchError('manager', v.password, v.password_confirmation)
      : undefined;
  if (differ && !errors.password && !errors.password_confirmation) addError(errors, 'password', differ);
  return errors;
}

/**
 * The terms ticked while registering (Register, the wizard): the server records its current terms
 * version with the new account, so the terms popup does not ask again at once. Left out by an older
 * client, the account starts without, and the popup asks at the first sign-in.
 */
export const termsRules = { terms_accepted: FLAG } as const;
/** Document 3 §5's words when the box is not ticked (the wizard says the same). */
export const TERMS_MESSAGE = 'Please accept the terms of use';
/** My account: the signed-in person's own name and phone. */
export const accountRules = { name: text(100, 1, notBlank), phone: text(40) } as const;
/**
 * A role's name: blank, spaces alone and the placeholder are no name, all in one message (so no least
 * length: the format says it); unique in the company (the server's list, or the screen's).
 */
export const roleRules = { name: text(100, 0, (_, v) => (v && v !== ROLE_PLACEHOLDER ? undefined : ROLE_NAME_MESSAGE)) } as const;
