// People and roles (document 3 §4, §5; our account and invitation calls), as data: a person's name,
// e-mail and phone, a role's name, a self-registration. The server builds its schemas from these tables
// and runs their formats; the invitation dialog, My account, the role editor and the Register screen
// check with the same rules and words.
import { notBlank, text } from './check.ts';

export const isEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);
/** Document 3 §5's words for an address that does not look like one. */
export const EMAIL_MESSAGE = 'Please enter a valid email';
const email = text(255, 1, (_, v) => (isEmail(v) ? undefined : EMAIL_MESSAGE));

/** §4, §5: a role not yet saved shows this placeholder, which is not a name. */
export const ROLE_PLACEHOLDER = 'Role Name*';
export const ROLE_NAME_MESSAGE = 'Give the role a name.';
export const ROLE_TAKEN = 'A role with this name already exists.';

/** Someone invited into a company (Register User). */
export const inviteRules = { name: text(100, 1, notBlank), email } as const;
/** Document 3's self-registration (Register): the company, the user's name, e-mail and password. */
export const selfRegistrationRules = { company: text(255, 1, notBlank), username: text(100, 1, notBlank), email, password: text(255, 8) } as const;
/** My account: the signed-in person's own name and phone. */
export const accountRules = { name: text(100, 1, notBlank), phone: text(40) } as const;
/**
 * A role's name: blank, spaces alone and the placeholder are no name, all in one message (so no least
 * length: the format says it); unique in the company (the server's list, or the screen's).
 */
export const roleRules = { name: text(100, 0, (_, v) => (v && v !== ROLE_PLACEHOLDER ? undefined : ROLE_NAME_MESSAGE)) } as const;
