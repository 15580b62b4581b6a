// People and roles (document 3 §4, §5; our account and invitation calls), as data: a person's name,
// e-mail and phone, a role's name, a self-registration, the registration wizard's company and manager.
// The server builds its schemas from these tables and runs their formats; the invitation dialog, My
// account, the role editor, the Register screen and each step of the wizard check with the same rules
// and words. The e-mail and password rules, and their words per screen, are rules/auth.ts's.
import { emailError, mismatchError, newPassword } from './auth.ts';
import { addError, FLAG, labelled as l, notBlank, tableErrors, text, type FieldErrors } from './check.ts';

/** An address the forms check in full (registration, the wizard, invitations). */
const email = l(
  'Email',
  text(255, 1, (_, v) => emailError('form', v)),
);

/** Digits with the usual marks: "+1 (555) 010-2030", "030 1234 5678", "555 0100 ext. 12" (issue 43: "abc" was taken). */
const PHONE = /^\+?[\d\s().\-/]*\d[\d\s().\-/]*(?:\s*(?:ext\.?|x)\s*\d+)?$/i;
export const phoneWords = { invalid: (field: string) => `The ${field} field must be a phone number, such as +1 555 010 2030.` };
/** A phone number, optional; at least 4 digits. */
const phoneRule = (max: number) =>
  text(max, 0, (field, v) =>
    !v || (PHONE.test(v) && (v.match(/\d/g) ?? []).length >= 4) ? undefined : phoneWords.invalid(field),
  );

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
export const inviteRules = { name: l('Name', text(100, 1, notBlank)), email } as const;
/** Document 3's self-registration (Register): the company, the user's name, e-mail and password. */
export const selfRegistrationRules = {
  company: l('Company', text(255, 1, notBlank)),
  username: l('Username', text(100, 1, notBlank)),
  email,
  password: l('Password', newPassword),
} as const;

/** Document 1's wizard, its first call: the company. Site and description may be left out. */
export const companyRegistrationRules = {
  name_company: l('Company name', text(255, 1, notBlank)),
  country: l('Country', text(100, 1, notBlank)),
  street: l('Street', text(255, 1, notBlank)),
  city: l('City', text(100, 1, notBlank)),
  region: l('Region', text(100, 1, notBlank)),
  zipcode: l('Zipcode', text(20, 1, notBlank)),
  sector: l('Sector', text(100, 1, notBlank)),
  site: l('Website', text(255)),
  description: l('Description', text(2000)),
} as const;
/** The wizard's second call: the company's first manager. The phone may be left out. */
export const managerRegistrationRules = {
  name: l('Name', text(100, 1, notBlank)),
  last_name: l('Last name', text(100, 1, notBlank)),
  email,
  office: l('Office', text(100, 1, notBlank)),
  password: l('Password', newPassword),
  password_confirmation: l('Confirm password', text(255, 1)),
  phone_number: l('Phone', phoneRule(40)),
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
export const accountRules = { name: l('Name', text(100, 1, notBlank)), phone: l('Phone', phoneRule(40)) } as const;
/**
 * A role's name: blank, spaces alone and the placeholder are no name, all in one message (so no least
 * length: the format says it); unique in the company (the server's list, or the screen's).
 */
export const roleRules = {
  name: l(
    'Role name',
    text(100, 0, (_, v) => (v && v !== ROLE_PLACEHOLDER ? undefined : ROLE_NAME_MESSAGE)),
  ),
} as const;
