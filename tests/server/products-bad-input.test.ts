// Bad input for every product call: missing fields, wrong types, huge strings, unknown ids,
// lying or dangerous uploads. Always a 4xx {success:false, message}, never a 5xx.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call, form, type CallOptions } from '../support/http.ts';
import { BIG, expectRefused, ids, newProduct, PDF, pngBytes, upload, type Ids } from './products.fixtures.ts';

let s: TestServer;
let w: Ids;
let png: Buffer;
let P: number;
beforeAll(async () => {
  s = await startTestServer();
  w = await ids(s);
  png = await pngBytes();
  P = (await newProduct(s, w.tok.acme, w.acme)).id;
});
afterAll(async () => {
  await s.close();
});

// Node refuses request lines over 16 kB before Fastify sees them, so query strings get 10 kB.
const BIGQ = 'x'.repeat(10 * 1024);
const NOTE201 = 'n'.repeat(201);
type Case = [string, string, string, CallOptions, number];

function cases(): Case[] {
  const c = w.acme;
  const file = (f: string, name: string, bytes: Uint8Array, id: number | string = P): CallOptions => ({
    form: form({ id_product: id }, { [f]: { name, bytes } }),
  });
  return [
    ['list: no id_customer', 'GET', '/gets/product/show', {}, 422],
    ['list: id_customer text', 'GET', '/gets/product/show', { query: { id_customer: 'abc' } }, 422],
    ['list: id_customer huge', 'GET', '/gets/product/show', { query: { id_customer: BIGQ } }, 422],
    ['list: unknown company', 'GET', '/gets/product/show', { query: { id_customer: 999999 } }, 403],
    ['get: no id_product', 'GET', '/gets/product', { query: { id_customer: c } }, 422],
    ['get: id_product 1.5', 'GET', '/gets/product', { query: { id_product: 1.5, id_customer: c } }, 422],
    ['get: id_product 0', 'GET', '/gets/product', { query: { id_product: 0, id_customer: c } }, 422],
    ['get: unknown product', 'GET', '/gets/product', { query: { id_product: 999999, id_customer: c } }, 404],
    ['store: empty body', 'POST', '/posts/product/store', { body: {} }, 422],
    ['store: a JSON string', 'POST', '/posts/product/store', { body: 'just text' }, 422],
    ['store: id_customer text', 'POST', '/posts/product/store', { body: { id_customer: 'acme', name: 'A' } }, 422],
    ['store: name object', 'POST', '/posts/product/store', { body: { id_customer: c, name: { a: 1 } } }, 422],
    ['store: name 100 kB', 'POST', '/posts/product/store', { body: { id_customer: c, name: BIG } }, 422],
    ['store: sku 100 kB', 'POST', '/posts/product/store', { body: { id_customer: c, sku: BIG } }, 422],
    ['store: note 201', 'POST', '/posts/product/store', { body: { id_customer: c, name: 'A', note: NOTE201 } }, 422],
    ['store: measure yd', 'POST', '/posts/product/store', { body: { id_customer: c, name: 'A', measure: 'yd' } }, 422],
    ['store: automation 2', 'POST', '/posts/product/store', { body: { id_customer: c, name: 'A', automation_system: 2 } }, 422],
    [
      'store: automation yes',
      'POST',
      '/posts/product/store',
      { body: { id_customer: c, name: 'A', automation_system: 'yes' } },
      422,
    ],
    ['store: provider context', 'POST', '/posts/product/store', { body: { id_customer: -1, name: 'A' } }, 422],
    ['edit: no id_product', 'PUT', '/puts/product/edit', { body: { name: 'A' } }, 422],
    ['edit: unknown product', 'PUT', '/puts/product/edit', { body: { id_product: 999999, name: 'A' } }, 404],
    ['edit: note 201', 'PUT', '/puts/product/edit', { body: { id_product: P, note: NOTE201 } }, 422],
    ['edit: finish 100 kB', 'PUT', '/puts/product/edit', { body: { id_product: P, finish: BIG } }, 422],
    [
      'edit: updated_at garbage',
      'PUT',
      '/puts/product/edit',
      { body: { id_product: P, name: 'A', updated_at: 'yesterday' } },
      422,
    ],
    ['edit: updated_at 100 kB', 'PUT', '/puts/product/edit', { body: { id_product: P, updated_at: BIG } }, 422],
    ['edit: measure number', 'PUT', '/puts/product/edit', { body: { id_product: P, measure: 5 } }, 422],
    ['delete: unknown product', 'DELETE', '/deletes/product/squedule', { query: { id_product: 999999, id_customer: c } }, 404],
    ['delete: no id_customer', 'DELETE', '/deletes/product/squedule', { query: { id_product: P } }, 422],
    ['tag store: blank name', 'POST', '/posts/tag/store', { body: { id_customer: c, name: '   ' } }, 422],
    ['tag store: no name', 'POST', '/posts/tag/store', { body: { id_customer: c } }, 422],
    ['tag store: name 100 kB', 'POST', '/posts/tag/store', { body: { id_customer: c, name: BIG } }, 422],
    ['tags: id_product text', 'GET', '/gets/product/tag/all', { query: { id_product: 'x' } }, 422],
    ['tag attach: unknown tag', 'POST', '/posts/product/tag/store', { body: { id_product: P, id_tag: 999999 } }, 404],
    ['tag attach: no id_tag', 'POST', '/posts/product/tag/store', { body: { id_product: P } }, 422],
    ['tag attach: unknown product', 'POST', '/posts/product/tag/store', { body: { id_product: 999999, id_tag: w.acmeTag } }, 404],
    ['tag detach: id_tag text', 'DELETE', '/deletes/product/tag/delete', { query: { id_product: P, id_tag: 'x' } }, 422],
    ['subcategory: missing id', 'POST', '/posts/product/subcategories/store', { body: { id_product: P, id_customer: c } }, 422],
    [
      'subcategory: unknown',
      'POST',
      '/posts/product/subcategories/store',
      { body: { id_product: P, id_customer: c, id_product_subcategory: 999999 } },
      404,
    ],
    [
      'subcategory detach: unknown',
      'DELETE',
      '/deletes/product/subcategories/delete',
      { query: { id_product: P, id_customer: c, id_product_subcategory: 999999 } },
      404,
    ],
    ['image: no file (JSON)', 'POST', '/posts/product/resource/store', { body: { id_product: P } }, 422],
    ['image: no file (form)', 'POST', '/posts/product/resource/store', { form: form({ id_product: P }) }, 422],
    ['image: pdf named .png', 'POST', '/posts/product/resource/store', file('image', 'a.png', PDF), 422],
    ['image: .exe', 'POST', '/posts/product/resource/store', file('image', 'setup.exe', Buffer.from('MZ\x90\x00rest')), 422],
    ['image: .pdf', 'POST', '/posts/product/resource/store', file('image', 'a.pdf', PDF), 422],
    ['image: png named .webp', 'POST', '/posts/product/resource/store', file('image', 'a.webp', png), 422],
    ['image: empty', 'POST', '/posts/product/resource/store', file('image', 'a.png', Buffer.alloc(0)), 422],
    [
      'image: png signature, broken body',
      'POST',
      '/posts/product/resource/store',
      file('image', 'a.png', png.subarray(0, 40)),
      422,
    ],
    ['image: id_product text', 'POST', '/posts/product/resource/store', file('image', 'a.png', png, 'abc'), 422],
    ['image: unknown product', 'POST', '/posts/product/resource/store', file('image', 'a.png', png, 999999), 404],
    ['image: id_product 100 kB', 'POST', '/posts/product/resource/store', file('image', 'a.png', png, BIG), 422],
    ['asset: .exe', 'POST', '/posts/product/asset/store', file('file', 'run.exe', Buffer.from('MZ\x90\x00rest')), 422],
    ['asset: pdf named .png', 'POST', '/posts/product/asset/store', file('file', 'a.png', PDF), 422],
    [
      'asset: binary named .txt',
      'POST',
      '/posts/product/asset/store',
      file('file', 'a.txt', Buffer.from([0, 1, 2, 255, 0])),
      422,
    ],
    ['asset: no file', 'POST', '/posts/product/asset/store', { form: form({ id_product: P }) }, 422],
    ['asset: wrong field name', 'POST', '/posts/product/asset/store', file('image', 'a.txt', Buffer.from('hi')), 422],
    [
      'asset delete: traversal',
      'DELETE',
      '/deletes/product/asset/delete',
      { query: { id_product: P, file: '../../etc/passwd' } },
      404,
    ],
    ['asset delete: no file', 'DELETE', '/deletes/product/asset/delete', { query: { id_product: P } }, 422],
    ['asset delete: file 10 kB', 'DELETE', '/deletes/product/asset/delete', { query: { id_product: P, file: BIGQ } }, 422],
    ['descriptions: no id_customer', 'GET', '/gets/product/description/all/show', { query: { id_product: P } }, 422],
    [
      'description: blank title',
      'POST',
      '/posts/product/description/store',
      { body: { id_product: P, id_customer: c, title: ' ', notes: 'N' } },
      422,
    ],
    [
      'description: no notes',
      'POST',
      '/posts/product/description/store',
      { body: { id_product: P, id_customer: c, title: 'T' } },
      422,
    ],
    [
      'description: notes 100 kB',
      'POST',
      '/posts/product/description/store',
      { body: { id_product: P, id_customer: c, title: 'T', notes: BIG } },
      422,
    ],
    [
      'description: unknown product',
      'POST',
      '/posts/product/description/store',
      { body: { id_product: 999999, id_customer: c, title: 'T', notes: 'N' } },
      404,
    ],
    [
      'description edit: unknown',
      'PUT',
      '/puts/product/description/edit',
      { body: { id_product_description: 999999, id_product: P, id_customer: c, title: 'T', notes: 'N' } },
      404,
    ],
    [
      'description edit: no title',
      'PUT',
      '/puts/product/description/edit',
      { body: { id_product_description: w.acmeDescription, id_product: P, id_customer: c, notes: 'N' } },
      422,
    ],
    [
      'description delete: unknown',
      'DELETE',
      '/deletes/product/description/delete',
      { query: { id_product_description: 999999, id_product: P, id_customer: c } },
      404,
    ],
    ['tutorial: no slug', 'GET', '/user/tutorial/watched', {}, 422],
    ['tutorial: slug 10 kB', 'GET', '/user/tutorial/watched', { query: { slug: BIGQ } }, 422],
    ['tutorial post: slug 100 kB', 'POST', '/user/tutorial/watched', { body: { slug: BIG } }, 422],
    ['tutorial post: slug number', 'POST', '/user/tutorial/watched', { body: { slug: 42 } }, 404],
  ];
}

describe('bad input', () => {
  it('answers each bad call with its 4xx and the error shape', async () => {
    const before = await s.db.one(
      'SELECT (SELECT count(*)::int FROM products) AS p, (SELECT count(*)::int FROM product_images) AS i, (SELECT count(*)::int FROM product_assets) AS a',
    );
    for (const [name, method, path, o, status] of cases()) {
      const r = await call(s, method, path, { ...o, token: w.tok.acme });
      expect.soft(r.status, `${name}: ${JSON.stringify(r.body).slice(0, 200)}`).toBe(status);
      expectRefused(r, [400, 403, 404, 422], /BOR-/);
    }
    const after = await s.db.one(
      'SELECT (SELECT count(*)::int FROM products) AS p, (SELECT count(*)::int FROM product_images) AS i, (SELECT count(*)::int FROM product_assets) AS a',
    );
    expect(after).toEqual(before);
  });

  it('answers broken JSON with 400', async () => {
    const res = await fetch(`${s.api}/posts/product/store`, {
      method: 'POST',
      body: '{"id_customer":',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${w.tok.acme}` },
    });
    expectRefused({ status: res.status, body: await res.json(), headers: res.headers }, [400]);
  });

  it('refuses a 100 kB query string before routing (431), in the error shape', async () => {
    for (const [path, query] of [
      ['/gets/product/show', { id_customer: BIG }],
      ['/deletes/product/asset/delete', { id_product: P, file: BIG }],
    ] as const) {
      const r = await call(s, path.startsWith('/gets') ? 'GET' : 'DELETE', path, { token: w.tok.acme, query });
      expectRefused(r, [431]);
    }
  });
});

describe('paths from the user never reach the disk', () => {
  it("stores '../../x.png' under a generated name", async () => {
    const r = await upload(s, w.tok.acme, '/posts/product/resource/store', 'image', P, '../../x.png', png);
    expect(r.status).toBe(200);
    expect(r.body.path).toMatch(new RegExp(`^products/${w.acme}/${P}/[0-9a-f-]{36}\\.png$`));
    const a = await upload(s, w.tok.acme, '/posts/product/asset/store', 'file', P, '../../../x.png', png);
    expect(a.body.path).toMatch(new RegExp(`^products/${w.acme}/${P}/files/[0-9a-f-]{36}\\.png$`));
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(dir, e.name));
        else if (e.name.startsWith('x.')) found.push(join(dir, e.name));
      }
    };
    walk(s.config.dataDir);
    expect(found).toEqual([]);
    for (const up of ['..', '../..', '../../..']) expect(existsSync(join(s.config.storageDir, up, 'x.png'))).toBe(false);
  });

  it('deletes nothing for a path that is not one of the product assets', async () => {
    const own = await upload(s, w.tok.acme, '/posts/product/asset/store', 'file', P, 'keep.txt', Buffer.from('keep'));
    const sentinel = join(s.config.dataDir, 'sentinel.txt');
    writeFileSync(sentinel, 'x');
    for (const file of [
      '../sentinel.txt',
      `products/../../sentinel.txt`,
      own.body.path.replace('/files/', '/files/../files/'),
      `/${own.body.path}`,
    ]) {
      const r = await call(s, 'DELETE', '/deletes/product/asset/delete', { token: w.tok.acme, query: { id_product: P, file } });
      expect(r, file).toMatchObject({ status: 404, body: { success: false, message: 'File not found.' } });
    }
    expect(existsSync(sentinel)).toBe(true);
    expect(existsSync(join(s.config.storageDir, own.body.path))).toBe(true);
  });
});
