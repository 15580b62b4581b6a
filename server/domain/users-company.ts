// The safety rules of user management, shared by every call that changes people or roles:
// one transaction per change, the company row locked, the actor re-checked, no lock-out, no escalation.
import { PROVIDER_CONTEXT, SLUGS, type Slug } from '../../src/api/contract/slugs.ts';
import { accessIn, isStaff } from '../auth/access.ts';
import type { Auth } from '../auth/guard.ts';
import type { Db } from '../db/index.ts';
import { ruleWords } from '../../src/api/contract/rules/words.ts';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors.ts';

export const LOCKOUT =
  'This change would leave the company without an active user who can manage users and roles. Give another active user that role first.';

/** Writes need a real company: the provider context (-1) has no users or roles of its own. */
export function realCompany(auth: Auth): number {
  const id = auth.customerId;
  if (id === undefined) throw new ApiError(422, ruleWords.required('id_customer'));
  if (id === PROVIDER_CONTEXT) throw badRequest('Choose a company: users and roles belong to a company.');
  return id;
}

/** Active users holding both manage-users and manage-roles: the people who can repair anything. */
export async function activeManagers(db: Db, customerId: number): Promise<number> {
  const row = await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.customer_id = $1 AND m.enabled AND NOT m.invited AND u.enabled AND u.deleted_at IS NULL
        AND (SELECT count(*) FROM role_privileges rp
              WHERE rp.role_id = m.role_id AND rp.slug IN ('manage-users', 'manage-roles')) = 2`,
    [customerId],
  );
  return row?.n ?? 0;
}

export interface Acting {
  /** The actor's slugs in the company, read inside the lock (staff: every slug). */
  holds(slug: Slug): boolean;
  staff: boolean;
}

/**
 * Runs a change in one transaction with the company row locked, so that two concurrent changes
 * are judged one after the other. The actor's right is read again under the lock (it may have been
 * taken away since the guard ran), and the change is refused if it leaves no active manager.
 */
/** `fn` gets the company the guard resolved (from id_customer, or a role's own company for staff in -1). */
export async function changeCompany<T>(
  db: Db,
  auth: Auth,
  need: Slug,
  fn: (t: Db, actor: Acting, customerId: number) => Promise<T>,
): Promise<T> {
  const customerId = realCompany(auth);
  return db.tx(async (t) => {
    if (!(await t.one('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customerId]))) throw notFound('Company');
    const access = await accessIn(t, auth.user, customerId);
    const staff = isStaff(auth.user);
    const actor: Acting = { staff, holds: (s) => staff || access.slugs.has(s) };
    if (!access.member || !actor.holds(need)) throw forbidden();
    const before = await activeManagers(t, customerId);
    const out = await fn(t, actor, customerId);
    if (before > 0 && (await activeManagers(t, customerId)) === 0) throw badRequest(LOCKOUT);
    return out;
  });
}

/** The actor as the guard saw them: for refusals worth giving before a password is asked. */
export const actingFrom = (auth: Auth): Acting => ({ staff: auth.isStaff, holds: (s) => auth.isStaff || auth.slugs.has(s) });

/** No escalation: nobody hands out (or acts on someone holding) a slug they lack. */
export function mustHold(actor: Acting, slugs: readonly Slug[], message: string) {
  const missing = SLUGS.filter((s) => slugs.includes(s) && !actor.holds(s)); // in catalogue order
  if (missing.length) throw forbidden(`${message} (${missing.join(', ')}).`);
}

export interface Member {
  id: number;
  name: string;
  email: string;
  type: 'client' | 'staff';
  enabled: boolean;
  invited: boolean;
  role_id: number | null;
  role_name: string | null;
  slugs: Slug[];
  photo: string | null;
}

/** Until an invitation is accepted the company knows the person by the name it typed. */
export const MEMBER_NAME = `CASE WHEN m.invited THEN coalesce((SELECT i.name FROM invitations i
  WHERE i.user_id = m.user_id AND i.customer_id = m.customer_id ORDER BY i.id DESC LIMIT 1), u.name) ELSE u.name END`;

/** A user as a member of the company (any state); someone outside it answers like an unknown id. */
export async function memberOf(db: Db, customerId: number, userId: number): Promise<Member> {
  const m = await db.one<Member>(
    `SELECT u.id, ${MEMBER_NAME} AS name, u.email, u.type, u.photo, m.enabled, m.invited, m.role_id, r.name AS role_name,
            coalesce((SELECT array_agg(rp.slug) FROM role_privileges rp WHERE rp.role_id = m.role_id), '{}') AS slugs
       FROM memberships m JOIN users u ON u.id = m.user_id LEFT JOIN roles r ON r.id = m.role_id
      WHERE m.customer_id = $1 AND m.user_id = $2 AND u.deleted_at IS NULL`,
    [customerId, userId],
  );
  if (!m) throw notFound('User');
  return m;
}

/** Acting on another member: never on yourself, never on someone who holds more than you. */
export function mayActOn(auth: Auth, actor: Acting, target: Member, selfMessage: string) {
  if (target.id === auth.user.id) throw forbidden(selfMessage);
  mustHold(actor, target.slugs, 'You cannot change a user who holds permissions you do not have');
}

export const statusOf = (m: { enabled: boolean; invited: boolean }) =>
  m.invited ? ('invited' as const) : m.enabled ? ('active' as const) : ('disabled' as const);
