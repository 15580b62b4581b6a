// Dexie version 9 -> the confirmed-rows version 10 (Discard restores at once): a database of the
// previous release holds an offline Info edit (its row already shows the new name) and a product
// created offline with its image. Upgraded in place, the entries stay as they were and the new table
// is empty: the server's version of a row changed by an older entry is not known yet. The next pull
// records it, so a Discard, offline, puts it back at once; the rest drains exactly once.
import { IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONFIRMED_VERSION, db, openLocal } from '../../src/data/local/db.ts';
import { drainOutbox, policy, retryWaitingNow } from '../../src/data/outbox/outbox.ts';
import { discardAction } from '../../src/data/outbox/outbox-discard.ts';
import { productRow } from '../../src/data/local/product-pages.ts';
import { pullProduct } from '../../src/data/pull/sync-lists.ts';
import type { OutboxEntry } from '../../src/data/local/types.ts';
import { call, DEMO } from '../support/http.ts';
import { oldDatabase } from './schema-fixtures.ts';
import { pngBlob, settle, startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
});
afterAll(async () => h?.s.close());

const P = -1_700_001_000_001;

it('upgrades with queued entries: a pull records the server version a discard puts back offline; the rest drains once', async () => {
  const token = await h.s.tokenFor(DEMO.acme);
  const id = (await h.s.db.one<{ id: number }>("SELECT id FROM products WHERE customer_id = $1 AND sku = 'ACM-1030'", [h.cid]))!.id;
  const { descriptions: _d, files: _f, file_names: _n, images_uploaded: _u, sizeImageProduct: _s, ...server } =
    (await call(h.s, 'GET', '/gets/product', { token, query: { id_product: id, id_customer: h.cid } })).body.product;

  const old = await oldDatabase('facet-release-9', CONFIRMED_VERSION - 1, h.factory);
  const image = (await old.table('blobs').add({ blob: await pngBlob('stool.png'), name: 'stool.png' })) as number;
  await old.table('products').bulkPut([
    { ...server, cid: h.cid, name: 'Renamed by release 9', updated_at: undefined },
    { id: P, id_product: P, cid: h.cid, id_customer: h.cid, name: 'Upgraded stool', sku: 'UPG-10', tags: [], images: [], pendingImages: [image], subcategories: [], categories: [] },
  ]);
  const add = (o: Partial<OutboxEntry>) => old.table('outbox').add({ attempts: 0, nextAt: 0, createdAt: Date.now(), state: 'queued', dependsOn: [], ...o }) as Promise<number>;
  await add({
    action: 'a-info-10', actionLabel: 'Save ACM-1030', label: 'Edit product ACM-1030', key: 'a-info-10.0', entities: [`product:${id}`], base: server.updated_at,
    call: { command: 'products.edit', body: { id_product: id, name: 'Renamed by release 9' } },
  });
  const create = await add({
    action: 'a-register-10', actionLabel: 'Add product UPG-10', label: 'Create product UPG-10', key: 'a-register-10.0', entities: [`product:${P}`],
    call: { command: 'products.store', body: { id_customer: h.cid, name: 'Upgraded stool', sku: 'UPG-10' } }, creates: { temp: P, kind: 'product', from: 'product.id' },
  });
  await add({
    action: 'a-register-10', actionLabel: 'Add product UPG-10', label: 'Upload an image of UPG-10', key: 'a-register-10.1', entities: [`product:${P}`], dependsOn: [create],
    call: { command: 'productInfo.imageStore', body: { id_product: P }, upload: { blobId: image } },
  });
  const before = await old.table('outbox').orderBy('id').toArray();
  old.close();

  openLocal({ name: 'facet-release-9', indexedDB: h.factory, IDBKeyRange });
  expect(db().verno).toBeGreaterThanOrEqual(CONFIRMED_VERSION);
  expect(await db().outbox.orderBy('id').toArray()).toEqual(before);
  expect(await db().confirmed.count()).toBe(0);

  // The product screen's pull: the row stays as queued; the server's version is recorded.
  await pullProduct(h.cid, id);
  expect((await productRow(id))!.name).toBe('Renamed by release 9');
  expect((await db().confirmed.get(`product:${id}`))?.kind).toBe('product');

  h.net.offline = true;
  policy.baseDelay = policy.maxDelay = 600_000;
  await drainOutbox(); // tries and fails offline; each entry then waits out its backoff
  expect(await discardAction('a-info-10')).toBe(true);
  expect((await productRow(id))!.name).toBe(server.name);
  expect(await productRow(id)).toMatchObject({ ...server, cid: h.cid });

  h.net.offline = false;
  [policy.baseDelay, policy.maxDelay] = [2, 40];
  h.net.queue = ['dropResponse', 'duplicate'];
  await retryWaitingNow();
  expect(await settle()).toEqual([]);
  const made = await h.s.db.query<{ images: number }>(
    `SELECT (SELECT count(*)::int FROM product_images i WHERE i.product_id = p.id) AS images FROM products p WHERE p.sku = 'UPG-10'`);
  expect(made).toEqual([{ images: 1 }]);
  expect((await h.s.db.one<{ name: string }>('SELECT name FROM products WHERE id = $1', [id]))!.name).toBe(server.name);
  expect(await db().confirmed.count()).toBe(0);
});
