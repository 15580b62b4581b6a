// Document 2 §7 "Catalogue data": companies, template categories and templates, product taxonomy, product tags.
import { PRODUCT_TAGS } from '../../server/db/seed-kinds.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { BIG, expectTemplate, refused, world, type World } from './templates.fixtures.ts';

let s: TestServer;
let w: World;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
});
afterAll(async () => {
  await s.close();
});

describe('GET /gets/customers/all/show', () => {
  it('gives staff every company and others the companies they belong to', async () => {
    const staff = await call(s, 'GET', '/gets/customers/all/show', { token: w.tok.staff });
    expect(staff.status).toBe(200);
    expect(Object.keys(staff.body).sort()).toEqual(['customers', 'success']);
    const count = (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM customers'))!.n;
    expect(staff.body.customers).toHaveLength(count);
    // products_allowed is our extension (onlyOneProduct); the seed allows a million.
    const ACME = { id: w.acme, company: 'Acme Living', products_allowed: 1_000_000 };
    const BOREALIS = { id: w.borealis, company: 'Borealis Home', products_allowed: 1_000_000 };
    expect(staff.body.customers).toEqual(expect.arrayContaining([ACME, BOREALIS]));
    const acme = await call(s, 'GET', '/gets/customers/all/show', { token: w.tok.acme });
    expect(acme.body).toEqual({ success: true, customers: [ACME] });
    expect((await call(s, 'GET', '/gets/customers/all/show', { token: w.tok.viewer })).body.customers).toEqual([ACME]);
    const bor = await call(s, 'GET', '/gets/customers/all/show', { token: w.tok.borealis });
    expect(bor.body.customers).toEqual([BOREALIS]);
    expect(JSON.stringify(bor.body)).not.toContain('Acme');
    expect((await call(s, 'GET', '/gets/customers/all/show', { token: w.tok.multi })).body.customers).toHaveLength(2);
  });
  it('needs a token', async () => refused(await call(s, 'GET', '/gets/customers/all/show'), 401));
});

describe('GET /gets/roomsets/templates/categories/show', () => {
  it('lists the ambients as {id, category}', async () => {
    const r = await call(s, 'GET', '/gets/roomsets/templates/categories/show', { token: w.tok.noslug });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['categories', 'success']);
    const ambients = (await call(s, 'GET', '/template/ambient/get_all', { token: w.tok.acme })).body.ambients as {
      id: number;
      name: string;
    }[];
    expect(r.body.categories).toHaveLength(8);
    expect(r.body.categories).toEqual(ambients.map((a) => ({ id: a.id, category: a.name })));
  });
  it('needs a token', async () => refused(await call(s, 'GET', '/gets/roomsets/templates/categories/show'), 401));
});

describe('GET /gets/roomsets/templates/show', () => {
  it('lists the templates the company sees, exactly as /template/get_all does', async () => {
    const r = await call(s, 'GET', '/gets/roomsets/templates/show', {
      token: w.tok.borealis,
      query: { id_customer: w.borealis },
    });
    expect(r.status).toBe(200);
    // cursor and deleted are the server's delta-sync extension (see server/domain/delta.ts).
    expect(
      Object.keys(r.body)
        .filter((k) => k !== 'cursor' && k !== 'deleted')
        .sort(),
    ).toEqual(['success', 'templates']);
    expect(r.body.templates).toHaveLength(40);
    r.body.templates.forEach(expectTemplate);
    expect(JSON.stringify(r.body)).not.toContain('Acme Room');
    expect(r.body.templates.filter((t: { name: string }) => t.name.startsWith('Borealis Room'))).toHaveLength(20);
    const same = await call(s, 'GET', '/template/get_all', { token: w.tok.borealis, query: { id_customer: w.borealis } });
    expect(r.body.templates).toEqual(same.body.templates);
    const all = await call(s, 'GET', '/gets/roomsets/templates/show', { token: w.tok.staff, query: { id_customer: -1 } });
    expect(all.body.templates).toHaveLength(60);
  });

  it.each([
    ['another company', 'acme', 'borealis', 403],
    ['the provider context as a customer', 'borealis', -1, 403],
    ['a user without reader-template-access', 'noslug', 'acme', 403],
  ] as const)('refuses %s', async (_what, who, customer, status) => {
    const id_customer = customer === 'acme' ? w.acme : customer === 'borealis' ? w.borealis : customer;
    const r = await call(s, 'GET', '/gets/roomsets/templates/show', { token: w.tok[who], query: { id_customer } });
    refused(r, status);
    expect(JSON.stringify(r.body)).not.toMatch(/Room \d|Studio Scene/);
  });

  it.each([
    ['missing id_customer', {}],
    ['a word', { id_customer: 'x' }],
    ['a long value', { id_customer: BIG.slice(0, 8000) }],
  ])('refuses %s with 422', async (_what, query) =>
    refused(await call(s, 'GET', '/gets/roomsets/templates/show', { token: w.tok.acme, query }), 422),
  );
});

describe('GET /gets/product/categories/show', () => {
  it('lists the global categories with their subcategories', async () => {
    const r = await call(s, 'GET', '/gets/product/categories/show', { token: w.tok.noslug });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['categories', 'success']);
    const cats = r.body.categories as { id: number; category: string; subcategories: { id: number; subcategory: string }[] }[];
    expect(cats.map((c) => c.category)).toEqual(['Living Room', 'Bedroom', 'Dining', 'Lighting', 'Decor']);
    expect(cats.map((c) => c.subcategories.length)).toEqual([4, 3, 3, 3, 3]);
    for (const c of cats) {
      expect(Object.keys(c).sort()).toEqual(['category', 'id', 'subcategories']);
      for (const sub of c.subcategories) expect(Object.keys(sub).sort()).toEqual(['id', 'subcategory']);
    }
    expect(cats[0]!.subcategories.map((x) => x.subcategory)).toEqual(['Sofas', 'Armchairs', 'Coffee Tables', 'TV Stands']);
    const owner = await s.db.one<{ category_id: number }>('SELECT category_id FROM product_subcategories WHERE id = $1', [
      cats[2]!.subcategories[0]!.id,
    ]);
    expect(owner!.category_id).toBe(cats[2]!.id);
  });
  it('needs a token', async () => refused(await call(s, 'GET', '/gets/product/categories/show'), 401));
});

describe('GET /gets/tags/show', () => {
  const tagIds = async (customer: number) =>
    (await s.db.query<{ id: number }>('SELECT id FROM tags WHERE customer_id = $1', [customer]))
      .map((r) => r.id)
      .sort((a, b) => a - b);
  const ids = (tags: { id: number }[]) => tags.map((t) => t.id).sort((a, b) => a - b);

  it("lists only the company's own product tags, to readers too", async () => {
    const r = await call(s, 'GET', '/gets/tags/show', { token: w.tok.viewer, query: { id_customer: w.acme } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['success', 'tags']);
    expect(r.body.tags).toHaveLength(PRODUCT_TAGS.length);
    for (const t of r.body.tags) expect(Object.keys(t).sort()).toEqual(['id', 'name']);
    expect(ids(r.body.tags)).toEqual(await tagIds(w.acme));
    expect(r.body.tags.map((t: { name: string }) => t.name)).toContain('bestseller');
    const bor = await call(s, 'GET', '/gets/tags/show', { token: w.tok.borealis, query: { id_customer: w.borealis } });
    expect(ids(bor.body.tags)).toEqual(await tagIds(w.borealis));
    const all = await call(s, 'GET', '/gets/tags/show', { token: w.tok.staff, query: { id_customer: -1 } });
    expect(all.body.tags).toHaveLength(2 * PRODUCT_TAGS.length);
  });

  it.each([
    ['another company', 'borealis', 'acme'],
    ['the provider context as a customer', 'acme', -1],
    ['a user without an info slug', 'noslug', 'acme'],
  ] as const)('refuses %s with 403', async (_what, who, customer) => {
    const r = await call(s, 'GET', '/gets/tags/show', {
      token: w.tok[who],
      query: { id_customer: customer === 'acme' ? w.acme : customer },
    });
    refused(r, 403);
    expect(JSON.stringify(r.body)).not.toMatch(/bestseller|walnut|"tags"/);
  });

  it.each([
    ['missing id_customer', {}],
    ['a word', { id_customer: 'x' }],
    ['-2', { id_customer: -2 }],
  ])('refuses %s with 422', async (_what, query) =>
    refused(await call(s, 'GET', '/gets/tags/show', { token: w.tok.acme, query }), 422),
  );
});
