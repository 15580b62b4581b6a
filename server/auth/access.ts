// Membership and permission lookups. Staff belong to every company and hold every slug.
import { SLUGS, PROVIDER_CONTEXT, type Slug } from '../../src/api/contract/slugs.ts';
import type { Db } from '../db/index.ts';
import type { AuthUser } from './tokens.ts';

export const isStaff = (u: AuthUser) => u.type === 'staff';

export interface Access {
  member: boolean;
  slugs: Set<Slug>;
}

/**
 * Membership and the role's slugs in one query (the guard asks both on nearly every call).
 * Read on every request: user management (server/routes/users*.ts) relies on a change applying to
 * the next call, so a cache added here must be invalidated by those calls.
 */
export async function accessIn(db: Db, user: AuthUser, customerId: number): Promise<Access> {
  if (isStaff(user)) {
    const member = customerId === PROVIDER_CONTEXT || !!(await db.one('SELECT 1 FROM customers WHERE id = $1', [customerId]));
    return { member, slugs: new Set(member ? SLUGS : []) };
  }
  if (customerId === PROVIDER_CONTEXT) return { member: false, slugs: new Set() };
  const row = await db.one<{ slugs: Slug[] }>(
    `SELECT coalesce(array_agg(rp.slug) FILTER (WHERE rp.slug IS NOT NULL), '{}') AS slugs
       FROM memberships m LEFT JOIN role_privileges rp ON rp.role_id = m.role_id
      WHERE m.user_id = $1 AND m.customer_id = $2 AND m.enabled GROUP BY m.user_id`,
    [user.id, customerId],
  );
  return { member: !!row, slugs: new Set(row?.slugs ?? []) };
}

/** The companies a user may act for (staff: all of them). */
export async function companiesOf(db: Db, user: AuthUser) {
  return isStaff(user)
    ? db.query<{ id: number; name: string; photo: string | null }>('SELECT id, name, photo FROM customers ORDER BY name')
    : db.query<{ id: number; name: string; photo: string | null }>(
        `SELECT c.id, c.name, c.photo FROM customers c JOIN memberships m ON m.customer_id = c.id
          WHERE m.user_id = $1 AND m.enabled ORDER BY c.name`,
        [user.id],
      );
}
