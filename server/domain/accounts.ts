// Creating companies and people: shared by the registration calls, the seed and (later) user management.
import { SLUGS } from '../../src/api/contract/slugs.ts';
import type { Db } from '../db/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import { badRequest } from '../http/errors.ts';

export interface NewCompany {
  name: string;
  country?: string;
  street?: string;
  city?: string;
  region?: string;
  zipcode?: string;
  sector?: string;
  site?: string;
  description?: string;
}

/** A company with its full-permission role at position 0. */
export async function createCompany(db: Db, c: NewCompany): Promise<{ id: number; fullRoleId: number }> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO customers (name, country, street, city, region, zipcode, sector, site, description)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) RETURNING id`,
    [c.name, c.country, c.street, c.city, c.region, c.zipcode, c.sector, c.site, c.description],
  );
  const role = await db.one<{ id: number }>(
    `INSERT INTO roles (customer_id, name, position) VALUES ($1, 'Administrator', 0) RETURNING id`,
    [row!.id],
  );
  await grant(db, role!.id, SLUGS);
  return { id: row!.id, fullRoleId: role!.id };
}

export async function grant(db: Db, roleId: number, slugs: readonly string[]) {
  if (!slugs.length) return;
  await db.query(`INSERT INTO role_privileges (role_id, slug) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`, [
    roleId,
    slugs,
  ]);
}

export interface NewUser {
  name: string;
  last_name?: string;
  email: string;
  password: string;
  phone?: string;
  office?: string;
  type?: 'client' | 'staff';
  /** The terms version accepted while registering; '0' (none yet) otherwise. */
  terms?: string;
}

export async function createUser(db: Db, u: NewUser): Promise<number> {
  const email = u.email.trim().toLowerCase();
  if (await db.one('SELECT 1 FROM users WHERE email = $1', [email])) {
    throw badRequest('The email has already been taken.', { email: ['The email has already been taken.'] });
  }
  // ON CONFLICT: two registrations of one address at the same moment both pass the check above;
  // the second is told the same, not a unique-violation 500.
  const row = await db.one<{ id: number }>(
    `INSERT INTO users (name, last_name, email, password_hash, phone, office, type, version_terms_use)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8) ON CONFLICT (email) DO NOTHING RETURNING id`,
    [u.name, u.last_name, email, await hashPassword(u.password), u.phone, u.office, u.type ?? 'client', u.terms ?? '0'],
  );
  if (!row) throw badRequest('The email has already been taken.', { email: ['The email has already been taken.'] });
  return row.id;
}

export async function addMember(db: Db, userId: number, customerId: number, roleId: number) {
  await db.query(
    `INSERT INTO memberships (user_id, customer_id, role_id) VALUES ($1,$2,$3)
     ON CONFLICT (user_id, customer_id) DO UPDATE SET role_id = EXCLUDED.role_id, enabled = true`,
    [userId, customerId, roleId],
  );
}
