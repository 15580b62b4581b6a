// A seeded database is built once per test run and copied for each test file,
// because seeding (images, scrypt) takes seconds and copying takes milliseconds.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { dumpPglite, openPglite, openPostgres } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { Storage } from '../../server/storage/files.ts';

export const TMP = resolve('.tmp');
export const snapshotDir = (kind: 'pglite' | 'postgres') => join(TMP, `seed-${kind}`);
export const TEMPLATE_DB = 'facet_test_template';

/** Changes to the schema or the seed make a new snapshot. */
function sourceHash(): string {
  const h = createHash('sha256');
  for (const dir of ['server/db', 'server/db/migrations', 'server/domain']) {
    for (const f of readdirSync(dir).sort()) if (/\.(ts|sql)$/.test(f)) h.update(f).update(readFileSync(join(dir, f)));
  }
  return h.digest('hex').slice(0, 16);
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function ensureSnapshot(kind: 'pglite' | 'postgres'): Promise<void> {
  const dir = snapshotDir(kind);
  const stamp = join(dir, 'stamp');
  const hash = sourceHash();
  if (kind === 'pglite' && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const storage = new Storage(join(dir, 'storage'));
  if (kind === 'pglite') {
    const db = await openPglite();
    await migrate(db);
    await seedDemo(db, storage);
    writeFileSync(join(dir, 'db.tar'), Buffer.from(await (await dumpPglite(db)).arrayBuffer()));
    await db.close();
  } else {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const db = await openPostgres(withDatabase(process.env.TEST_DATABASE_URL!, TEMPLATE_DB));
    await migrate(db);
    await seedDemo(db, storage);
    await db.close();
  }
  writeFileSync(stamp, hash);
}
