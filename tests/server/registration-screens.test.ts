// The calls of the template screens and the product registration (issue 11), together: each refuses a
// caller without a token; staff-only ones refuse every customer role; registration refuses roles
// without register-products; onlyOneProduct is announced in the customers list and held under
// concurrent stores. Refusals are 4xx in the error shape and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, grant } from '../../server/domain/accounts.ts';
import { call, form, type CallOptions } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { png, refused, world, type World } from './templates.fixtures.ts';

let s: TestServer;
let w: World;
let PNG: Buffer;
let tpl: number;
let product: number;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
  PNG = await png();
  tpl = (await s.db.one<{ id: number }>('SELECT id FROM templates WHERE customer_id = $1 ORDER BY id LIMIT 1', [w.acme]))!.id;
  product = (await s.db.one<{ id: number }>(`SELECT id FROM products WHERE sku = 'ACM-1001'`))!.id;
});
afterAll(async () => {
  await s.close();
});

type Case = [string, string, string, () => CallOptions];
const TEMPLATE_STAFF: Case[] = [
  [
    'template add',
    'POST',
    '/template/add',
    () => ({ form: form({ public: 1, name: 'Nope' }, { image: { name: 'a.png', bytes: PNG } }) }),
  ],
  ['template edit', 'POST', '/template/edit', () => ({ body: { id: tpl, name: 'Nope', public: 1 } })],
  ['ambient attach', 'POST', '/template/add_ambient', () => ({ body: { id_template: tpl, id_ambient: 1 } })],
  ['tag attach', 'POST', '/template/add_tag', () => ({ body: { id_template: tpl, id_tag: 1 } })],
  ['ambient detach', 'DELETE', '/template/remove_ambient', () => ({ query: { id_template: tpl, id_ambient: 1 } })],
  ['tag detach', 'DELETE', '/template/remove_tag', () => ({ query: { id_template: tpl, id_tag: 1 } })],
  ['ambient create', 'POST', '/template/ambient/add', () => ({ body: { name: 'Nope ambient' } })],
  ['template tag create', 'POST', '/template/tag/add', () => ({ body: { name: 'Nope tag' } })],
];
const READS: Case[] = [
  ['templates', 'GET', '/gets/roomsets/templates/show', () => ({ query: { id_customer: w.acme } })],
  ['template list', 'GET', '/template/get_all', () => ({ query: { id_customer: w.acme } })],
  ['template', 'GET', '/template/get', () => ({ query: { id: tpl, id_customer: w.acme } })],
  ['ambients', 'GET', '/template/ambient/get_all', () => ({})],
  ['template tags', 'GET', '/template/tag/get_all', () => ({})],
  ['customers', 'GET', '/gets/customers/all/show', () => ({})],
  ['product categories', 'GET', '/gets/product/categories/show', () => ({})],
  ['tags', 'GET', '/gets/tags/show', () => ({ query: { id_customer: w.acme } })],
  ['tutorial', 'GET', '/user/tutorial/watched', () => ({ query: { slug: 'register-products' } })],
];
const REGISTRATION: Case[] = [
  ['product store', 'POST', '/posts/product/store', () => ({ body: { id_customer: w.acme, name: 'Nope' } })],
  ['tag store', 'POST', '/posts/tag/store', () => ({ body: { id_customer: w.acme, name: 'nope-tag' } })],
  ['product tag', 'POST', '/posts/product/tag/store', () => ({ body: { id_product: product, id_tag: 1 } })],
  [
    'product subcategory',
    'POST',
    '/posts/product/subcategories/store',
    () => ({ body: { id_product: product, id_customer: w.acme, id_product_subcategory: 1 } }),
  ],
  [
    'product image',
    'POST',
    '/posts/product/resource/store',
    () => ({ form: form({ id_product: product }, { image: { name: 'a.png', bytes: PNG } }) }),
  ],
  [
    'product file',
    'POST',
    '/posts/product/asset/store',
    () => ({ form: form({ id_product: product }, { file: { name: 'a.txt', bytes: Buffer.from('spec') } }) }),
  ],
  [
    'product description',
    'POST',
    '/posts/product/description/store',
    () => ({ body: { id_product: product, id_customer: w.acme, title: 'T', notes: 'N' } }),
  ],
  ['tutorial watched', 'POST', '/user/tutorial/watched', () => ({ body: { slug: 'register-products' } })],
];
const DELETE: Case[] = [['template delete', 'DELETE', '/template/delete', () => ({ query: { id: tpl } })]];

const footprint = () =>
  s.db.one(
    `SELECT (SELECT count(*)::int FROM templates WHERE deleted_at IS NULL) AS templates, (SELECT max(updated_at) FROM templates) AS tu,
          (SELECT count(*)::int FROM ambients) AS ambients, (SELECT count(*)::int FROM template_tags) AS ttags,
          (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM tags) AS tags,
          (SELECT count(*)::int FROM product_images) AS images, (SELECT count(*)::int FROM product_assets) AS assets,
          (SELECT count(*)::int FROM product_descriptions) AS blocks, (SELECT count(*)::int FROM tutorial_watched) AS watched`,
  );

describe('every call of the template and registration screens', () => {
  it('answers 401 without a token (or with a wrong one), changing nothing', async () => {
    const before = await footprint();
    for (const [name, method, path, o] of [...TEMPLATE_STAFF, ...READS, ...REGISTRATION, ...DELETE]) {
      for (const token of [undefined, 'not-a-token']) {
        const r = await call(s, method, path, { ...o(), token });
        expect.soft(r.status, `${name} (${token ?? 'none'}): ${JSON.stringify(r.body).slice(0, 160)}`).toBe(401);
        refused(r);
      }
    }
    expect(await footprint()).toEqual(before);
  });

  it('refuses the staff-only template calls to every customer role (403)', async () => {
    const before = await footprint();
    for (const who of ['acme', 'viewer', 'borealis', 'multi', 'noslug'] as const) {
      for (const [name, method, path, o] of TEMPLATE_STAFF) {
        const r = await call(s, method, path, { ...o(), token: w.tok[who] });
        expect.soft(r.status, `${who} ${name}: ${JSON.stringify(r.body).slice(0, 160)}`).toBe(403);
        refused(r);
      }
    }
    expect(await footprint()).toEqual(before);
  });

  it('refuses registration to roles without register-products (or the editor slug its parts need)', async () => {
    const before = await footprint();
    for (const who of ['viewer', 'noslug'] as const) {
      for (const [name, method, path, o] of REGISTRATION.filter(([n]) => n !== 'tutorial watched')) {
        const r = await call(s, method, path, { ...o(), token: w.tok[who] });
        expect.soft(r.status, `${who} ${name}: ${JSON.stringify(r.body).slice(0, 160)}`).toBe(403);
        refused(r);
      }
    }
    // Another company's manager: its own company's slugs do not reach Acme's rows.
    for (const [name, method, path, o] of REGISTRATION.filter(([n]) => n !== 'tutorial watched')) {
      const r = await call(s, method, path, { ...o(), token: w.tok.borealis });
      expect.soft([403, 404], `borealis ${name}: ${r.status}`).toContain(r.status);
      refused(r);
    }
    expect(await footprint()).toEqual(before);
  });

  it('lets every signed-in user read the lists the forms need, and only their own companies', async () => {
    for (const [name, method, path, o] of READS.filter(([n]) =>
      ['ambients', 'template tags', 'customers', 'product categories', 'tutorial'].includes(n),
    )) {
      expect.soft((await call(s, method, path, { ...o(), token: w.tok.noslug })).status, name).toBe(200);
    }
    const customers = await call(s, 'GET', '/gets/customers/all/show', { token: w.tok.noslug });
    expect(customers.body.customers.map((c: { company: string }) => c.company)).toEqual(['Acme Living']);
  });

  it.each([
    ['an empty slug', 'GET', { query: { slug: '' } }, 422],
    ['a slug over 100 characters', 'GET', { query: { slug: 's'.repeat(101) } }, 422],
    ['an empty slug', 'POST', { body: { slug: '' } }, 422],
    ['an object slug', 'POST', { body: { slug: { s: 1 } } }, 422],
    ['no body', 'POST', {}, 422],
  ] as const)('tutorial: refuses %s (%s)', async (_what, method, o, status) => {
    refused(await call(s, method, '/user/tutorial/watched', { ...(o as CallOptions), token: w.tok.acme }), status);
  });
});

describe('onlyOneProduct', () => {
  it('is announced per company in the customers list and holds under concurrent stores', async () => {
    const tiny = (await s.db.one<{ id: number }>(
      `INSERT INTO customers (name, products_allowed) VALUES ('Solo Studio', 1) RETURNING id`,
    ))!.id;
    const role = (await s.db.one<{ id: number }>(`INSERT INTO roles (customer_id, name) VALUES ($1, 'Owner') RETURNING id`, [
      tiny,
    ]))!.id;
    await grant(s.db, role, ['register-products', 'reader-info-access', 'editor-info-access']);
    await addMember(
      s.db,
      await createUser(s.db, { name: 'Solo Owner', email: 'solo@studio.test', password: 'whatever1' }),
      tiny,
      role,
    );
    const token = await s.tokenFor('solo@studio.test');
    const list = await call(s, 'GET', '/gets/customers/all/show', { token });
    expect(list.body.customers).toEqual([{ id: tiny, company: 'Solo Studio', products_allowed: 1 }]);

    // Two stores at once for the last free place: exactly one is taken.
    const store = (name: string) => call(s, 'POST', '/posts/product/store', { token, body: { id_customer: tiny, name } });
    const [a, b] = await Promise.all([store('First'), store('Second')]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    const refusedOne = a.status === 422 ? a : b;
    expect(refusedOne.body).toMatchObject({ success: false, message: 'Your company may register at most 1 products.' });
    expect(
      (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM products WHERE customer_id = $1 AND deleted_at IS NULL', [
        tiny,
      ]))!.n,
    ).toBe(1);
  });
});
