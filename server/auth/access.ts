// Membership and permission lookups. Staff belong to every company and hold every slug.
import { SLUGS, PROVIDER_CONTEXT, type Slug } from '../../src/api/contract/slugs.ts';
import type { Db } from '../db/index.ts';
import type { AuthUser } from './tokens.ts';

export const isStaff = (u: AuthUser) => u.type === 'staff';

export async function isMember(db: Db, user: AuthUser, customerId: number): Promise<boolean> {
  if (isStaff(user)) return customerId === PROVIDER_CONTEXT || !!(await db.one('SELECT 1 FROM customers WHERE id = $1', [customerId]));
  if (customerId === PROVIDER_CONTEXT) return false;
  return !!(await db.one('SELECT 1 FROM memberships WHERE user_id = $1 AND customer_id = $2 AND enabled', [user.id, customerId]));
}

export async function slugsIn(db: Db, user: AuthUser, customerId: number): Promise<Set<Slug>> {
  if (isStaff(user)) return new Set(SLUGS);
  const rows = await db.query<{ slug: Slug }>(
    `SELECT rp.slug FROM memberships m JOIN role_privileges rp ON rp.role_id = m.role_id
      WHERE m.user_id = $1 AND m.customer_id = $2 AND m.enabled`,
    [user.id, customerId],
  );
  return new Set(rows.map((r) => r.slug));
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
