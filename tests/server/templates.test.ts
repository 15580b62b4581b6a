// Document 2 §7 "Templates", reading and deleting: visibility per company, the tenancy matrix, bad input.
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

type T = { id: number; name: string; public: number; id_customer: number | null; tags: unknown[]; ambients: unknown[] };
const names = (ts: T[]) => ts.map((t) => t.name);
const privateOf = async (customer: number) =>
  (await s.db.one<{ id: number; name: string }>(
    'SELECT id, name FROM templates WHERE customer_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1',
    [customer],
  ))!;
const publicOne = async () =>
  (await s.db.one<{ id: number }>('SELECT id FROM templates WHERE public = 1 AND deleted_at IS NULL ORDER BY id LIMIT 1'))!;

describe('GET /template/get_all', () => {
  it("lists the 20 public and the company's 20 private templates, newest id first, every field", async () => {
    const r = await call(s, 'GET', '/template/get_all', { token: w.tok.acme, query: { id_customer: w.acme } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['success', 'templates']);
    expect(r.body.success).toBe(true);
    const ts: T[] = r.body.templates;
    expect(ts).toHaveLength(40);
    ts.forEach(expectTemplate);
    expect(ts.filter((t) => t.public === 1)).toHaveLength(20);
    expect(ts.filter((t) => t.public === 0).every((t) => t.id_customer === w.acme)).toBe(true);
    expect(names(ts).filter((n) => /^Acme Room \d+$/.test(n))).toHaveLength(20);
    expect(names(ts).filter((n) => /^Studio Scene \d+$/.test(n))).toHaveLength(20);
    expect(JSON.stringify(r.body)).not.toContain('Borealis');
    expect(ts.map((t) => t.id)).toEqual(ts.map((t) => t.id).sort((a, b) => b - a));
    // Each demo template has two ambients and two tags.
    expect(ts.every((t) => t.ambients.length === 2 && t.tags.length === 2)).toBe(true);
  });

  it('gives staff every template in the provider context (-1) and a company view with a company id', async () => {
    const all = await call(s, 'GET', '/template/get_all', { token: w.tok.staff, query: { id_customer: -1 } });
    expect(all.body.templates).toHaveLength(60);
    const bor = await call(s, 'GET', '/template/get_all', { token: w.tok.staff, query: { id_customer: w.borealis } });
    expect(bor.body.templates).toHaveLength(40);
    expect(JSON.stringify(bor.body)).not.toContain('Acme Room');
  });

  it('lets a reader (viewer) list, and a member of both companies list either', async () => {
    expect(
      (await call(s, 'GET', '/template/get_all', { token: w.tok.viewer, query: { id_customer: w.acme } })).body.templates,
    ).toHaveLength(40);
    const multi = await call(s, 'GET', '/template/get_all', { token: w.tok.multi, query: { id_customer: w.borealis } });
    expect(names(multi.body.templates).filter((n) => n.startsWith('Borealis Room'))).toHaveLength(20);
  });

  it.each([
    ['another company', 'borealis', 'acme', 403],
    ['the provider context as a customer', 'acme', -1, 403],
    ['a user without reader-template-access', 'noslug', 'acme', 403],
    ['an unknown company', 'acme', 999999, 403],
  ] as const)('refuses %s', async (_what, who, customer, status) => {
    const id_customer = customer === 'acme' ? w.acme : customer;
    const r = await call(s, 'GET', '/template/get_all', { token: w.tok[who], query: { id_customer } });
    refused(r, status);
    expect(JSON.stringify(r.body)).not.toMatch(/Acme Room|Borealis Room|Studio Scene/);
  });

  it('needs a token', async () => refused(await call(s, 'GET', '/template/get_all', { query: { id_customer: w.acme } }), 401));

  it.each([
    ['missing id_customer', {}],
    ['a word', { id_customer: 'acme' }],
    ['a fraction', { id_customer: '1.5' }],
    ['below -1', { id_customer: -2 }],
    ['too large', { id_customer: '99999999999' }],
    ['a long string', { id_customer: BIG.slice(0, 8000) }],
  ])('answers 422 for %s', async (_what, query) => {
    const r = await call(s, 'GET', '/template/get_all', { token: w.tok.acme, query });
    refused(r, 422);
    expect(r.body.errors.id_customer).toHaveLength(1);
  });

  // Node's HTTP parser refuses a 100 kB URL (16 kB header limit) before Fastify sees it.
  it('refuses a 100 kB query string with 431, never a 5xx', async () => {
    const r = await call(s, 'GET', '/template/get_all', { token: w.tok.acme, query: { id_customer: BIG } });
    expect(r.status).toBe(431);
  });
});

describe('GET /template/ambient/get_all and /template/tag/get_all', () => {
  it('lists the 8 ambients and the 12 template tags to any signed-in user', async () => {
    const a = await call(s, 'GET', '/template/ambient/get_all', { token: w.tok.noslug });
    expect(a.status).toBe(200);
    expect(Object.keys(a.body).sort()).toEqual(['ambients', 'success']);
    expect(a.body.ambients.map((x: { name: string }) => x.name).sort()).toEqual([
      'Bathroom',
      'Bedroom',
      'Dining Room',
      'Kids Room',
      'Kitchen',
      'Living Room',
      'Office',
      'Outdoor',
    ]);
    for (const x of a.body.ambients) expect(Object.keys(x).sort()).toEqual(['id', 'name']);
    const t = await call(s, 'GET', '/template/tag/get_all', { token: w.tok.borealis });
    expect(t.body.success).toBe(true);
    expect(t.body.tags).toHaveLength(12);
    expect(t.body.tags.map((x: { name: string }) => x.name)).toContain('Scandinavian');
    for (const x of t.body.tags) expect(typeof x.id).toBe('number');
  });
  it('needs a token', async () => {
    refused(await call(s, 'GET', '/template/ambient/get_all'), 401);
    refused(await call(s, 'GET', '/template/tag/get_all'), 401);
  });
});

describe('GET /template/get', () => {
  it("returns the company's own private template and a public one, as the list shows them", async () => {
    const own = await privateOf(w.acme);
    const r = await call(s, 'GET', '/template/get', { token: w.tok.acme, query: { id: own.id, id_customer: w.acme } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['success', 'template']);
    expectTemplate(r.body.template);
    expect(r.body.template).toMatchObject({
      id: own.id,
      name: own.name,
      public: 0,
      id_customer: w.acme,
      note: expect.stringMatching(/^Scene \d+ notes$/),
    });
    const list = await call(s, 'GET', '/template/get_all', { token: w.tok.acme, query: { id_customer: w.acme } });
    expect(list.body.templates.find((t: T) => t.id === own.id)).toEqual(r.body.template);
    const pub = await publicOne();
    const p = await call(s, 'GET', '/template/get', { token: w.tok.borealis, query: { id: pub.id, id_customer: w.borealis } });
    expect(p.body.template).toMatchObject({ id: pub.id, public: 1, id_customer: null });
  });

  it("gives staff any company's template in the provider context", async () => {
    const bor = await privateOf(w.borealis);
    const r = await call(s, 'GET', '/template/get', { token: w.tok.staff, query: { id: bor.id, id_customer: -1 } });
    expect(r.body.template.name).toBe(bor.name);
  });

  it("answers another company's private template exactly like a missing one", async () => {
    const acmeOwn = await privateOf(w.acme);
    const foreign = await call(s, 'GET', '/template/get', {
      token: w.tok.borealis,
      query: { id: acmeOwn.id, id_customer: w.borealis },
    });
    const missing = await call(s, 'GET', '/template/get', {
      token: w.tok.borealis,
      query: { id: 999999, id_customer: w.borealis },
    });
    refused(foreign, 404);
    expect(foreign.body).toEqual(missing.body);
    expect(JSON.stringify(foreign.body)).not.toContain(acmeOwn.name);
  });

  it.each([
    ["another company's id_customer", 'borealis', 'acme', 403],
    ['a user without reader-template-access', 'noslug', 'acme', 403],
    ['the provider context as a customer', 'acme', -1, 403],
  ] as const)('refuses %s', async (_what, who, customer, status) => {
    const own = await privateOf(w.acme);
    const r = await call(s, 'GET', '/template/get', {
      token: w.tok[who],
      query: { id: own.id, id_customer: customer === 'acme' ? w.acme : customer },
    });
    refused(r, status);
    expect(JSON.stringify(r.body)).not.toContain('Acme Room');
  });

  it.each([
    ['missing id', { id_customer: 'A' }, 422],
    ['missing id_customer', { id: 1 }, 422],
    ['id 0', { id: 0, id_customer: 'A' }, 422],
    ['a word for id', { id: 'one', id_customer: 'A' }, 422],
    ['a long id', { id: BIG.slice(0, 8000), id_customer: 'A' }, 422],
    ['an unknown id', { id: 999999, id_customer: 'A' }, 404],
  ] as const)('refuses %s', async (_what, q, status) => {
    const query = { ...q, ...('id_customer' in q ? { id_customer: w.acme } : {}) };
    refused(await call(s, 'GET', '/template/get', { token: w.tok.acme, query }), status);
  });
});

describe('DELETE /template/delete', () => {
  const exists = async (id: number) => !!(await s.db.one('SELECT 1 FROM templates WHERE id = $1 AND deleted_at IS NULL', [id]));

  it('soft-deletes own private template, bumps updated_at and writes a tombstone', async () => {
    const own = await privateOf(w.acme);
    const before = await s.db.one<{ updated_at: Date }>('SELECT updated_at FROM templates WHERE id = $1', [own.id]);
    const r = await call(s, 'DELETE', '/template/delete', { token: w.tok.acme, query: { id: own.id } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, message: 'Template deleted successfully' });
    const row = await s.db.one<{ deleted_at: Date | null; updated_at: Date }>(
      'SELECT deleted_at, updated_at FROM templates WHERE id = $1',
      [own.id],
    );
    expect(row!.deleted_at).not.toBeNull();
    expect(new Date(row!.updated_at).getTime()).toBeGreaterThan(new Date(before!.updated_at).getTime());
    expect(await s.db.query(`SELECT entity, entity_id, customer_id FROM tombstones WHERE entity_id = $1`, [own.id])).toEqual([
      { entity: 'template', entity_id: own.id, customer_id: w.acme },
    ]);
    refused(await call(s, 'GET', '/template/get', { token: w.tok.acme, query: { id: own.id, id_customer: w.acme } }), 404);
    const list = await call(s, 'GET', '/template/get_all', { token: w.tok.acme, query: { id_customer: w.acme } });
    expect(list.body.templates.map((t: T) => t.id)).not.toContain(own.id);
    refused(await call(s, 'DELETE', '/template/delete', { token: w.tok.acme, query: { id: own.id } }), 404);
  });

  it('lets staff delete a public template, tombstoned for every company', async () => {
    const pub = await publicOne();
    expect((await call(s, 'DELETE', '/template/delete', { token: w.tok.staff, query: { id: pub.id } })).body.success).toBe(true);
    expect(await s.db.query('SELECT customer_id FROM tombstones WHERE entity_id = $1', [pub.id])).toEqual([
      { customer_id: null },
    ]);
    expect(await exists(pub.id)).toBe(false);
  });

  it.each([
    ["another company's private template", 'borealis', 'acme', 404],
    ['a public template, as a customer', 'acme', 'public', 403],
    ['without delete-template-access (viewer)', 'viewer', 'acme', 403],
    ['without any template slug', 'noslug', 'acme', 403],
  ] as const)('refuses %s and keeps it', async (_what, who, whose, status) => {
    const t = whose === 'public' ? await publicOne() : await privateOf(w.acme);
    const r = await call(s, 'DELETE', '/template/delete', { token: w.tok[who], query: { id: t.id } });
    refused(r, status);
    expect(JSON.stringify(r.body)).not.toMatch(/Acme Room|Studio Scene/);
    expect(await exists(t.id)).toBe(true);
  });

  it.each([
    ['missing id', {}, 422],
    ['a word', { id: 'x' }, 422],
    ['a negative id', { id: -3 }, 422],
    ['a long id', { id: BIG.slice(0, 8000) }, 422],
    ['an unknown id', { id: 999999 }, 404],
  ] as const)('refuses %s', async (_what, query, status) => {
    refused(await call(s, 'DELETE', '/template/delete', { token: w.tok.acme, query }), status);
  });
  it('needs a token', async () => refused(await call(s, 'DELETE', '/template/delete', { query: { id: 1 } }), 401));
});
