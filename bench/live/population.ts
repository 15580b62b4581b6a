// The live bench's load, written in SQL in a few statements (never 10,000 sign-ins): one company that
// every load user belongs to ("everyone", for the company-wide event), 100 small companies of 100 users
// each, a reader's role in each, a few products in each, and one bearer token per user. Tokens are made
// as issueToken makes them: a secret handed out, only its sha256 (hex) stored, here computed by
// PostgreSQL's own sha256() in the one INSERT; the first is checked against server/auth's sha256.
import { SLUGS } from '../../src/api/contract/slugs.ts';
import { newSecret, sha256 } from '../../server/auth/passwords.ts';
import type { Db } from '../../server/db/index.ts';

export interface Company {
  id: number;
  products: number[];
}
export interface LoadUser {
  id: number;
  token: string;
  /** The small company this user is in (and "everyone"). */
  company: number;
}
export interface Population {
  everyone: Company;
  companies: Company[];
  users: LoadUser[];
}

/** The demo's reader role (server/db/seed.ts): every reader slug, no editor one. */
const READER = SLUGS.filter((s) => s.startsWith('reader-'));

async function companies(db: Db, names: string[], products: number): Promise<Company[]> {
  const rows = await db.query<{ id: number }>(
    'INSERT INTO customers (name, sector) SELECT n, $2 FROM unnest($1::text[]) n RETURNING id',
    [names, 'Live bench'],
  );
  const ids = rows.map((r) => r.id);
  const made = await db.query<{ customer_id: number; id: number }>(
    `INSERT INTO products (customer_id, name, sku)
     SELECT c, 'Live load ' || c || '-' || g, 'LL-' || c || '-' || g FROM unnest($1::int[]) c, generate_series(1, $2) g
     RETURNING customer_id, id`,
    [ids, products],
  );
  return ids.map((id) => ({
    id,
    products: made
      .filter((p) => p.customer_id === id)
      .map((p) => p.id)
      .sort((a, b) => a - b),
  }));
}

/** A reader's role in each company; the role ids in the same order. */
async function readerRoles(db: Db, ids: number[]): Promise<number[]> {
  const roles = await db.query<{ id: number; customer_id: number }>(
    `INSERT INTO roles (customer_id, name) SELECT c, 'Live reader' FROM unnest($1::int[]) c RETURNING id, customer_id`,
    [ids],
  );
  await db.query('INSERT INTO role_privileges (role_id, slug) SELECT r, s FROM unnest($1::int[]) r, unnest($2::text[]) s', [
    roles.map((r) => r.id),
    READER,
  ]);
  const byCompany = new Map(roles.map((r) => [r.customer_id, r.id]));
  return ids.map((c) => byCompany.get(c)!);
}

export async function populate(db: Db, o: { users: number; companies: number; products: number }): Promise<Population> {
  const [everyone] = await companies(db, ['Live bench: everyone'], 20);
  const small = await companies(
    db,
    Array.from({ length: o.companies }, (_, i) => `Live bench ${String(i + 1).padStart(3, '0')}`),
    o.products,
  );
  const [everyoneRole] = await readerRoles(db, [everyone!.id]);
  const smallRoles = await readerRoles(
    db,
    small.map((c) => c.id),
  );
  const users = await db.query<{ id: number }>(
    `INSERT INTO users (name, email, password_hash, version_terms_use)
     SELECT 'Load ' || g, 'load-' || g || '@live.bench', '!', '1' FROM generate_series(1, $1) g RETURNING id`,
    [o.users],
  );
  const ids = users.map((u) => u.id).sort((a, b) => a - b);
  const own = ids.map((_, i) => i % o.companies);
  await db.query('INSERT INTO memberships (user_id, customer_id, role_id) SELECT u, $2, $3 FROM unnest($1::int[]) u', [
    ids,
    everyone!.id,
    everyoneRole,
  ]);
  await db.query(
    'INSERT INTO memberships (user_id, customer_id, role_id) SELECT * FROM unnest($1::int[], $2::int[], $3::int[])',
    [ids, own.map((i) => small[i]!.id), own.map((i) => smallRoles[i]!)],
  );
  const secrets = ids.map(() => newSecret());
  // last_used_at: sessions in use (a browser's), so a stream's first check does not stamp 10,000 rows.
  await db.query(
    `INSERT INTO access_tokens (user_id, token_hash, expires_at, last_used_at)
     SELECT u, encode(sha256(convert_to(s, 'UTF8')), 'hex'), now() + interval '1 day', now()
       FROM unnest($1::int[], $2::text[]) AS x (u, s)`,
    [ids, secrets],
  );
  const first = await db.one<{ token_hash: string }>('SELECT token_hash FROM access_tokens WHERE user_id = $1', [ids[0]]);
  if (first?.token_hash !== sha256(secrets[0]!)) throw new Error('the tokens written in SQL do not hash as server/auth does');
  await db.exec('ANALYZE');
  return {
    everyone: everyone!,
    companies: small,
    users: ids.map((id, i) => ({ id, token: secrets[i]!, company: small[own[i]!]!.id })),
  };
}
