// The server under test for `npm run bench:server`, in a process of its own (the load generator
// runs in the parent, so the two do not share an event loop). Seeds a demo database with a 10,000-
// product company, measures a request's query breakdown in-process, then listens and prints one
// line `READY {json}` for the parent. Stops on SIGTERM. With BENCH_ATTACH_DATABASE_URL it seeds nothing
// and measures nothing: a second server process on the first one's PostgreSQL database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { issueToken } from '../../server/auth/tokens.ts';
import { configIn } from '../../server/config.ts';
import { openPglite, openPostgres, type Db } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { seedLargeCatalog } from '../../server/db/seed-large.ts';
import { listProducts } from '../../server/domain/products.ts';
import { Storage } from '../../server/storage/files.ts';
import { breakdown } from './breakdown.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const attach = process.env.BENCH_ATTACH_DATABASE_URL;

async function open(): Promise<{ db: Db; url?: string; drop: () => Promise<void> }> {
  if (attach) return { db: await openPostgres(attach), url: attach, drop: async () => undefined };
  if (kind === 'pglite') return { db: await openPglite(), drop: async () => undefined };
  const name = `facet_bench_${process.pid}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl!);
  u.pathname = `/${name}`;
  return {
    db: await openPostgres(u.toString()),
    url: u.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The list query itself, with no cache in front (what a version change costs once). */
async function coldListMs(db: Db, customerId: number) {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await listProducts(db, customerId);
    times.push(Math.round(performance.now() - t));
  }
  return Math.min(...times);
}

const acmeId = async () => (await db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
const dir = mkdtempSync(join(tmpdir(), 'facet-bench-'));
const { db, url, drop } = await open();
const config = configIn(dir, { distDir: join(dir, 'none') });
let ready: Record<string, unknown> = { kind, database_url: url };
if (!attach) {
  await migrate(db);
  await seedDemo(db, new Storage(join(dir, 'storage')));
  await seedLargeCatalog(db, await acmeId(), PRODUCTS - 60);
  await db.exec('ANALYZE');
}
const app = await buildApp(config, db);
if (!attach) {
  const acme = await acmeId();
  const user = (await db.one<{ id: number }>(`SELECT id FROM users WHERE email = 'manager@acme.test'`))!.id;
  const token = (await issueToken(db, user)).split('|')[1]!;
  const one = (await db.one<{ id: number }>('SELECT max(id) AS id FROM products WHERE customer_id = $1', [acme]))!.id;
  const paths = {
    product: `/backend/gets/product?id_product=${one}&id_customer=${acme}`,
    user: '/backend/api/user',
    list: `/backend/gets/product/show?id_customer=${acme}`,
  };
  const breakdowns = {
    single_product: await breakdown(app, db, paths.product, token),
    current_user: await breakdown(app, db, paths.user, token),
  };
  ready = { ...ready, token, paths, breakdowns, product_list_10k_cold_ms: await coldListMs(db, acme) };
}
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await app.close();
  await db.close();
  await drop();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
console.log(`READY ${JSON.stringify({ ...ready, base: `http://127.0.0.1:${port}` })}`);
