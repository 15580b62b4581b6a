// The user-management screen's rules (document 3 §4, §5, §6), pure so tests can check them.
// The server enforces every one of them again; these only decide what the screen offers.

export interface PrivilegeLike { slug: string; name: string; description: string; section: string; permited: boolean }
export interface RoleLike { id: number; name: string; locked: boolean; users: number; privileges: PrivilegeLike[] }
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
export const ROLE_PLACEHOLDER = 'Role Name*';
export const NAME_MAX = 100;

// ---- People ---------------------------------------------------------------------------------

export type StatusFilter = 'all' | PersonLike['status'];
export interface PeopleFilter { text: string; roleId: number | 'all'; status: StatusFilter }

/** The search matches name or e-mail, any case; the role and status filters are exact. */
export function filterPeople<T extends PersonLike>(people: readonly T[], f: PeopleFilter): T[] {
  const text = f.text.trim().toLowerCase();
  return people.filter((p) =>
    (!text || p.name.toLowerCase().includes(text) || p.email.toLowerCase().includes(text)) &&
    (f.roleId === 'all' || p.role?.id === f.roleId) &&
    (f.status === 'all' || p.status === f.status));
}

export const STATUS_LABEL: Record<PersonLike['status'], string> = { active: 'Active', disabled: 'Disabled', invited: 'Invited' };

/** What the status badge says: an invitation past its 7 days says so. */
export function statusText(p: Pick<PersonLike, 'status' | 'invitation'>): string {
  return p.status === 'invited' && p.invitation?.expired ? 'Invitation expired' : STATUS_LABEL[p.status];
}

/** The slugs a role holds. */
export const slugsOf = (role: Pick<RoleLike, 'privileges'>): string[] => role.privileges.filter((p) => p.permited).map((p) => p.slug);

/** No escalation (§6 and issue 13): the slugs of `slugs` that the acting user lacks. */
export const lacking = (held: ReadonlySet<string>, slugs: readonly string[]): string[] => slugs.filter((s) => !held.has(s));

/**
 * Why the acting user may not change this person (their role, status, or account), or null.
 * Nobody acts on themselves, and nobody acts on someone holding a permission they lack.
 */
export function cannotActOn(me: number, held: ReadonlySet<string>, person: PersonLike, roles: readonly RoleLike[]): string | null {
  if (person.id === me) return 'You cannot change your own role or status.';
  const role = roles.find((r) => r.id === person.role?.id);
  if (role && lacking(held, slugsOf(role)).length) return 'This person holds permissions you do not hold.';
  return null;
}

// ---- Invitations (Register User) --------------------------------------------------------------

export interface InviteDraft { email: string; name: string; roleId: number | null; companyId: number | null }
export type InviteErrors = Partial<Record<'email' | 'name' | 'role' | 'company', string>>;

/** §5: adding a user needs an email, a name, a role and a company; the email must look like one. */
export function inviteErrors(d: InviteDraft): InviteErrors {
  const e: InviteErrors = {};
  const email = d.email.trim();
  if (!email) e.email = 'Enter the email of the person to invite.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) e.email = 'Please enter a valid email';
  if (!d.name.trim()) e.name = 'Enter their name.';
  else if (d.name.trim().length > NAME_MAX) e.name = `The name may have at most ${NAME_MAX} characters.`;
  if (d.roleId === null) e.role = 'Choose a role.';
  if (d.companyId === null) e.company = 'Choose a company.';
  return e;
}

// ---- Roles ------------------------------------------------------------------------------------

/** The name a role shows in the list: a new one without a name shows the placeholder. */
export const roleLabel = (name: string) => name.trim() || ROLE_PLACEHOLDER;

/** A role's name: required (the placeholder is not a name), at most 100 characters, unique in the company. */
export function roleNameError(name: string, id: number, roles: readonly Pick<RoleLike, 'id' | 'name'>[]): string | null {
  const n = name.trim();
  if (!n || n === ROLE_PLACEHOLDER) return 'Give the role a name.';
  if (n.length > NAME_MAX) return `The name may have at most ${NAME_MAX} characters.`;
  if (roles.some((r) => r.id !== id && r.name.trim().toLowerCase() === n.toLowerCase())) return 'A role with this name already exists.';
  return null;
}

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
