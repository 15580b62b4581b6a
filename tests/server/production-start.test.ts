// A deployment's first start: SEED_DEMO unset with DATABASE_URL set (on PGlite, SEED_DEMO=false gives
// the same). The migrations bring the reference data, the demo accounts are not written, and a real
// company can register and work. Also: migration 012 on a database the old seed filled. Several
// processes migrating one new PostgreSQL database at once: migrate-together.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../src/api/contract/auth.ts';
import { catalog } from '../../src/api/contract/catalog.ts';
import { products } from '../../src/api/contract/products.ts';
import { SLUGS } from '../../src/api/contract/slugs.ts';
import { loadConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { prepareDatabase } from '../../server/db/prepare.ts';
import { emptyDatabase, serve, type EmptyDatabase } from '../support/empty-db.ts';
import { call, DEMO } from '../support/http.ts';
import { dbKind, startTestServer } from '../support/server.ts';
import { REFERENCE, referenceCounts } from './reference.fixtures.ts';

describe('a first start without the demo', () => {
  let empty: EmptyDatabase;
  let db: Db;
  let server: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    empty = await emptyDatabase();
    // What main.ts reads from such an environment: DATABASE_URL alone turns the demo off.
    const env = { ...empty.env, ...(dbKind() === 'pglite' && { SEED_DEMO: 'false' }) };
    const config = loadConfig(env, {
      distDir: empty.config.distDir,
      logger: false,
      authRateLimit: 1000,
      jobs: empty.config.jobs,
    });
    expect(config.seedDemo).toBe(false);
    db = await empty.open();
    expect(await prepareDatabase(db, config)).toEqual({ seeded: false });
    server = await serve(db, config);
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
    await empty?.drop();
  });

  it('writes no demo company, account or product: no demo account signs in', async () => {
    expect(
      await db.one(`SELECT (SELECT count(*)::int FROM customers) AS customers, (SELECT count(*)::int FROM users) AS users,
      (SELECT count(*)::int FROM products) AS products`),
    ).toEqual({ customers: 0, users: 0, products: 0 });
    for (const email of [DEMO.staff, DEMO.acme, DEMO.multi]) {
      const r = await call(server, auth.login.method, auth.login.path, { body: { email, password: DEMO.password } });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ success: false, message: 'Invalid email or password' });
    }
  });

  it('holds the reference data: one privilege per slug, the terms version, the tutorial, the categories', async () => {
    expect(await referenceCounts(db)).toEqual(REFERENCE);
    // Ids in the order of slugs.ts, as the role screen lists them.
    expect((await db.query<{ slug: string }>('SELECT slug FROM privileges ORDER BY id')).map((r) => r.slug)).toEqual([...SLUGS]);
    expect(await db.one(`SELECT value FROM settings WHERE key = 'terms_version'`)).toEqual({ value: '1' });
  });

  it('lets a real company register and find the terms version, categories and tutorial', async () => {
    const reg = await call(server, auth.registerCustomer.method, auth.registerCustomer.path, {
      body: { company: 'First Customer', username: 'Fiona', email: 'fiona@first.test', password: 'a-real-password' },
    });
    expect(reg.status).toBe(200);
    const token = (reg.body.token as string).split('|')[1];
    const terms = await call(server, auth.termsVersion.method, auth.termsVersion.path, { token });
    expect(terms.body).toEqual({ success: true, version: '1' });
    const cats = await call(server, catalog.productCategories.method, catalog.productCategories.path, { token });
    expect(cats.body.categories.map((c: { category: string }) => c.category)).toEqual([
      'Living Room',
      'Bedroom',
      'Dining',
      'Lighting',
      'Decor',
    ]);
    const tutorial = await call(server, products.tutorialWatched.method, products.tutorialWatched.path, {
      token,
      query: { slug: 'register-products' },
    });
    expect(tutorial.body.data).toEqual({ watched: false, tutorial: { url: '/tutorials/register-products.mp4' } });
  });
});

describe('migration 012 on a database the old seed filled', () => {
  it('applies without error and adds no second copy of a row', async () => {
    // The seeded snapshot holds the demo and the reference rows (the old seed wrote the same ones).
    const s = await startTestServer();
    try {
      const before = await referenceCounts(s.db);
      expect(before).toEqual(REFERENCE);
      await s.db.query(`DELETE FROM schema_migrations WHERE name = '012_reference_data.sql'`);
      expect(await migrate(s.db)).toEqual(['012_reference_data.sql']);
      expect(await referenceCounts(s.db)).toEqual(before);
      const login = await call(s, auth.login.method, auth.login.path, { body: { email: DEMO.acme, password: DEMO.password } });
      expect(login.status).toBe(200);
    } finally {
      await s.close();
    }
  });
});
