// The real server on a demo database whose 'Acme Living' company holds `products` products, for
// the Chromium benches (bench:data, bench:web). It serves `distDir` as the portal. The database is
// PGlite, or the empty PostgreSQL database BENCH_DATABASE_URL names.
import { join } from 'node:path';
import { buildApp, type App } from '../../server/app.ts';
import { issueToken } from '../../server/auth/tokens.ts';
import { configIn } from '../../server/config.ts';
import { openPglite, openPostgres, type Db } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { seedLargeCatalog } from '../../server/db/seed-large.ts';
import { Storage } from '../../server/storage/files.ts';

export interface LargeCompany {
  app: App;
  db: Db;
  origin: string;
  /** Acme Living's id. */
  acme: number;
  /** A bearer secret for a demo account (no login, no rate limit). */
  tokenFor(email: string): Promise<string>;
  close(): Promise<void>;
}

export async function startLargeCompany(opts: {
  dir: string;
  distDir: string;
  products: number;
  log: (s: string) => void;
}): Promise<LargeCompany> {
  // BENCH_DATABASE_URL: an empty PostgreSQL database instead of the embedded one.
  const url = process.env.BENCH_DATABASE_URL;
  const db = url ? await openPostgres(url) : await openPglite();
  await migrate(db);
  await seedDemo(db, new Storage(join(opts.dir, 'storage')));
  const acme = (await db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
  const seeded = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM products WHERE customer_id = $1', [acme]))!.n;
  const t = Date.now();
  await seedLargeCatalog(db, acme, opts.products - seeded);
  opts.log(`seeded ${opts.products} products in ${Date.now() - t} ms`);
  const app = await buildApp(configIn(opts.dir, { distDir: opts.distDir }), db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  // Rows written in the last 2 s are re-sent by a delta (the server's settling time): let them settle.
  await new Promise((r) => setTimeout(r, 2500));
  return {
    app,
    db,
    origin,
    acme,
    async tokenFor(email) {
      const user = (await db.one<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))!.id;
      return (await issueToken(db, user)).split('|')[1]!;
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}
