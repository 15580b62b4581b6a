// A new, empty database (no migration, no seed) for tests of what a first start does: PGlite in a
// folder of its own, or a new database on TEST_DATABASE_URL's cluster. `env` points a child process
// (`tsx server/main.ts`, `npm run create-staff`) at it exactly as a deployment's environment would.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../../server/app.ts';
import { configIn, type Config } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/index.ts';
import { TEST_LAYER_PX, TMP, adminSql, demoCacheDir, withDatabase } from './seed-snapshot.ts';
import { dbKind, listen } from './server.ts';

export interface EmptyDatabase {
  /** A test server's config on this database (SEED_DEMO: configIn's default, true; override it). */
  config: Config;
  /** DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  /** PGlite allows one opener at a time: close it before a child process opens the folder. */
  open(): Promise<Db>;
  drop(): Promise<void>;
}

let counter = 0;

export async function emptyDatabase(): Promise<EmptyDatabase> {
  const dataDir = mkdtempSync(join(TMP, `empty-${dbKind()}-`));
  let databaseUrl: string | undefined;
  let dropDb = async () => undefined as void;
  if (dbKind() === 'postgres') {
    const name = `facet_e_${process.pid}_${++counter}`;
    await adminSql(`CREATE DATABASE ${name}`);
    databaseUrl = withDatabase(process.env.TEST_DATABASE_URL!, name);
    dropDb = async () => void (await adminSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
  const config = configIn(dataDir, {
    databaseUrl,
    distDir: join(dataDir, 'no-dist'),
    demoLayerPx: TEST_LAYER_PX,
    demoCacheDir: demoCacheDir(),
  });
  return {
    config,
    env: { DATA_DIR: dataDir, ...(databaseUrl && { DATABASE_URL: databaseUrl }) },
    open: () => openDatabase(config),
    async drop() {
      await dropDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A server on a database the test opened (and still owns), for calls through `call()`. */
export async function serve(db: Db, config: Config): Promise<{ api: string; close(): Promise<void> }> {
  const app = await buildApp(config, db);
  const url = await listen(app);
  return { api: `${url}${config.apiPrefix}`, close: () => app.close() };
}
