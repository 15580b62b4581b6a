// GET /gets/product/show, /gets/product and the Info section's read calls; the tutorial.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { instrument } from '../../bench/server/breakdown.ts';
import { call } from '../support/http.ts';
import { expectProductShape, ids, type Ids } from './products.fixtures.ts';
import { changeByHand } from '../support/by-hand.ts';
import { Value } from '@sinclair/typebox/value';
import type { TObject } from '@sinclair/typebox';
import { products } from '../../src/api/contract/products.ts';
import { productCodes } from '../../src/api/contract/rules/product.ts';

let s: TestServer;
let w: Ids;
beforeAll(async () => {
  s = await startTestServer();
  w = await ids(s);
});
afterAll(async () => {
  await s.close();
});

describe('GET /gets/product/show', () => {
  it("lists the company's live products, id descending, with what the catalogue filters on", async () => {
    const r = await call(s, 'GET', '/gets/product/show', { token: w.tok.viewer, query: { id_customer: w.acme } });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const list = r.body.products as Record<string, unknown>[];
    expect(list).toHaveLength(60);
    expect(list.map((p) => p.id)).toEqual([...list.map((p) => p.id as number)].sort((a, b) => b - a));
    expect(list.every((p) => String(p.sku).startsWith('ACM-') && p.id_customer === w.acme)).toBe(true);
    for (const p of list) expectProductShape(p, false);
    const first = list.find((p) => p.sku === 'ACM-1001')!;
    const db = await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM product_images WHERE product_id = $1', [first.id]);
    // ACM-1001 is the demo's first sofa (84 x 34 x 36 in, 5 % wider), in centimetres.
    expect(first).toMatchObject({
      name: expect.stringMatching(/ Sofa$/),
      automation_system: 1,
      cancelable_as: 0,
      measure: 'cm',
      height: '86.4',
      width: '224',
      depth: '100.6',
    });
    expect(first.images).toHaveLength(db!.n);
    expect((first.subcategories as number[]).length).toBe(1);
    expect((first.categories as unknown[]).length).toBe(1);
    expect(first.descriptions).toBeUndefined();
  });

  it('answers exactly its schema, whole, as a delta and in pages (written with JSON.stringify: nothing is stripped for it)', async () => {
    const schema = products.list.response as unknown as TObject;
    const rowKeys = Object.keys((schema.properties.products as unknown as { items: TObject }).items.properties);
    const get = async (query: Record<string, unknown>) => {
      const r = await call(s, 'GET', '/gets/product/show', { token: w.tok.viewer, query: { id_customer: w.acme, ...query } });
      expect(r.status).toBe(200);
      expect([...Value.Errors(schema, r.body)].map((e) => `${e.path} ${e.message}`)).toEqual([]);
      expect(
        Object.keys(r.body).every((k) => k in schema.properties),
        Object.keys(r.body).join(),
      ).toBe(true);
      for (const p of r.body.products as Record<string, unknown>[]) expect(Object.keys(p).sort()).toEqual([...rowKeys].sort());
      return r.body as { products: { id: number }[]; bounds?: number[]; next?: number };
    };
    const whole = await get({});
    await get({ updated_since: '2000-01-01T00:00:00.000Z' });
    const first = await get({ limit: 20 });
    expect(first.products.map((p) => p.id)).toEqual(whole.products.slice(0, 20).map((p) => p.id));
    const range = await get({ limit: 20, before: first.next, from: first.bounds![0] });
    expect(range.products.map((p) => p.id)).toEqual(whole.products.slice(20, 40).map((p) => p.id));
  });

  it('gives staff with -1 every company, and a company on request', async () => {
    const all = await call(s, 'GET', '/gets/product/show', { token: w.tok.staff, query: { id_customer: -1 } });
    expect(all.status).toBe(200);
    expect(all.body.products).toHaveLength(120);
    const bor = await call(s, 'GET', '/gets/product/show', { token: w.tok.staff, query: { id_customer: w.borealis } });
    expect(bor.body.products.every((p: { sku: string }) => p.sku.startsWith('BOR-'))).toBe(true);
  });

  it('drops deleted products', async () => {
    await changeByHand(s.db, `UPDATE products SET deleted_at = now() WHERE sku = 'ACM-1060'`);
    const r = await call(s, 'GET', '/gets/product/show', { token: w.tok.acme, query: { id_customer: w.acme } });
    expect(r.body.products).toHaveLength(59);
    expect(r.body.products.some((p: { sku: string }) => p.sku === 'ACM-1060')).toBe(false);
  });

  it('answers 10,000 products with a fixed number of queries (no query per product)', async () => {
    const c = await s.db.one<{ id: number }>(`INSERT INTO customers (name) VALUES ('Big Co') RETURNING id`);
    await s.db.query(
      `INSERT INTO products (customer_id, sku, name) SELECT $1, 'BIG-' || g, 'Big ' || g FROM generate_series(1, 10000) g`,
      [c!.id],
    );
    await s.db.query(
      `INSERT INTO product_images (product_id, path) SELECT id, 'products/' || customer_id || '/' || id || '/a.png' FROM products WHERE customer_id = $1`,
      [c!.id],
    );
    await s.db.query(
      `INSERT INTO product_subcategory_links (product_id, subcategory_id) SELECT id, $2 FROM products WHERE customer_id = $1`,
      [c!.id, w.subcategory],
    );
    // Speed is measured in bench:server; here, the shape of the work: a handful of queries, however many rows.
    const { tallies, restore } = instrument(s.db);
    const r = await call(s, 'GET', '/gets/product/show', { token: w.tok.staff, query: { id_customer: c!.id } }).finally(restore);
    // (the process's heartbeat, migration 009, may tick meanwhile: it is not this request's)
    const queries = [...tallies].filter(([name]) => !name.endsWith('server_instances')).reduce((n, [, t]) => n + t.count, 0);
    expect(r.status).toBe(200);
    expect(r.body.products).toHaveLength(10000);
    expect(r.body.products[0]).toMatchObject({
      sku: 'BIG-10000',
      subcategories: [w.subcategory],
      images: [expect.stringMatching(/a\.png$/)],
    });
    expect(queries).toBeGreaterThan(0);
    expect(queries).toBeLessThanOrEqual(8); // the caller (first use of the token), the company, the list and its version
  });
});

describe('GET /gets/product and the Info reads', () => {
  it('returns the full product: tags, descriptions, files', async () => {
    const r = await call(s, 'GET', '/gets/product', {
      token: w.tok.viewer,
      query: { id_product: w.acmeProduct, id_customer: w.acme },
    });
    expect(r.status).toBe(200);
    const p = r.body.product;
    expectProductShape(p, true);
    expect(p).toMatchObject({ id: w.acmeProduct, sku: 'ACM-1001', id_customer: w.acme });
    expect(p.descriptions).toEqual([
      { id: w.acmeDescription, title: 'Description', notes: 'Deep seat with removable, washable cushion covers.' },
    ]);
    expect(p.files).toHaveLength(1);
    expect(p.files[0]).toMatch(new RegExp(`^products/${w.acme}/${w.acmeProduct}/files/[\\w-]+\\.txt$`));
    expect(p.tags.length).toBeGreaterThan(0);
  });

  it('lists tags, assets and descriptions as the product holds them', async () => {
    const q = { id_product: w.acmeProduct };
    const tags = await call(s, 'GET', '/gets/product/tag/all', { token: w.tok.viewer, query: q });
    const rows = await s.db.query<{ id: number; name: string }>(
      'SELECT t.id, t.name FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = $1 ORDER BY t.name',
      [w.acmeProduct],
    );
    expect(tags.body).toEqual({ success: true, tags: rows });
    const files = await call(s, 'GET', '/gets/product/assets/show', { token: w.tok.viewer, query: q });
    expect(files.body.success).toBe(true);
    expect(files.body.files).toEqual(
      (await call(s, 'GET', '/gets/product', { token: w.tok.viewer, query: { ...q, id_customer: w.acme } })).body.product.files,
    );
    const d = await call(s, 'GET', '/gets/product/description/all/show', {
      token: w.tok.viewer,
      query: { ...q, id_customer: w.acme },
    });
    expect(d.body).toEqual({
      success: true,
      descriptions: [{ id: w.acmeDescription, title: 'Description', notes: expect.any(String) }],
    });
  });

  it('answers 404 for an unknown or deleted product', async () => {
    const r = await call(s, 'GET', '/gets/product', { token: w.tok.acme, query: { id_product: 999999, id_customer: w.acme } });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, message: 'Product not found.', code: productCodes.gone });
    const gone = await s.db.one<{ id: number }>(`SELECT id FROM products WHERE sku = 'ACM-1060'`);
    expect((await call(s, 'GET', '/gets/product/tag/all', { token: w.tok.acme, query: { id_product: gone!.id } })).status).toBe(
      404,
    );
  });
});

describe('/user/tutorial/watched', () => {
  it('is unwatched, then watched once posted, per user', async () => {
    const before = await call(s, 'GET', '/user/tutorial/watched', { token: w.tok.acme, query: { slug: 'register-products' } });
    expect(before.body).toEqual({
      success: true,
      data: { watched: false, tutorial: { url: '/tutorials/register-products.mp4' } },
    });
    const post = await call(s, 'POST', '/user/tutorial/watched', { token: w.tok.acme, body: { slug: 'register-products' } });
    expect(post.body).toEqual({ success: true });
    expect(
      (await call(s, 'POST', '/user/tutorial/watched', { token: w.tok.acme, body: { slug: 'register-products' } })).status,
    ).toBe(200);
    const after = await call(s, 'GET', '/user/tutorial/watched', { token: w.tok.acme, query: { slug: 'register-products' } });
    expect(after.body.data.watched).toBe(true);
    const other = await call(s, 'GET', '/user/tutorial/watched', { token: w.tok.borealis, query: { slug: 'register-products' } });
    expect(other.body.data.watched).toBe(false);
  });

  it('answers 404 for an unknown slug and 401 without a token', async () => {
    for (const r of [
      await call(s, 'GET', '/user/tutorial/watched', { token: w.tok.acme, query: { slug: 'nope' } }),
      await call(s, 'POST', '/user/tutorial/watched', { token: w.tok.acme, body: { slug: 'nope' } }),
    ])
      expect(r).toMatchObject({ status: 404, body: { success: false, message: 'Tutorial not found.' } });
    expect((await call(s, 'GET', '/user/tutorial/watched', { query: { slug: 'register-products' } })).status).toBe(401);
  });
});

describe('the versioned list cache', () => {
  it('answers 304 for the current version and a fresh body after any change', async () => {
    const token = await s.tokenFor('manager@acme.test');
    const acme = (await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
    const first = await call(s, 'GET', '/gets/product/show', { token, query: { id_customer: acme } });
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^W\/"products\./);
    // no-store: no browser cache may answer for the server (Firefox served stored 200s offline).
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const again = await call(s, 'GET', '/gets/product/show', {
      token,
      query: { id_customer: acme },
      headers: { 'if-none-match': tag },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('private, no-store');
    const cached = await call(s, 'GET', '/gets/product/show', { token, query: { id_customer: acme } });
    expect(cached.body).toEqual(first.body);
    const id = first.body.products[0].id;
    await call(s, 'PUT', '/puts/product/edit', { token, body: { id_product: id, name: 'Renamed by the cache test' } });
    const after = await call(s, 'GET', '/gets/product/show', {
      token,
      query: { id_customer: acme },
      headers: { 'if-none-match': tag },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(tag);
    expect(after.body.products.find((p: { id: number }) => p.id === id).name).toBe('Renamed by the cache test');
  });

  it('answers every other API GET with no-store and a payload ETag that a matching If-None-Match turns into 304', async () => {
    const token = await s.tokenFor('manager@acme.test');
    const first = await call(s, 'GET', '/gets/customers/all/show', { token });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^W\//);
    const again = await call(s, 'GET', '/gets/customers/all/show', { token, headers: { 'if-none-match': tag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('private, no-store');
  });
});
