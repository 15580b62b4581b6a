// A seeded database is built once per test run and copied for each test file,
// because seeding (images, scrypt) takes seconds and copying takes milliseconds.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { dumpPglite, openPglite, openPostgres } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { Storage } from '../../server/storage/files.ts';

export const TMP = resolve('.tmp');
/**
 * DEMO_LAYER_PX of test servers and their snapshot: small layers (`npm start` draws 2400 px) keep the
 * frame-set and export tests near their time before issue 27, and still give 24 distinct views, each
 * larger than the 320 px frames the frame-set test renders. Benchmarks ask for 2400 (snapshotDir's px).
 */
export const TEST_LAYER_PX = 480;
/** The demo's drawn layers (DEMO_CACHE_DIR), shared by every test server of this tree: each is drawn once (paths name their size). */
export const demoCacheDir = () => join(TMP, `demo-layers-${sourceHash()}`);
/** Keyed by the schema and seed sources and the layers' size, so concurrent runs of different trees never share one. */
export const snapshotDir = (kind: 'pglite' | 'postgres', px = TEST_LAYER_PX) => join(TMP, `seed-${kind}-${sourceHash()}-${px}`);
/**
 * The template database of the snapshot in `snapshotDir('postgres', px)`, named in its stamp: each build
 * seeds a template of its own (keyed by this tree's folder, as several checkouts may share one cluster,
 * and by a random suffix of its build), so two builds at once never pair one's files with the other's rows.
 */
export const templateDb = (px = TEST_LAYER_PX) => readFileSync(join(snapshotDir('postgres', px), 'stamp'), 'utf8').trim();
const templatePrefix = (px: number) =>
  `facet_tpl_${createHash('sha256').update(sourceHash()).update(TMP).update(String(px)).digest('hex').slice(0, 12)}`;

/** Changes to the schema or the seed make a new snapshot. */
let cachedHash: string | undefined;
function sourceHash(): string {
  if (cachedHash) return cachedHash;
  const h = createHash('sha256');
  // Only what shapes the seeded data; other engineers' new files must not move the snapshot mid-run.
  for (const dir of ['server/db', 'server/db/migrations']) {
    for (const f of readdirSync(dir).sort()) if (/\.(ts|sql)$/.test(f)) h.update(f).update(readFileSync(join(dir, f)));
  }
  h.update(readFileSync('server/domain/accounts.ts'));
  return (cachedHash = h.digest('hex').slice(0, 12));
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on TEST_DATABASE_URL's own database (creating and dropping the others). */
export async function adminSql(sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await admin.query(sql, params);
  } finally {
    await admin.end();
  }
}

/** A PostgreSQL cluster may be new (CI, a restart) while the folder stamp is old. */
async function templateExists(px: number): Promise<boolean> {
  return (await adminSql('SELECT 1 FROM pg_database WHERE datname = $1', [templateDb(px)])).rowCount === 1;
}

const building = new Map<string, Promise<void>>();

/** The seeded snapshot whose layer rows name `px`-pixel layers, built once (two projects' setups asking at once share one build). */
export function ensureSnapshot(kind: 'pglite' | 'postgres', px = TEST_LAYER_PX): Promise<void> {
  const key = `${kind}:${px}`;
  let done = building.get(key);
  if (!done) building.set(key, (done = buildSnapshot(kind, px).finally(() => building.delete(key))));
  return done;
}

async function buildSnapshot(kind: 'pglite' | 'postgres', px: number): Promise<void> {
  const dir = snapshotDir(kind, px);
  if (existsSync(join(dir, 'stamp')) && (kind === 'pglite' || (await templateExists(px)))) return;
  rmSync(dir, { recursive: true, force: true });
  // Built aside and renamed into place, so a reader never sees half a snapshot.
  const aside = `${dir}.building-${process.pid}-${randomUUID().slice(0, 8)}`;
  mkdirSync(aside, { recursive: true });
  const storage = new Storage(join(aside, 'storage'));
  let template: string | undefined;
  if (kind === 'pglite') {
    const db = await openPglite();
    await migrate(db);
    await seedDemo(db, storage, px);
    writeFileSync(join(aside, 'db.tar'), Buffer.from(await (await dumpPglite(db)).arrayBuffer()));
    await db.close();
  } else {
    template = `${templatePrefix(px)}_${randomUUID().slice(0, 8)}`;
    await adminSql(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await adminSql(`CREATE DATABASE ${template}`);
    const db = await openPostgres(withDatabase(process.env.TEST_DATABASE_URL!, template));
    await migrate(db);
    await seedDemo(db, storage, px);
    await db.close();
    // Nobody connects to the template again (autovacuum included): CREATE DATABASE … TEMPLATE refuses
    // to copy a database someone is connected to, and the files' copies are made side by side.
    await adminSql(`ALTER DATABASE ${template} WITH ALLOW_CONNECTIONS false`);
  }
  writeFileSync(join(aside, 'stamp'), template ?? 'ok');
  try {
    renameSync(aside, dir);
  } catch {
    // Another run finished first: its snapshot (files and template) stands, this one goes.
    rmSync(aside, { recursive: true, force: true });
    if (template) await adminSql(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  }
}
