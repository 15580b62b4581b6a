// Dexie version 1 -> 2 (outbox entries gain their action): a database of release 1 holding an
// offline registration (temp ids for the product and a new tag, a queued image Blob, a later
// edit) is upgraded in place, shows one pending change per old entry, and drains against the
// real server exactly once, under lost and doubled replies.
import Dexie from 'dexie';
import { IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { groupActions, legacyActionId } from '../../src/data/local/actions.ts';
import { productRow } from '../../src/data/local/product-pages.ts';
import { db, openLocal } from '../../src/data/local/db.ts';
import { DEMO } from '../support/http.ts';
import { pngBlob, settle, startHarness, type Harness } from './support.ts';

// Release 1's schema, frozen here: the fixture must not follow later edits of db.ts.
const V1 = {
  customers: 'id', products: 'id, cid, [cid+id]', templates: '[cid+id], cid, id', templateCategories: 'id', productCategories: 'id',
  tags: 'id, cid', ambients: 'id', templateTags: 'id', descriptions: 'id, productId', productFiles: '[productId+path], productId',
  retailers: 'id', outbox: '++id, state, *entities', blobs: '++id', meta: 'key', idmap: 'temp',
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
});
afterAll(async () => h?.s.close());

const P = -1_700_000_000_001; // temp ids as release 1 made them
const T = -1_700_000_000_002;

async function releaseOneDatabase(name: string) {
  const old = new Dexie(name, { indexedDB: h.factory, IDBKeyRange });
  old.version(1).stores(V1);
  await old.open();
  const blobId = (await old.table('blobs').add({ blob: await pngBlob('chair.png'), name: 'chair.png' })) as number;
  await old.table('products').put({
    id: P, id_product: P, id_customer: h.cid, cid: h.cid, sku: 'UPG-1', name: 'Upgraded chair', // the edit's optimistic value collection: '', automation_system: 0,
    cancelable_as: 1, height: '', width: '', depth: '', finish: '', note: '', measure: 'in', images: [], pendingImages: [blobId],
    created_at: new Date().toISOString(), subcategories: [], categories: [], tags: [{ id: T, name: 'upgrade-tag' }],
  });
  await old.table('tags').put({ id: T, name: 'upgrade-tag', cid: h.cid });
  const base = { attempts: 0, nextAt: 0, createdAt: Date.now(), state: 'queued' };
  const e = (o: object) => old.table('outbox').add({ ...base, key: crypto.randomUUID(), ...o });
  const create = await e({
    label: 'Create product UPG-1', entities: [`product:${P}`], dependsOn: [], errorPrefix: 'Error creating product UPG-1 ',
    call: { method: 'POST', path: '/posts/product/store', body: { id_customer: h.cid, name: 'Upgrade chair', sku: 'UPG-1' } },
    creates: { temp: P, kind: 'product', from: 'product.id' },
  });
  const tag = await e({
    label: 'Create tag upgrade-tag', entities: [`tag:${T}`], dependsOn: [],
    call: { method: 'POST', path: '/posts/tag/store', body: { id_customer: h.cid, name: 'upgrade-tag' } },
    creates: { temp: T, kind: 'tag', from: 'tag.id' },
  });
  const link = await e({
    label: 'Tag UPG-1 with upgrade-tag', entities: [`product:${P}`, `tag:${T}`], dependsOn: [create, tag],
    call: { method: 'POST', path: '/posts/product/tag/store', body: { id_product: P, id_tag: T } },
  });
  const upload = await e({
    label: 'Upload an image of UPG-1', entities: [`product:${P}`], dependsOn: [create, link], state: 'retrying', attempts: 2,
    call: { method: 'POST', path: '/posts/product/resource/store', body: { id_product: P }, upload: { field: 'image', blobId } },
  });
  await e({
    label: 'Edit product UPG-1', entities: [`product:${P}`], dependsOn: [create, link, upload],
    call: { method: 'PUT', path: '/puts/product/edit', body: { id_product: P, name: 'Upgraded chair' } },
  });
  old.close();
}

it('upgrades a version 1 database with queued entries, temp ids and a Blob, then drains it exactly once', async () => {
  await releaseOneDatabase('facet-release-1');
  openLocal({ name: 'facet-release-1', indexedDB: h.factory, IDBKeyRange });
  const entries = await db().outbox.orderBy('id').toArray();
  expect(db().verno).toBeGreaterThanOrEqual(2); // and on to the latest version
  expect(entries.map((x) => [x.action, x.actionLabel])).toEqual(entries.map((x) => [legacyActionId(x.id!), x.label]));
  expect(await db().outbox.where('action').equals(legacyActionId(entries[2]!.id!)).count()).toBe(1);
  const actions = groupActions(entries);
  expect(actions.map((a) => [a.label, a.steps.length])).toEqual([
    ['Create product UPG-1', 1], ['Create tag upgrade-tag', 1], ['Tag UPG-1 with upgrade-tag', 1], ['Upload an image of UPG-1', 1], ['Edit product UPG-1', 1],
  ]);
  expect((await db().blobs.toArray())[0]!.blob.size).toBeGreaterThan(0);

  h.net.queue = ['dropResponse', 'duplicate', 'dropResponse', 'duplicate', 'duplicate'];
  expect(await settle()).toEqual([]);
  expect(h.net.injected.dropResponse + h.net.injected.duplicate).toBe(5);

  const rows = await h.s.db.query<{ id: number; name: string; images: number; tags: string[] }>(
    `SELECT p.id, p.name, (SELECT count(*)::int FROM product_images i WHERE i.product_id = p.id) AS images,
            COALESCE((SELECT array_agg(t.name) FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = p.id), '{}') AS tags
       FROM products p WHERE p.sku = 'UPG-1'`);
  expect(rows).toEqual([{ id: expect.any(Number), name: 'Upgraded chair', images: 1, tags: ['upgrade-tag'] }]);
  const tags = await h.s.db.query('SELECT id FROM tags WHERE customer_id = $1 AND name = $2', [h.cid, 'upgrade-tag']);
  expect(tags).toHaveLength(1);
  const local = await productRow(rows[0]!.id);
  expect(local).toMatchObject({ name: 'Upgraded chair', tags: [{ id: tags[0]!.id, name: 'upgrade-tag' }] });
  expect(local!.images).toHaveLength(1);
  expect(await productRow(P)).toBeUndefined();
  expect(await db().blobs.count()).toBe(0);
});
