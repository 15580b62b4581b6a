// Applies the committed SQL migrations in order, once each, on PGlite and PostgreSQL alike.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installJobSchema } from '../jobs/schema.ts';
import type { Db } from './index.ts';

const dir = join(import.meta.dirname, 'migrations');
/** The files this code was built with: they do not change while a process runs. */
let names: string[] | undefined;
const migrationNames = () => (names ??= readdirSync(dir).filter((f) => f.endsWith('.sql')).sort());

/** The migrations not recorded as applied, in order (readiness reports them; migrate applies them). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  return migrationNames().filter((name) => !done.has(name));
}

export async function migrate(db: Db): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: string[] = [];
  for (const name of await pendingMigrations(db)) {
    const sql = readFileSync(join(dir, name), 'utf8');
    await db.tx(async (t) => {
      await t.exec(sql);
      await t.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    });
    applied.push(name);
  }
  // pg-boss's own tables (issue 14), outside our transactions: its script has its own.
  await installJobSchema(db);
  return applied;
}
