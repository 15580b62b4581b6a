// Applies the committed SQL migrations in order, once each, on PGlite and PostgreSQL alike.
// Every process runs it at start (server, worker, create-staff), so processes started together on one
// PostgreSQL migrate together: each migration's transaction first takes one advisory lock, so they take
// turns, and checks again under the lock whether another process applied it meanwhile.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installJobSchema } from '../jobs/schema.ts';
import type { Db } from './index.ts';

const dir = join(import.meta.dirname, 'migrations');
/** Any constant: the lock's name for Facet's migrations (pg-boss takes its own). */
const MIGRATION_LOCK = 4_021_734_601;

const locked = <T>(db: Db, fn: (t: Db) => Promise<T>) =>
  db.tx(async (t) => {
    await t.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    return fn(t);
  });

/** The files this code was built with: they do not change while a process runs. */
let names: string[] | undefined;
const migrationNames = () =>
  (names ??= readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort());

/** The migrations not recorded as applied, in order (readiness reports them; migrate applies them). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  return migrationNames().filter((name) => !done.has(name));
}

export async function migrate(db: Db): Promise<string[]> {
  // Concurrent CREATE TABLE IF NOT EXISTS can still collide in PostgreSQL's catalogue: under the lock too.
  await locked(db, (t) =>
    t.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`),
  );
  const applied: string[] = [];
  for (const name of await pendingMigrations(db)) {
    const sql = readFileSync(join(dir, name), 'utf8');
    const ran = await locked(db, async (t) => {
      if (await t.one('SELECT 1 FROM schema_migrations WHERE name = $1', [name])) return false;
      await t.exec(sql);
      await t.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (ran) applied.push(name);
  }
  // pg-boss's own tables (issue 14), outside our transactions: its script has its own.
  await installJobSchema(db);
  return applied;
}
