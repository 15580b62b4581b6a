// Document 2 §7 "Templates", staff side: ambients and tags of a template, and new ambients and tags.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { untilClockPasses } from '../support/db-clock.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { BIG, refused, world, type World } from './templates.fixtures.ts';

let s: TestServer;
let w: World;
let tpl: number; // an Acme private template
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
  tpl = (await s.db.one<{ id: number }>('SELECT id FROM templates WHERE customer_id = $1 ORDER BY id LIMIT 1', [w.acme]))!.id;
});
afterAll(async () => {
  await s.close();
});

const template = async () =>
  (await call(s, 'GET', '/template/get', { token: w.tok.staff, query: { id: tpl, id_customer: -1 } })).body.template as {
    ambients: { id: number; name: string }[];
    tags: { id: number; name: string }[];
    updated_at: string;
  };
const idsOf = (xs: { id: number }[]) => xs.map((x) => x.id);

// Both kinds behave alike: [kind, add path, remove path, id field, list key, a list of all].
const KINDS = [
  ['ambient', '/template/add_ambient', '/template/remove_ambient', 'id_ambient', 'ambients', '/template/ambient/get_all'],
  ['tag', '/template/add_tag', '/template/remove_tag', 'id_tag', 'tags', '/template/tag/get_all'],
] as const;

describe.each(KINDS)('%s links', (_kind, addPath, removePath, field, key, allPath) => {
  const unlinked = async () => {
    const all = (await call(s, 'GET', allPath, { token: w.tok.staff })).body[key] as { id: number }[];
    const linked = idsOf((await template())[key]);
    return all.find((x) => !linked.includes(x.id))!.id;
  };

  it('attaches once (a repeat is a no-op success), bumps updated_at, then detaches', async () => {
    const id = await unlinked();
    const before = await template();
    await untilClockPasses(s.db, before.updated_at);
    const r = await call(s, 'POST', addPath, { token: w.tok.staff, body: { id_template: tpl, [field]: id } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true });
    const after = await template();
    expect(idsOf(after[key])).toContain(id);
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    expect((await call(s, 'POST', addPath, { token: w.tok.staff, body: { id_template: tpl, [field]: id } })).body).toEqual({
      success: true,
    });
    expect(idsOf((await template())[key]).filter((x) => x === id)).toHaveLength(1);

    const del = await call(s, 'DELETE', removePath, { token: w.tok.staff, query: { id_template: tpl, [field]: id } });
    expect(del.body).toEqual({ success: true });
    expect(idsOf((await template())[key])).not.toContain(id);
    // The customer's own view changes too.
    const own = await call(s, 'GET', '/template/get', { token: w.tok.acme, query: { id: tpl, id_customer: w.acme } });
    expect(idsOf(own.body.template[key])).not.toContain(id);
  });

  it.each([
    ['a customer manager', 'acme'],
    ['a viewer', 'viewer'],
    ['another company', 'borealis'],
  ] as const)('refuses %s with 403 and changes nothing', async (_what, who) => {
    const id = await unlinked();
    const r = await call(s, 'POST', addPath, { token: w.tok[who], body: { id_template: tpl, [field]: id } });
    refused(r, 403);
    expect(JSON.stringify(r.body)).not.toContain('Acme Room');
    const linked = idsOf((await template())[key]);
    expect(linked).not.toContain(id);
    refused(await call(s, 'DELETE', removePath, { token: w.tok[who], query: { id_template: tpl, [field]: linked[0] } }), 403);
    expect(idsOf((await template())[key])).toContain(linked[0]);
  });

  it.each([
    ['an unknown template', { id_template: 999999, x: 1 }, 404],
    ['an unknown id', { id_template: 'T', x: 999999 }, 404],
    ['a missing id', { id_template: 'T' }, 422],
    ['a missing template', { x: 1 }, 422],
    ['a word', { id_template: 'T', x: 'one' }, 422],
    ['zero', { id_template: 'T', x: 0 }, 422],
    ['a long value', { id_template: 'T', x: BIG.slice(0, 8000) }, 422],
  ] as const)('refuses %s on add and remove', async (_what, v, status) => {
    const input: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) input[k === 'x' ? field : k] = x === 'T' ? tpl : x;
    refused(await call(s, 'POST', addPath, { token: w.tok.staff, body: input }), status);
    refused(await call(s, 'DELETE', removePath, { token: w.tok.staff, query: input as Record<string, string> }), status);
  });

  it('refuses a 100 kB body value with 422', async () => {
    refused(await call(s, 'POST', addPath, { token: w.tok.staff, body: { id_template: tpl, [field]: BIG } }), 422);
  });

  it('answers a deleted template like a missing one', async () => {
    const gone = (await s.db.one<{ id: number }>(
      'UPDATE templates SET deleted_at = now() WHERE id = (SELECT max(id) FROM templates WHERE customer_id = $1) RETURNING id',
      [w.borealis],
    ))!.id;
    refused(await call(s, 'POST', addPath, { token: w.tok.staff, body: { id_template: gone, [field]: 1 } }), 404);
  });
});

describe.each([
  ['/template/ambient/add', 'ambient', '/template/ambient/get_all', 'ambients', 'Living Room'],
  ['/template/tag/add', 'tag', '/template/tag/get_all', 'tags', 'Scandinavian'],
] as const)('POST %s', (path, one, listPath, listKey, existing) => {
  it('creates one, trimmed, and lists it', async () => {
    const r = await call(s, 'POST', path, { token: w.tok.staff, body: { name: `  Sun ${one}  ` } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual([one, 'success'].sort());
    expect(r.body[one]).toEqual({ id: expect.any(Number), name: `Sun ${one}` });
    const list = await call(s, 'GET', listPath, { token: w.tok.acme });
    expect(list.body[listKey]).toContainEqual(r.body[one]);
  });

  it('refuses a case-insensitive duplicate with the taken message', async () => {
    for (const name of [existing, existing.toUpperCase(), ` ${existing.toLowerCase()} `]) {
      const r = await call(s, 'POST', path, { token: w.tok.staff, body: { name } });
      refused(r, 422);
      expect(r.body.errors).toEqual({ name: ['The name has already been taken.'] });
    }
  });

  it.each([
    ['a customer manager', 'acme'],
    ['a viewer', 'viewer'],
  ] as const)('refuses %s with 403', async (_what, who) => {
    refused(await call(s, 'POST', path, { token: w.tok[who], body: { name: 'Forbidden one' } }), 403);
    const list = await call(s, 'GET', listPath, { token: w.tok.acme });
    expect(JSON.stringify(list.body)).not.toContain('Forbidden one');
  });

  it.each([
    ['a missing name', {}],
    ['an empty name', { name: '' }],
    ['a blank name', { name: '   ' }],
    ['a 100 kB name', { name: BIG }],
    ['an object', { name: { n: 5 } }],
  ])('refuses %s with 422', async (_what, body) => {
    const r = await call(s, 'POST', path, { token: w.tok.staff, body });
    refused(r, 422);
    expect(r.body.errors.name).toHaveLength(1);
  });
  it('needs a token', async () => refused(await call(s, 'POST', path, { body: { name: 'x' } }), 401));
});
