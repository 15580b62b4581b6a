// Dexie version 2 -> 3 (unsent forms: drafts and draftFiles): a database of version 2 holding a queued
// action (its entries and a Blob) is upgraded in place, keeps them as one pending action, takes a
// draft with its files, and still drains exactly once against the real server.
import Dexie from 'dexie';
import { IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { db, openLocal } from '../../src/data/local/db.ts';
import { addDraftFiles, readDraft, writeDraft } from '../../src/data/catalog/drafts.ts';
import { DEMO } from '../support/http.ts';
import { pngBlob, settle, startHarness, type Harness } from './support.ts';

// The previous release's schema (version 2), frozen here: the fixture must not follow later edits of db.ts.
const PREVIOUS = {
  customers: 'id', products: 'id, cid, [cid+id]', templates: '[cid+id], cid, id', templateCategories: 'id', productCategories: 'id',
  tags: 'id, cid', ambients: 'id', templateTags: 'id', descriptions: 'id, productId', productFiles: '[productId+path], productId',
  retailers: 'id', outbox: '++id, state, *entities, action', blobs: '++id', meta: 'key', idmap: 'temp',
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
});
afterAll(async () => h?.s.close());

const P = -1_700_000_000_101;

it('upgrades a database with queued entries and a Blob, then drafts and drains', async () => {
  const old = new Dexie('facet-upgrade', { indexedDB: h.factory, IDBKeyRange });
  old.version(2).stores(PREVIOUS);
  await old.open();
  const blobId = (await old.table('blobs').add({ blob: await pngBlob('lamp.png'), name: 'lamp.png' })) as number;
  const base = { attempts: 0, nextAt: 0, createdAt: Date.now(), state: 'queued', key: '', action: 'a-upg-3', actionLabel: 'Add product UPG-3' };
  const create = (await old.table('outbox').add({
    ...base, key: crypto.randomUUID(), label: 'Create product UPG-3', entities: [`product:${P}`], dependsOn: [],
    call: { method: 'POST', path: '/posts/product/store', body: { id_customer: h.cid, name: 'Upgrade lamp', sku: 'UPG-3' } },
    creates: { temp: P, kind: 'product', from: 'product.id' },
  })) as number;
  await old.table('outbox').add({
    ...base, key: crypto.randomUUID(), label: 'Upload an image of UPG-3', entities: [`product:${P}`], dependsOn: [create],
    call: { method: 'POST', path: '/posts/product/resource/store', body: { id_product: P }, upload: { field: 'image', blobId } },
  });
  old.close();

  openLocal({ name: 'facet-upgrade', indexedDB: h.factory, IDBKeyRange });
  expect(db().verno).toBeGreaterThanOrEqual(3);
  expect((await db().outbox.toArray()).map((e) => e.label)).toEqual(['Create product UPG-3', 'Upload an image of UPG-3']);
  expect((await db().blobs.get(blobId))?.name).toBe('lamp.png');
  expect(new Set((await db().outbox.toArray()).map((e) => e.actionLabel))).toEqual(new Set(['Add product UPG-3']));

  // The new tables: a form's fields and a chosen file survive a "reload".
  const [fileId] = await addDraftFiles('add-products:1', [await pngBlob('chosen.png')]);
  await writeDraft('add-products:1', { items: [{ uid: 'a', name: 'Typed', imageIds: [fileId] }] });
  openLocal({ name: 'facet-upgrade', indexedDB: h.factory, IDBKeyRange });
  const kept = await readDraft<{ items: { uid: string; imageIds: number[] }[] }>('add-products:1');
  expect(kept.value?.items[0]).toMatchObject({ uid: 'a', name: 'Typed', imageIds: [fileId] });
  expect(kept.files.get(fileId!)?.name).toBe('chosen.png');
  expect(kept.files.get(fileId!)?.size).toBeGreaterThan(0);

  h.net.queue = ['dropResponse', 'duplicate'];
  expect(await settle()).toEqual([]);
  const rows = await h.s.db.query<{ images: number }>(
    `SELECT (SELECT count(*)::int FROM product_images i WHERE i.product_id = p.id) AS images FROM products p WHERE p.sku = 'UPG-3'`);
  expect(rows).toEqual([{ images: 1 }]);
});
