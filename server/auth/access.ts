// Membership and permission lookups. Staff belong to every company and hold every slug.
import { SLUGS, PROVIDER_CONTEXT, type Slug } from '../../src/api/contract/slugs.ts';
import type { Db } from '../db/index.ts';
import { authCacheOf } from './cache.ts';
import type { AuthUser } from './tokens.ts';

export const isStaff = (u: AuthUser) => u.type === 'staff';

export interface Access {
  member: boolean;
  slugs: Set<Slug>;
}

/**
 * Membership and the role's slugs (the guard asks both on nearly every call). Kept in the process's
 * auth cache, which migration 007's NOTIFY empties on any membership, role or company change, so a
 * change still applies to the member's next call; a transaction's handle reads fresh.
 */
export async function accessIn(db: Db, user: AuthUser, customerId: number): Promise<Access> {
  const cache = authCacheOf(db);
  if (!cache) return readAccess(db, user, customerId);
  return (await cache.get('access', `${user.id}:${customerId}`, async () => ({
    value: await readAccess(db, user, customerId),
    user: user.id,
  })))!;
}

async function readAccess(db: Db, user: AuthUser, customerId: number): Promise<Access> {
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

type CompanyRow = { id: number; name: string; photo: string | null };

/** The companies a user may act for (staff: all of them); cached like accessIn. */
export async function companiesOf(db: Db, user: AuthUser): Promise<CompanyRow[]> {
  const cache = authCacheOf(db);
  if (!cache) return readCompanies(db, user);
  return (await cache.get('companies', `${user.id}:${user.type}`, async () => ({
    value: await readCompanies(db, user),
    user: user.id,
  })))!;
}

function readCompanies(db: Db, user: AuthUser) {
  return isStaff(user)
    ? db.query<{ id: number; name: string; photo: string | null }>('SELECT id, name, photo FROM customers ORDER BY name')
    : db.query<{ id: number; name: string; photo: string | null }>(
        `SELECT c.id, c.name, c.photo FROM customers c JOIN memberships m ON m.customer_id = c.id
          WHERE m.user_id = $1 AND m.enabled ORDER BY c.name`,
        [user.id],
      );
}
