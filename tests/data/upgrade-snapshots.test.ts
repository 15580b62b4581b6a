// Dexie version 3 -> 4 (the snapshots table of the dashboard and profiles): a database of version 3
// holding queued outbox entries (an action of two steps, one parked) is upgraded in place; the
// entries keep their actions and states, drain against the real server, and the new table works:
// the dashboard's figures are stored with their time and survive a failed refresh.
import Dexie from 'dexie';
import { IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setApiBase } from '../../src/api/client.ts';
import { groupActions } from '../../src/data/local/actions.ts';
import { refreshDashboard } from '../../src/data/people/dashboard.ts';
import { db, openLocal } from '../../src/data/local/db.ts';
import type { DashboardData } from '../../src/data/people/dashboard.ts';
import { DEMO } from '../support/http.ts';
import { settle, startHarness, type Harness } from './support.ts';

// Version 3's schema, frozen here: the fixture must not follow later edits of db.ts.
const V1 = {
  customers: 'id', products: 'id, cid, [cid+id]', templates: '[cid+id], cid, id', templateCategories: 'id', productCategories: 'id',
  tags: 'id, cid', ambients: 'id', templateTags: 'id', descriptions: 'id, productId', productFiles: '[productId+path], productId',
  retailers: 'id', outbox: '++id, state, *entities', blobs: '++id', meta: 'key', idmap: 'temp',
};
const V2 = { outbox: '++id, state, *entities, action' };
const V3 = { drafts: 'key', draftFiles: '++id, draft' };

let h: Harness;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
});
afterAll(async () => h?.s.close());

async function versionThreeDatabase(name: string, productId: number) {
  const old = new Dexie(name, { indexedDB: h.factory, IDBKeyRange });
  old.version(1).stores(V1);
  old.version(2).stores(V2);
  old.version(3).stores(V3);
  await old.open();
  const base = { attempts: 0, nextAt: 0, createdAt: Date.now(), state: 'queued', action: 'act-1', actionLabel: 'Save UPG-2' };
  const e = (o: object) => old.table('outbox').add({ ...base, key: crypto.randomUUID(), ...o });
  const first = await e({
    label: 'Edit product', entities: [`product:${productId}`], dependsOn: [],
    call: { method: 'PUT', path: '/puts/product/edit', body: { id_product: productId, id_customer: h.cid, finish: 'Oiled oak' } },
  });
  await e({
    label: 'Edit product again', entities: [`product:${productId}`], dependsOn: [first], state: 'parked', error: 'Error: earlier failure',
    call: { method: 'PUT', path: '/puts/product/edit', body: { id_product: productId, id_customer: h.cid, collection: 'Upgraded' } },
  });
  old.close();
}

it('upgrades a version 3 database with queued entries, which then drain; the snapshots table works', async () => {
  const product = (await h.s.db.one<{ id: number }>('SELECT max(id) AS id FROM products WHERE customer_id = $1', [h.cid]))!.id;
  await versionThreeDatabase('facet-release-3', product);
  openLocal({ name: 'facet-release-3', indexedDB: h.factory, IDBKeyRange });
  expect(db().verno).toBeGreaterThanOrEqual(4);
  const entries = await db().outbox.orderBy('id').toArray();
  expect(entries.map((x) => [x.label, x.state, x.action])).toEqual([['Edit product', 'queued', 'act-1'], ['Edit product again', 'parked', 'act-1']]);
  expect(groupActions(entries).map((a) => [a.label, a.steps.length, a.state])).toEqual([['Save UPG-2', 2, 'parked']]);
  expect(await db().snapshots.count()).toBe(0);

  const left = await settle();
  expect(left.map((x) => x.label)).toEqual(['Edit product again']); // the parked step waits for the user
  expect((await h.s.db.one<{ finish: string }>('SELECT finish FROM products WHERE id = $1', [product]))!.finish).toBe('Oiled oak');

  expect(await refreshDashboard(h.cid, true)).toBe(0);
  const stored = await db().snapshots.get(`dashboard:${h.cid}`);
  const data = stored!.data as DashboardData;
  expect(data.rounds.length).toBeGreaterThan(0);
  expect(data.tasks.length).toBeGreaterThan(0);
  expect(data.progress.length).toBeGreaterThan(0);
  expect(data.lastRegistered.length).toBe(10);
  expect(Date.now() - stored!.at).toBeLessThan(60_000);
  // Offline: every call fails, nothing is lost, the stored figures and their time stay.
  setApiBase('http://127.0.0.1:1/backend'); // nothing listens there: every call is a network error
  try {
    expect(await refreshDashboard(h.cid, true)).toBe(4);
  } finally {
    setApiBase(h.s.api, h.net.adapter);
  }
  expect(await db().snapshots.get(`dashboard:${h.cid}`)).toEqual(stored);
});
