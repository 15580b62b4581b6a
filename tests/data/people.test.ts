// The user-management mirror (src/data/people.ts) against the real server: the company's people and
// roles pulled into Dexie (304 when unchanged), my name and phone queued through the outbox (kept
// over a pull while queued, then sent once), and the Dexie upgrade that added these tables (Dexie
// version 4 -> the users version 5), from a database of the previous version holding queued outbox entries.
import { IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, openLocal, USERS_VERSION } from '../../src/data/local/db.ts';
import { tick } from '../../src/data/local/store.ts';
import { pullPeople, saveAccount, rememberAccount } from '../../src/data/people/people.ts';
import { DEMO } from '../support/http.ts';
import { oldDatabase } from './schema-fixtures.ts';
import { settle, startHarness, type Harness } from './support.ts';
import { newActionId } from '../../src/data/outbox/outbox.ts';
import { changeByHand } from '../support/by-hand.ts';

let h: Harness;
let me: { id: number; name: string; phone: string | null };
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
  me = (await h.s.db.one<{ id: number; name: string; phone: string | null }>('SELECT id, name, phone FROM users WHERE email = $1', [DEMO.acme]))!;
});
afterAll(async () => h?.s.close());

describe('people and roles mirror', () => {
  it("pulls the company's people and roles, then answers 304 without rewriting them", async () => {
    await pullPeople(h.cid, 'people');
    await pullPeople(h.cid, 'roles');
    const people = await db().companyUsers.where('cid').equals(h.cid).toArray();
    expect(people.map((p) => p.email).sort()).toEqual(['manager@acme.test', 'multi@facet.test', 'viewer@acme.test']);
    expect(people.find((p) => p.email === DEMO.viewer)).toMatchObject({ status: 'active', role: { name: 'Viewer' }, cid: h.cid });
    const roles = await db().companyRoles.where('cid').equals(h.cid).toArray();
    expect(roles.find((r) => r.locked)?.privileges.every((p) => p.permited)).toBe(true);
    const etag = (await db().meta.get(`people:${h.cid}`))?.etag;
    expect(etag).toBeTruthy();
    const before = h.net.requests;
    await pullPeople(h.cid, 'people');
    expect(h.net.requests).toBe(before + 1);
    expect((await db().meta.get(`people:${h.cid}`))?.etag).toBe(etag);
  });

  it('a role change made elsewhere replaces the rows on the next pull', async () => {
    const viewer = (await db().companyUsers.where('cid').equals(h.cid).filter((p) => p.email === DEMO.viewer).first())!;
    await changeByHand(h.s.db, `UPDATE memberships SET enabled = false WHERE user_id = $1 AND customer_id = $2`, [viewer.id, h.cid]);
    await pullPeople(h.cid, 'people');
    expect((await db().companyUsers.get([h.cid, viewer.id]))?.status).toBe('disabled');
    await changeByHand(h.s.db, `UPDATE memberships SET enabled = true WHERE user_id = $1 AND customer_id = $2`, [viewer.id, h.cid]);
  });

  it('my name and phone are queued offline, kept over a pull, and sent once when back online', async () => {
    await rememberAccount({ id: me.id, name: me.name, phone: me.phone, photo: null });
    const beforeEdit = tick(); // an answer the server gave before my edit
    h.net.offline = true;
    await saveAccount({ id: me.id, name: me.name, phone: me.phone, photo: null }, { name: '  Alice M. Manager ', phone: '+1 555 0199' }, newActionId());
    expect(await db().account.get(me.id)).toMatchObject({ name: 'Alice M. Manager', phone: '+1 555 0199' });
    expect((await db().companyUsers.get([h.cid, me.id]))?.name).toBe('Alice M. Manager');
    const queued = await db().outbox.toArray();
    expect(queued.map((e) => [e.actionLabel, e.call.command, e.call.body])).toEqual([
      ['Save my account', 'users.editMe', { name: 'Alice M. Manager', phone: '+1 555 0199' }],
    ]);
    // A pull while the edit waits keeps my local values; the server's own answer would not have them yet.
    h.net.offline = false;
    await db().meta.delete(`people:${h.cid}`);
    await pullPeople(h.cid, 'people');
    expect((await db().companyUsers.get([h.cid, me.id]))?.name).toBe('Alice M. Manager');
    // The outbox may already be sending the edit now that we are online: an answer from before it
    // must not undo it locally either way.
    await rememberAccount({ id: me.id, name: me.name, phone: me.phone, photo: null }, beforeEdit);
    expect((await db().account.get(me.id))?.name).toBe('Alice M. Manager');

    h.net.queue = ['dropResponse', 'duplicate'];
    expect(await settle()).toEqual([]);
    expect(await h.s.db.one('SELECT name, phone FROM users WHERE id = $1', [me.id])).toEqual({ name: 'Alice M. Manager', phone: '+1 555 0199' });
    await db().meta.delete(`people:${h.cid}`);
    await pullPeople(h.cid, 'people');
    expect((await db().companyUsers.get([h.cid, me.id]))?.name).toBe('Alice M. Manager');
  });
});

const PREVIOUS = { version: USERS_VERSION - 1 };

it(`upgrades a version ${PREVIOUS.version} database holding queued entries to version ${USERS_VERSION}, which then drains them`, async () => {
  const product = (await h.s.db.one<{ id: number; name: string }>('SELECT id, name FROM products WHERE customer_id = $1 ORDER BY id LIMIT 1', [h.cid]))!;
  const old = await oldDatabase('facet-before-users', PREVIOUS.version, h.factory);
  await old.table('products').put({ id: product.id, id_product: product.id, cid: h.cid, name: 'Renamed offline', images: [], tags: [] });
  const base = { attempts: 0, nextAt: 0, createdAt: Date.now(), state: 'queued', dependsOn: [] };
  await old.table('outbox').add({
    ...base, key: crypto.randomUUID(), action: 'a-1', actionLabel: `Save ${product.name}`, label: 'Edit product',
    entities: [`product:${product.id}`], call: { method: 'PUT', path: '/puts/product/edit', body: { id_product: product.id, name: 'Renamed offline' } },
  });
  await old.table('outbox').add({
    ...base, key: crypto.randomUUID(), action: 'a-2', actionLabel: 'Save my account', label: 'Save your name and phone',
    entities: [`account:${me.id}`], call: { method: 'PUT', path: '/user/edit', body: { name: 'Alice Upgraded', phone: '' } },
  });
  old.close();

  openLocal({ name: 'facet-before-users', indexedDB: h.factory, IDBKeyRange });
  expect(db().verno).toBeGreaterThanOrEqual(USERS_VERSION); // and on to the latest version
  expect((await db().outbox.toArray()).map((e) => [e.action, e.state])).toEqual([['a-1', 'queued'], ['a-2', 'queued']]);
  expect(await db().companyUsers.count()).toBe(0);
  await pullPeople(h.cid, 'people');
  expect(await db().companyUsers.where('cid').equals(h.cid).count()).toBe(3);

  expect(await settle()).toEqual([]);
  expect((await h.s.db.one<{ name: string }>('SELECT name FROM products WHERE id = $1', [product.id]))!.name).toBe('Renamed offline');
  expect(await h.s.db.one('SELECT name, phone FROM users WHERE id = $1', [me.id])).toEqual({ name: 'Alice Upgraded', phone: null });
});
