// A real Facet server for one test file: its own copy of the seeded database and files.
import { cpSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, type App, type AppOptions } from '../../server/app.ts';
import { configIn, type Config } from '../../server/config.ts';
import { openPglite, openPostgres, type Db } from '../../server/db/index.ts';
import { issueToken } from '../../server/auth/tokens.ts';
import { TEST_LAYER_PX, TMP, adminSql, demoCacheDir, snapshotDir, templateDb, withDatabase } from './seed-snapshot.ts';

export type DbKind = 'pglite' | 'postgres';
export const dbKind = (): DbKind => (process.env.FACET_TEST_DB === 'postgres' ? 'postgres' : 'pglite');

export interface TestServer {
  app: App;
  db: Db;
  url: string;
  api: string;
  config: Config;
  /** A bearer secret for a demo account, made without going through login (no rate limit). */
  tokenFor(email: string): Promise<string>;
  /**
   * A second server on the same database, as a second process would be (its own connections on
   * PostgreSQL); overrides give it another configuration (a proxy setting, a limit).
   */
  twin(overrides?: Partial<Config>): Promise<{ url: string; api: string; close(): Promise<void> }>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * A server on a copy of the seeded snapshot of its layer size: TEST_LAYER_PX unless overrides name
 * another demoLayerPx (that snapshot must have been made: ensureSnapshot(kind, px)).
 */
export async function startTestServer(overrides: Partial<Config> = {}, options: AppOptions = {}): Promise<TestServer> {
  const kind = dbKind();
  const px = overrides.demoLayerPx ?? TEST_LAYER_PX;
  const dataDir = mkdtempSync(join(TMP, `srv-${kind}-`));
  linkTree(join(snapshotDir(kind, px), 'storage'), join(dataDir, 'storage'));
  let db: Db;
  let dropDb = async () => undefined as void;
  let openAgain = async () => db;
  if (kind === 'pglite') {
    db = await openPglite({ loadDataDir: new Blob([readFileSync(join(snapshotDir(kind, px), 'db.tar'))]) });
  } else {
    const copy = await copySeededPostgres(px);
    db = await openPostgres(copy.url);
    openAgain = () => openPostgres(copy.url);
    dropDb = copy.drop;
  }
  const config = configIn(dataDir, {
    distDir: join(dataDir, 'no-dist'),
    demoCacheDir: demoCacheDir(),
    demoLayerPx: px,
    ...overrides,
  });
  const app = await buildApp(config, db, options);
  const url = await listen(app);
  // The portal's address is this server's own (a port of its own), unless a test names one: e-mailed
  // links and embed codes (built from PUBLIC_URL) then open here.
  if (!overrides.publicUrl) config.publicUrl = url;
  const twins: (() => Promise<void>)[] = [];
  return {
    app,
    db,
    url,
    config,
    api: `${url}${config.apiPrefix}`,
    async tokenFor(email) {
      const u = await db.one<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
      if (!u) throw new Error(`No demo user ${email}`);
      return (await issueToken(db, u.id)).split('|')[1]!;
    },
    async twin(overrides = {}) {
      // PGlite is one process's database: its twin shares the same instance.
      const db2 = await openAgain();
      const app2 = await buildApp({ ...config, ...overrides }, db2, options);
      const url2 = await listen(app2);
      const close = async () => {
        await app2.close();
        if (db2 !== db) await db2.close();
      };
      twins.push(close);
      return { url: url2, api: `${url2}${config.apiPrefix}`, close };
    },
    async close() {
      for (const c of twins) await c().catch(() => undefined);
      await app.close();
      await db.close();
      await dropDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The database of a seeded server process: on PostgreSQL a copy of its own (DATABASE_URL), to drop after. */
export async function processDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (dbKind() !== 'postgres') return { env: {}, drop: async () => undefined };
  const copy = await copySeededPostgres();
  return { env: { DATABASE_URL: copy.url }, drop: copy.drop };
}

/** A server process's data folder holding the seeded files and, on PGlite, a copy of the seeded database. */
export async function seedDataDir(dataDir: string): Promise<void> {
  const kind = dbKind();
  if (kind === 'pglite') {
    const db = await openPglite({ dataDir, loadDataDir: new Blob([readFileSync(join(snapshotDir(kind), 'db.tar'))]) });
    await db.close();
  }
  linkTree(join(snapshotDir(kind), 'storage'), join(dataDir, 'storage'));
}

/**
 * The seeded files, hard-linked rather than copied (2,000 files: seconds of a file's start-up).
 * Safe because storage never writes into an existing file: it writes aside and renames.
 */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) {
    const [src, dst] = [join(from, e.name), join(to, e.name)];
    if (e.isDirectory()) linkTree(src, dst);
    else {
      try {
        linkSync(src, dst);
      } catch {
        cpSync(src, dst); // another file system
      }
    }
  }
}

/** A PostgreSQL database of this test file's own, copied from the seeded template (of `px`-pixel layers). */
export async function copySeededPostgres(px = TEST_LAYER_PX): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `facet_t_${process.pid}_${++counter}`;
  await adminSql(`CREATE DATABASE ${name} TEMPLATE ${templateDb(px)}`);
  return {
    url: withDatabase(process.env.TEST_DATABASE_URL!, name),
    drop: async () => void (await adminSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

/** Listens on a free loopback port; the server's address. */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
