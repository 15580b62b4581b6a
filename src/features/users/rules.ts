// The user-management screen's rules (document 3 §4, §5, §6), pure so tests can check them.
// The server enforces every one of them again; a person's and a role's fields are the contract's
// rules (src/api/contract/rules/user.ts), checked here with the server's words.
import { tableErrors, type FieldErrors } from '../../api/contract/rules/check.ts';
import { accountRules, inviteRules, ROLE_PLACEHOLDER, ROLE_TAKEN, roleRules } from '../../api/contract/rules/user.ts';

export { ROLE_PLACEHOLDER };
const firsts = (e: FieldErrors): Record<string, string> => Object.fromEntries(Object.entries(e).map(([k, m]) => [k, m[0]!]));

export interface PrivilegeLike {
  slug: string;
  name: string;
  description: string;
  section: string;
  permited: boolean;
}
export interface RoleLike {
  id: number;
  name: string;
  locked: boolean;
  users: number;
  privileges: PrivilegeLike[];
}
export interface PersonLike {
  id: number;
  name: string;
  email: string;
  status: 'active' | 'disabled' | 'invited';
  role: { id: number; name: string } | null;
  invitation: { expired: boolean } | null;
}

/** §4, §5: a role not yet saved has id -1 and the placeholder name. */
export const NEW_ROLE_ID = -1;

// ---- People ---------------------------------------------------------------------------------

export type StatusFilter = 'all' | PersonLike['status'];
export interface PeopleFilter {
  text: string;
  roleId: number | 'all';
  status: StatusFilter;
}

/** The search matches name or e-mail, any case; the role and status filters are exact. */
export function filterPeople<T extends PersonLike>(people: readonly T[], f: PeopleFilter): T[] {
  const text = f.text.trim().toLowerCase();
  return people.filter(
    (p) =>
      (!text || p.name.toLowerCase().includes(text) || p.email.toLowerCase().includes(text)) &&
      (f.roleId === 'all' || p.role?.id === f.roleId) &&
      (f.status === 'all' || p.status === f.status),
  );
}

export const STATUS_LABEL: Record<PersonLike['status'], string> = { active: 'Active', disabled: 'Disabled', invited: 'Invited' };

/** What the status badge says: an invitation past its 7 days says so. */
export function statusText(p: Pick<PersonLike, 'status' | 'invitation'>): string {
  return p.status === 'invited' && p.invitation?.expired ? 'Invitation expired' : STATUS_LABEL[p.status];
}

/** The slugs a role holds. */
export const slugsOf = (role: Pick<RoleLike, 'privileges'>): string[] =>
  role.privileges.filter((p) => p.permited).map((p) => p.slug);

/** No escalation (§6 and issue 13): the slugs of `slugs` that the acting user lacks. */
export const lacking = (held: ReadonlySet<string>, slugs: readonly string[]): string[] => slugs.filter((s) => !held.has(s));

/**
 * Why the acting user may not change this person (their role, status, or account), or null.
 * Nobody acts on themselves, and nobody acts on someone holding a permission they lack.
 */
export function cannotActOn(
  me: number,
  held: ReadonlySet<string>,
  person: PersonLike,
  roles: readonly RoleLike[],
): string | null {
  if (person.id === me) return 'You cannot change your own role or status.';
  const role = roles.find((r) => r.id === person.role?.id);
  if (role && lacking(held, slugsOf(role)).length) return 'This person holds permissions you do not hold.';
  return null;
}

// ---- Invitations (Register User) --------------------------------------------------------------

export interface InviteDraft {
  email: string;
  name: string;
  roleId: number | null;
  companyId: number | null;
}
export type InviteErrors = Partial<Record<'email' | 'name' | 'role' | 'company', string>>;

/** §5: adding a user needs an email that looks like one and a name (the contract's words), a role and a company. */
export function inviteErrors(d: InviteDraft): InviteErrors {
  const e: InviteErrors = firsts(tableErrors(inviteRules, { email: d.email.trim(), name: d.name.trim() }));
  if (d.roleId === null) e.role = 'Choose a role.';
  if (d.companyId === null) e.company = 'Choose a company.';
  return e;
}

// ---- Roles ------------------------------------------------------------------------------------

/** The name a role shows in the list: a new one without a name shows the placeholder. */
export const roleLabel = (name: string) => name.trim() || ROLE_PLACEHOLDER;

/** A role's name: the contract's rule (not blank nor the placeholder, at most 100), then unique in the company. */
export function roleNameError(name: string, id: number, roles: readonly Pick<RoleLike, 'id' | 'name'>[]): string | null {
  const n = name.trim();
  const broken = tableErrors(roleRules, { name: n }).name?.[0];
  if (broken) return broken;
  if (roles.some((r) => r.id !== id && r.name.trim().toLowerCase() === n.toLowerCase())) return ROLE_TAKEN;
  return null;
}

/** My account: the name and phone as sent (trimmed), by the contract's rules. */
export const accountErrors = (a: { name: string; phone: string }): Partial<Record<'name' | 'phone', string>> =>
  firsts(tableErrors(accountRules, { name: a.name.trim(), phone: a.phone.trim() }));

/** The slugs whose value differs from the saved role: the body of edit_permissions. */
export function permissionChanges(saved: readonly PrivilegeLike[], draft: ReadonlyMap<string, boolean>): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const p of saved) {
    const want = draft.get(p.slug);
    if (want !== undefined && want !== p.permited) out[p.slug] = want;
  }
  return out;
}

export interface MatrixGroup<P extends PrivilegeLike = PrivilegeLike> {
  section: string;
  /** 'pair': a reader (See) and an editor (Edit) side by side; 'list': other permissions. */
  kind: 'pair' | 'list';
  items: P[];
}

const READER = /^reader-(.+)-access$/;
const EDITOR = /^editor-(.+)-access$/;

/**
 * The permission matrix: privileges grouped by section in catalogue order; a section made of one
 * reader- and one editor- slug of the same thing is a pair (reader first), otherwise a list.
 */
export function groupPermissions<P extends PrivilegeLike>(privileges: readonly P[]): MatrixGroup<P>[] {
  const groups: MatrixGroup<P>[] = [];
  for (const p of privileges) {
    let g = groups.find((x) => x.section === p.section);
    if (!g) groups.push((g = { section: p.section, kind: 'list', items: [] }));
    g.items.push(p);
  }
  for (const g of groups) {
    const reader = g.items.find((p) => READER.test(p.slug));
    const editor = g.items.find((p) => EDITOR.test(p.slug));
    if (g.items.length === 2 && reader && editor && READER.exec(reader.slug)![1] === EDITOR.exec(editor.slug)![1]) {
      g.kind = 'pair';
      g.items = [reader, editor];
    }
  }
  return groups;
}

/** Why a role cannot be changed by the acting user here, or null (the server says the same). */
export function roleLockReason(role: RoleLike, held: ReadonlySet<string>): string | null {
  if (role.locked) return 'The first role holds every permission. It cannot be renamed, edited or deleted.';
  const missing = lacking(held, slugsOf(role));
  if (missing.length) return 'This role holds permissions you do not hold, so you cannot change it.';
  return null;
}

// ---- Photo ------------------------------------------------------------------------------------

/** §5: the profile photo is a png or a jpeg. */
