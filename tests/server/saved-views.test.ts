// Saved views of the catalogue (our extension, issue 28): each view is its caller's own, per company
// (another user's view, or the caller's own named under another company, is not found); the name rule
// of the contract (required, at most 60 characters, unique per user and company without case) in its
// words; one change per Idempotency-Key; the list's delta (changed rows, deleted ids, a cursor).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_NAME_TAKEN } from '../../src/api/contract/rules/saved-view.ts';
import { addMember, createUser } from '../../server/domain/accounts.ts';
import { call, DEMO } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let s: TestServer;
let acme: number;
let borealis: number;
const tok = {} as Record<'acme' | 'viewer' | 'multi' | 'staff' | 'borealis' | 'noCatalog', string>;

beforeAll(async () => {
  s = await startTestServer();
  const company = async (name: string) =>
    (await s.db.one<{ id: number }>('SELECT id FROM customers WHERE name = $1', [name]))!.id;
  acme = await company('Acme Living');
  borealis = await company('Borealis Home');
  for (const k of ['acme', 'viewer', 'multi', 'staff', 'borealis'] as const) tok[k] = await s.tokenFor(DEMO[k]);
  // A member of Acme whose role holds no catalogue permission.
  const role = (await s.db.one<{ id: number }>(
    `INSERT INTO roles (customer_id, name) VALUES ($1, 'Dashboard only') RETURNING id`,
    [acme],
  ))!.id;
  await addMember(
    s.db,
    await createUser(s.db, { name: 'Dee Board', email: 'board@acme.test', password: 'whatever1' }),
    acme,
    role,
  );
  tok.noCatalog = await s.tokenFor('board@acme.test');
});
afterAll(async () => {
  await s?.close();
});

type Who = keyof typeof tok;
const store = (who: Who, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call(s, 'POST', '/posts/saved-views/store', {
    token: tok[who],
    body: { id_customer: acme, query: 'section=allproducts&q=oak', ...body },
    headers,
  });
const rename = (who: Who, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call(s, 'PUT', '/puts/saved-views/rename', { token: tok[who], body: { id_customer: acme, ...body }, headers });
const remove = (who: Who, id: number, cid = acme, headers?: Record<string, string>) =>
  call(s, 'DELETE', '/deletes/saved-views/delete', { token: tok[who], query: { id, id_customer: cid }, headers });
const list = (who: Who, query: Record<string, string | number> = {}) =>
  call(s, 'GET', '/gets/saved-views/show', { token: tok[who], query: { id_customer: acme, ...query } });
const names = async (who: Who, cid = acme) =>
  (await list(who, { id_customer: cid })).body.views.map((v: { name: string }) => v.name);

describe('saved views', () => {
  it('stores a view (name trimmed) that the list gives back with its query string', async () => {
    const r = await store('acme', {
      name: '  Oak in the living room ',
      query: 'section=category-2&q=oak&sort=-updated&size=big',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      view: { name: 'Oak in the living room', query: 'section=category-2&q=oak&sort=-updated&size=big' },
    });
    expect(Date.parse(r.body.view.created_at)).not.toBeNaN();
    const l = await list('acme');
    expect(l.status).toBe(200);
    expect(l.body.views).toContainEqual(r.body.view);
    expect(typeof l.body.cursor).toBe('string');
  });

  it("keeps each user's views apart: another user's view is not listed and answers 404 to a rename or delete", async () => {
    const mine = (await store('acme', { name: 'Only mine' })).body.view;
    expect(await names('viewer')).not.toContain('Only mine');
    for (const r of [await rename('viewer', { id: mine.id, name: 'Taken over' }), await remove('viewer', mine.id)]) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ success: false, message: 'Saved view not found.' });
    }
    // The same name is free for another user.
    expect((await store('viewer', { name: 'Only mine' })).status).toBe(200);
    // Staff in the provider context see their own views there, not the customers'.
    expect(await names('staff', -1)).not.toContain('Only mine');
    expect((await remove('staff', mine.id, -1)).status).toBe(404);
    expect(await names('acme')).toContain('Only mine');
  });

  it('keeps views per company: one of Acme is not found under Borealis, and a company the caller is not in is refused', async () => {
    const acmeView = (await store('multi', { name: 'Per company' })).body.view;
    expect((await store('multi', { name: 'Per company', id_customer: borealis })).status).toBe(200);
    expect(await names('multi', borealis)).toEqual(['Per company']);
    expect((await rename('multi', { id: acmeView.id, id_customer: borealis, name: 'Moved' })).status).toBe(404);
    expect((await remove('multi', acmeView.id, borealis)).status).toBe(404);
    expect((await list('borealis', { id_customer: acme })).status).toBe(403);
    expect((await store('borealis', { name: 'Not my company' })).status).toBe(403);
    expect((await store('noCatalog', { name: 'No catalogue' })).status).toBe(403);
    expect((await list('acme', { id_customer: -1 })).status).toBe(403);
    // Staff may keep views in the provider context.
    expect((await store('staff', { name: 'All companies', id_customer: -1 })).status).toBe(200);
    expect(await names('staff', -1)).toContain('All companies');
  });

  it("refuses a name that breaks the contract's rule, in its words", async () => {
    await store('acme', { name: 'Sofas' });
    const cases: [unknown, string][] = [
      ['', 'The name field is required.'],
      ['   ', 'The name field is required.'],
      ['x'.repeat(61), 'The name field must not be greater than 60 characters.'],
      [' SOFAS ', VIEW_NAME_TAKEN],
    ];
    for (const [name, message] of cases) {
      const r = await store('acme', { name });
      expect(r.status, String(name)).toBe(422);
      expect(r.body).toMatchObject({ success: false, message, errors: { name: [message] } });
    }
    expect((await store('acme', { name: 'x'.repeat(60) })).status).toBe(200);
    const missing = await call(s, 'POST', '/posts/saved-views/store', {
      token: tok.acme,
      body: { id_customer: acme, query: '' },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('The name field is required.');
    // A rename may change the case of its own name, not take another view's.
    const other = (await store('acme', { name: 'Chairs' })).body.view;
    expect((await rename('acme', { id: other.id, name: 'sofas' })).body.message).toBe(VIEW_NAME_TAKEN);
    const r = await rename('acme', { id: other.id, name: 'CHAIRS' });
    expect(r.status).toBe(200);
    expect(r.body.view).toMatchObject({ id: other.id, name: 'CHAIRS' });
    expect(Date.parse(r.body.view.updated_at)).toBeGreaterThan(Date.parse(other.updated_at));
  });

  it('frees a deleted name, and a delta since a cursor carries changed views and deleted ids', async () => {
    const a = (await store('acme', { name: 'Delta A' })).body.view;
    const b = (await store('acme', { name: 'Delta B' })).body.view;
    // The cursor stays 2 s behind the clock for transactions that may still commit (delta.ts): the
    // views so far are dated a minute back, as a device's later pull would find them, so it passes them.
    await s.db.query("UPDATE saved_views SET updated_at = now() - interval '1 minute'");
    const since = (await list('acme')).body.cursor as string;
    expect((await remove('acme', a.id)).status).toBe(200);
    expect((await rename('acme', { id: b.id, name: 'Delta B renamed' })).status).toBe(200);
    const delta = await list('acme', { updated_since: since });
    expect(delta.body.views.map((v: { name: string }) => v.name)).toEqual(['Delta B renamed']);
    expect(delta.body.deleted).toEqual([a.id]);
    expect(await names('acme')).not.toContain('Delta A');
    expect((await store('acme', { name: 'Delta A' })).status).toBe(200);
  });

  it('is one change per Idempotency-Key: a repeated store, rename or delete gets its first answer', async () => {
    const key = (k: string) => ({ 'idempotency-key': `views-test-${k}` });
    const first = await store('acme', { name: 'Once' }, key('store'));
    const again = await store('acme', { name: 'Once' }, key('store'));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await names('acme')).filter((n: string) => n === 'Once')).toHaveLength(1);
    const id = first.body.view.id;
    const r1 = await rename('acme', { id, name: 'Once more' }, key('rename'));
    expect(await rename('acme', { id, name: 'Once more' }, key('rename'))).toMatchObject({ status: 200, body: r1.body });
    const d1 = await remove('acme', id, acme, key('delete'));
    const d2 = await remove('acme', id, acme, key('delete'));
    expect([d1.status, d2.status]).toEqual([200, 200]);
    expect(d2.body).toEqual(d1.body);
    expect((await remove('acme', id)).status).toBe(404); // without the key: a second delete, of nothing
  });
});
