// Dexie version 10 -> the saved-views version 11 (issue 28): a database of the previous release holds
// queued entries (an Info edit of a product, and a product created offline whose image waits for it).
// Upgraded in place, the entries stay exactly as they were and the new table is empty. Offline, a view
// is saved, then renamed while its save still waits (both pending on this device, shown at once); after
// a reload and back online, everything drains exactly once (a lost answer and a duplicate included):
// one view on the server under its new name, re-keyed here, and the pull brings a view saved elsewhere.
import { IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { db, openLocal, SAVED_VIEWS_VERSION } from '../../src/data/local/db.ts';
import { policy, retryWaitingNow, drainOutbox } from '../../src/data/outbox/outbox.ts';
import { renameView, saveView } from '../../src/data/catalog/saved-views.ts';
import { LISTS, pullList } from '../../src/data/pull/sync-lists.ts';
import { isTemp } from '../../src/data/local/tempids.ts';
import type { OutboxEntry } from '../../src/data/local/types.ts';
import { call, DEMO } from '../support/http.ts';
import { oldDatabase } from './schema-fixtures.ts';
import { pngBlob, settle, startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
});
afterAll(async () => h?.s.close());

const P = -1_700_001_100_001;
const NAME = 'facet-release-10';

it('upgrades with queued entries; a view saved and renamed offline drains once with them', async () => {
  const userId = (await h.s.db.one<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.acme]))!.id;
  const product = (await h.s.db.one<{ id: number; sku: string }>("SELECT id, sku FROM products WHERE customer_id = $1 AND sku = 'ACM-1040'", [h.cid]))!;

  const old = await oldDatabase(NAME, SAVED_VIEWS_VERSION - 1, h.factory);
  const image = (await old.table('blobs').add({ blob: await pngBlob('lamp.png'), name: 'lamp.png' })) as number;
  await old.table('products').put({ id: P, id_product: P, cid: h.cid, id_customer: h.cid, name: 'Upgraded lamp', sku: 'UPG-11', tags: [], images: [], pendingImages: [image], subcategories: [], categories: [] });
  const add = (o: Partial<OutboxEntry>) => old.table('outbox').add({ attempts: 0, nextAt: 0, createdAt: Date.now(), state: 'queued', dependsOn: [], ...o }) as Promise<number>;
  await add({
    action: 'a-info-11', actionLabel: `Save ${product.sku}`, label: `Edit product ${product.sku}`, key: 'a-info-11.0', entities: [`product:${product.id}`],
    call: { command: 'products.edit', body: { id_product: product.id, collection: 'Upgraded' } },
  });
  const create = await add({
    action: 'a-register-11', actionLabel: 'Add product UPG-11', label: 'Create product UPG-11', key: 'a-register-11.0', entities: [`product:${P}`],
    call: { command: 'products.store', body: { id_customer: h.cid, name: 'Upgraded lamp', sku: 'UPG-11' } }, creates: { temp: P, kind: 'product', from: 'product.id' },
  });
  await add({
    action: 'a-register-11', actionLabel: 'Add product UPG-11', label: 'Upload an image of UPG-11', key: 'a-register-11.1', entities: [`product:${P}`], dependsOn: [create],
    call: { command: 'productInfo.imageStore', body: { id_product: P }, upload: { blobId: image } },
  });
  const before = await old.table('outbox').orderBy('id').toArray();
  old.close();

  openLocal({ name: NAME, indexedDB: h.factory, IDBKeyRange });
  expect(db().verno).toBeGreaterThanOrEqual(SAVED_VIEWS_VERSION);
  expect(await db().outbox.orderBy('id').toArray()).toEqual(before);
  expect(await db().savedViews.count()).toBe(0);

  // Offline: a view saved, then renamed before its save went out. Shown at once, both queued.
  h.net.offline = true;
  policy.baseDelay = policy.maxDelay = 600_000;
  const temp = await saveView(h.cid, { name: ' Lamps, newest first ', query: 'section=allproducts&q=lamp&sort=-created' }, 'a-view-save');
  expect(isTemp(temp)).toBe(true);
  expect(await saveView(h.cid, { name: 'Lamps, newest first', query: 'x' }, 'a-view-save')).toBeUndefined(); // the same action again: nothing
  await renameView(h.cid, temp!, 'Lamps', 'a-view-rename');
  await expect(saveView(h.cid, { name: 'LAMPS', query: '' }, 'a-view-dup')).rejects.toThrow('You already have a saved view with this name.');
  expect(await db().savedViews.toArray()).toMatchObject([{ id: temp, cid: h.cid, name: 'Lamps', query: 'section=allproducts&q=lamp&sort=-created' }]);
  await drainOutbox(); // tries offline; every entry then waits out its backoff
  expect((await db().outbox.toArray()).map((e) => e.action)).toEqual([...before.map((e) => e.action), 'a-view-save', 'a-view-rename']);

  // Reload, then back online: a lost answer and a duplicated request on the way.
  openLocal({ name: NAME, indexedDB: h.factory, IDBKeyRange });
  expect(await db().savedViews.count()).toBe(1);
  h.net.offline = false;
  [policy.baseDelay, policy.maxDelay] = [2, 40];
  h.net.queue = ['dropResponse', 'duplicate', 'dropResponse'];
  await retryWaitingNow();
  expect(await settle()).toEqual([]);

  const onServer = await h.s.db.query<{ id: number; name: string; query: string; deleted_at: Date | null }>(
    'SELECT id, name, query, deleted_at FROM saved_views WHERE user_id = $1 AND customer_id = $2', [userId, h.cid]);
  expect(onServer).toMatchObject([{ name: 'Lamps', query: 'section=allproducts&q=lamp&sort=-created', deleted_at: null }]);
  expect(await h.s.db.query("SELECT 1 FROM products WHERE sku = 'UPG-11'")).toHaveLength(1);
  expect(await db().savedViews.toArray()).toMatchObject([{ id: onServer[0]!.id, name: 'Lamps' }]);

  // Another device of the same user saves a view: the list's pull (a delta from here on) brings it.
  const spec = LISTS.find((l) => l.name === 'savedViews')!;
  await pullList(spec, h.cid);
  const token = await h.s.tokenFor(DEMO.acme);
  const r = await call(h.s, 'POST', '/posts/saved-views/store', { token, body: { id_customer: h.cid, name: 'From the laptop', query: 'section=templates' } });
  expect(r.status).toBe(200);
  const pulled = await pullList(spec, h.cid);
  expect(pulled.mode).toBe('delta');
  expect((await db().savedViews.where('cid').equals(h.cid).toArray()).map((v) => v.name).sort()).toEqual(['From the laptop', 'Lamps']);
});
