// Tenancy matrix: each company's manager tries every call on the other's products, tags and
// information blocks; the Acme viewer tries every write. All refused, nothing leaked, nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call, form, type CallOptions } from '../support/http.ts';
import { expectRefused, ids, pngBytes, type Ids } from './products.fixtures.ts';

let s: TestServer;
let w: Ids;
let png: Buffer;
beforeAll(async () => {
  s = await startTestServer();
  w = await ids(s);
  png = await pngBytes();
});
afterAll(async () => {
  await s.close();
});

interface Side {
  customer: number;
  product: number;
  tag: number;
  description: number;
  asset: string;
  name: string;
}
type Case = [string, string, string, CallOptions, number[]];

async function side(customer: number, product: number, tag: number, description: number): Promise<Side> {
  const a = await s.db.one<{ path: string }>('SELECT path FROM product_assets WHERE product_id = $1 LIMIT 1', [product]);
  const p = await s.db.one<{ name: string }>('SELECT name FROM products WHERE id = $1', [product]);
  return { customer, product, tag, description, asset: a!.path, name: p!.name };
}

/** Every call, aimed at the victim's rows; `own` is the attacker's company where a call mixes both. */
function attacks(v: Side, own: Side): Case[] {
  const P = v.product;
  return [
    ['list', 'GET', '/gets/product/show', { query: { id_customer: v.customer } }, [403]],
    ['get', 'GET', '/gets/product', { query: { id_product: P, id_customer: v.customer } }, [403]],
    ['get (own company)', 'GET', '/gets/product', { query: { id_product: P, id_customer: own.customer } }, [404]],
    ['store', 'POST', '/posts/product/store', { body: { id_customer: v.customer, name: 'Intruder' } }, [403]],
    ['edit', 'PUT', '/puts/product/edit', { body: { id_product: P, name: 'Hacked' } }, [404]],
    ['delete', 'DELETE', '/deletes/product/squedule', { query: { id_product: P, id_customer: own.customer } }, [404]],
    [
      'delete (their company)',
      'DELETE',
      '/deletes/product/squedule',
      { query: { id_product: P, id_customer: v.customer } },
      [403],
    ],
    ['tag store', 'POST', '/posts/tag/store', { body: { id_customer: v.customer, name: 'intruder' } }, [403]],
    ['product tags', 'GET', '/gets/product/tag/all', { query: { id_product: P } }, [404]],
    ['tag attach', 'POST', '/posts/product/tag/store', { body: { id_product: P, id_tag: own.tag } }, [404]],
    ['tag attach (their tag)', 'POST', '/posts/product/tag/store', { body: { id_product: own.product, id_tag: v.tag } }, [404]],
    ['tag detach', 'DELETE', '/deletes/product/tag/delete', { query: { id_product: P, id_tag: v.tag } }, [404]],
    [
      'tag detach (their tag)',
      'DELETE',
      '/deletes/product/tag/delete',
      { query: { id_product: own.product, id_tag: v.tag } },
      [404],
    ],
    [
      'subcategory attach',
      'POST',
      '/posts/product/subcategories/store',
      { body: { id_product: P, id_customer: own.customer, id_product_subcategory: w.subcategory } },
      [404],
    ],
    [
      'subcategory attach (their company)',
      'POST',
      '/posts/product/subcategories/store',
      { body: { id_product: P, id_customer: v.customer, id_product_subcategory: w.subcategory } },
      [403],
    ],
    [
      'subcategory detach',
      'DELETE',
      '/deletes/product/subcategories/delete',
      { query: { id_product: P, id_customer: own.customer, id_product_subcategory: w.subcategory } },
      [404],
    ],
    [
      'image store',
      'POST',
      '/posts/product/resource/store',
      { form: form({ id_product: P }, { image: { name: 'a.png', bytes: png } }) },
      [404],
    ],
    ['assets', 'GET', '/gets/product/assets/show', { query: { id_product: P } }, [404]],
    [
      'asset store',
      'POST',
      '/posts/product/asset/store',
      { form: form({ id_product: P }, { file: { name: 'a.txt', bytes: Buffer.from('x') } }) },
      [404],
    ],
    ['asset delete', 'DELETE', '/deletes/product/asset/delete', { query: { id_product: P, file: v.asset } }, [404]],
    [
      'asset delete (via own product)',
      'DELETE',
      '/deletes/product/asset/delete',
      { query: { id_product: own.product, file: v.asset } },
      [404],
    ],
    ['descriptions', 'GET', '/gets/product/description/all/show', { query: { id_product: P, id_customer: own.customer } }, [404]],
    [
      'description store',
      'POST',
      '/posts/product/description/store',
      { body: { id_product: P, id_customer: own.customer, title: 'T', notes: 'N' } },
      [404],
    ],
    [
      'description edit',
      'PUT',
      '/puts/product/description/edit',
      { body: { id_product_description: v.description, id_product: P, id_customer: own.customer, title: 'T', notes: 'N' } },
      [404],
    ],
    [
      'description edit (via own product)',
      'PUT',
      '/puts/product/description/edit',
      {
        body: {
          id_product_description: v.description,
          id_product: own.product,
          id_customer: own.customer,
          title: 'T',
          notes: 'N',
        },
      },
      [404],
    ],
    [
      'description delete',
      'DELETE',
      '/deletes/product/description/delete',
      { query: { id_product_description: v.description, id_product: P, id_customer: v.customer } },
      [403],
    ],
    [
      'description delete (own company)',
      'DELETE',
      '/deletes/product/description/delete',
      { query: { id_product_description: v.description, id_product: own.product, id_customer: own.customer } },
      [404],
    ],
  ];
}

/** What a refused call must not have changed. */
async function footprint(c: number) {
  return s.db.query(
    `SELECT (SELECT count(*)::int FROM products WHERE customer_id = $1 AND deleted_at IS NULL) AS products,
            (SELECT max(updated_at) FROM products WHERE customer_id = $1) AS updated,
            (SELECT count(*)::int FROM tags WHERE customer_id = $1) AS tags,
            (SELECT count(*)::int FROM product_images i JOIN products p ON p.id = i.product_id WHERE p.customer_id = $1) AS images,
            (SELECT count(*)::int FROM product_assets a JOIN products p ON p.id = a.product_id WHERE p.customer_id = $1) AS assets,
            (SELECT string_agg(d.title || d.notes, '|' ORDER BY d.id) FROM product_descriptions d JOIN products p ON p.id = d.product_id WHERE p.customer_id = $1) AS descriptions`,
    [c],
  );
}

describe('cross-company access', () => {
  for (const dir of ['borealis on acme', 'acme on borealis'] as const) {
    it(`${dir}: every call refused, no other-company data in the answer`, async () => {
      const acme = await side(w.acme, w.acmeProduct, w.acmeTag, w.acmeDescription);
      const bor = await side(w.borealis, w.borProduct, w.borTag, w.borDescription);
      const [victim, attacker, token] = dir === 'borealis on acme' ? [acme, bor, w.tok.borealis] : [bor, acme, w.tok.acme];
      const before = await footprint(victim.customer);
      for (const [name, method, path, o, statuses] of attacks(victim, attacker)) {
        const r = await call(s, method, path, { ...o, token });
        expect.soft(statuses, `${name}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`).toContain(r.status);
        expectRefused(r, [403, 404], new RegExp(`ACM-|BOR-|${victim.name}`));
      }
      expect(await footprint(victim.customer)).toEqual(before);
    });
  }
});

describe('the Acme viewer (reader slugs only)', () => {
  it('is refused every write on Acme rows', async () => {
    const a = await side(w.acme, w.acmeProduct, w.acmeTag, w.acmeDescription);
    const before = await footprint(w.acme);
    const writes = attacks(a, a).filter(([, m]) => m !== 'GET');
    expect(writes.length).toBeGreaterThanOrEqual(18);
    for (const [name, method, path, o] of writes) {
      const r = await call(s, method, path, { ...o, token: w.tok.viewer });
      expect.soft(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(403);
      expectRefused(r, [403], /BOR-/);
    }
    expect(await footprint(w.acme)).toEqual(before);
  });

  it('may read, and only its own company', async () => {
    expect(
      (await call(s, 'GET', '/gets/product/tag/all', { token: w.tok.viewer, query: { id_product: w.acmeProduct } })).status,
    ).toBe(200);
    const r = await call(s, 'GET', '/gets/product/show', { token: w.tok.viewer, query: { id_customer: w.borealis } });
    expectRefused(r, [403]);
    const p = await call(s, 'GET', '/gets/product', {
      token: w.tok.viewer,
      query: { id_product: w.borProduct, id_customer: w.acme },
    });
    expectRefused(r, [403]);
    expectRefused(p, [404]);
  });
});
