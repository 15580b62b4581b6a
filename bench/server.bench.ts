// `npm run bench:server`: req/s and latency of the product list (10,000 products) and of one
// product, with autocannon on loopback, on PGlite and (when a URL is given) PostgreSQL.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { configIn } from '../server/config.ts';
import { openPglite, openPostgres, type Db } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedDemo } from '../server/db/seed.ts';
import { seedLargeCatalog } from '../server/db/seed-large.ts';
import { issueToken } from '../server/auth/tokens.ts';
import { Storage } from '../server/storage/files.ts';
import { listProducts } from '../server/domain/products.ts';

const PRODUCTS = 10_000;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

async function openBenchDb(kind: 'pglite' | 'postgres', url?: string): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (kind === 'pglite') return { db: await openPglite(), drop: async () => undefined };
  const name = `facet_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url!);
  u.pathname = `/${name}`;
  const db = await openPostgres(u.toString());
  return {
    db,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function measure(url: string, token: string, extra: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: 10, duration: DURATION, headers: { authorization: `Bearer ${token}`, ...extra } });
  return {
    requests_per_sec: Math.round(r.requests.average),
    latency_ms: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
    bytes_per_response: Math.round(r.throughput.average / Math.max(1, r.requests.average)),
    non_2xx: r.non2xx,
    errors: r.errors,
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

async function run(kind: 'pglite' | 'postgres', pgUrl?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'facet-bench-'));
  const { db, drop } = await openBenchDb(kind, pgUrl);
  try {
    await migrate(db);
    await seedDemo(db, new Storage(join(dir, 'storage')));
    const acme = (await db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
    await seedLargeCatalog(db, acme, PRODUCTS - 60);
    const app = await buildApp(configIn(dir, { distDir: join(dir, 'none') }), db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const user = (await db.one<{ id: number }>(`SELECT id FROM users WHERE email = 'manager@acme.test'`))!.id;
    const token = (await issueToken(db, user)).split('|')[1]!;
    const one = (await db.one<{ id: number }>('SELECT max(id) AS id FROM products WHERE customer_id = $1', [acme]))!.id;
    const base = `http://127.0.0.1:${port}/backend`;
    const result = {
      product_list_10k: await measure(`${base}/gets/product/show?id_customer=${acme}`, token),
      product_list_10k_gzip: await measure(`${base}/gets/product/show?id_customer=${acme}`, token, { 'accept-encoding': 'gzip' }),
      product_list_10k_cold_ms: await coldListMs(db, acme),
      single_product: await measure(`${base}/gets/product?id_product=${one}&id_customer=${acme}`, token),
    };
    await app.close();
    return result;
  } finally {
    await db.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const out: Record<string, unknown> = { when: new Date().toISOString(), products: PRODUCTS, seconds_per_run: DURATION, connections: 10 };
out.pglite = await run('pglite');
if (pgUrl) out.postgres = await run('postgres', pgUrl);
else out.postgres = 'skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL';
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/server.json', `${JSON.stringify(out, null, 2)}\n`);
console.log(JSON.stringify(out, null, 2));
