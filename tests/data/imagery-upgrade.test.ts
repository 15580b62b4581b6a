// Dexie version 5 (users) -> the imagery version 6 (new tables for document 3's lists): a database of the
// previous release holding queued entries (a product edit, a grouped registration with an image
// Blob) is upgraded in place, keeps its pending actions, gains the empty imagery tables, and drains
// exactly once against the real server.
import { IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { groupActions } from '../../src/data/local/actions.ts';
import { db, IMAGERY_VERSION, openLocal } from '../../src/data/local/db.ts';
import { pullImageryList } from '../../src/data/pull/imagery-sync.ts';
import { DEMO } from '../support/http.ts';
import { oldDatabase } from './schema-fixtures.ts';
import { pngBlob, settle, startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
});
afterAll(async () => h?.s.close());

const P = -1_700_000_100_001;

async function previousReleaseDatabase(name: string, existing: { id: number; name: string }) {
  const old = await oldDatabase(name, IMAGERY_VERSION - 1, h.factory);
  const blobId = (await old.table('blobs').add({ blob: await pngBlob('lamp.png'), name: 'lamp.png' })) as number;
  const base = { attempts: 0, nextAt: 0, createdAt: Date.now(), state: 'queued' };
  const e = (o: object) => old.table('outbox').add({ ...base, key: crypto.randomUUID(), ...o });
  const create = await e({
    action: 'a-register', actionLabel: 'Add product UPG-2', label: 'Create product UPG-2', entities: [`product:${P}`], dependsOn: [],
    call: { method: 'POST', path: '/posts/product/store', body: { id_customer: h.cid, name: 'Upgrade lamp', sku: 'UPG-2' } },
    creates: { temp: P, kind: 'product', from: 'product.id' },
  });
  await e({
    action: 'a-register', actionLabel: 'Add product UPG-2', label: 'Upload an image of UPG-2', entities: [`product:${P}`], dependsOn: [create],
    state: 'retrying', attempts: 3,
    call: { method: 'POST', path: '/posts/product/resource/store', body: { id_product: P }, upload: { field: 'image', blobId } },
  });
  await e({
    action: 'a-edit', actionLabel: `Save ${existing.name}`, label: `Edit product ${existing.name}`, entities: [`product:${existing.id}`], dependsOn: [],
    call: { method: 'PUT', path: '/puts/product/edit', body: { id_product: existing.id, collection: 'Upgraded collection' } },
  });
  old.close();
}

it('upgrades a database of the previous release with queued entries and drains it exactly once', async () => {
  const existing = (await h.s.db.one<{ id: number; name: string }>('SELECT id, name FROM products WHERE customer_id = $1 ORDER BY id LIMIT 1', [h.cid]))!;
  await previousReleaseDatabase('facet-release-5', existing);
  openLocal({ name: 'facet-release-5', indexedDB: h.factory, IDBKeyRange });
  expect(db().verno).toBeGreaterThanOrEqual(IMAGERY_VERSION);
  const entries = await db().outbox.orderBy('id').toArray();
  expect(groupActions(entries).map((a) => [a.label, a.steps.length])).toEqual([['Add product UPG-2', 2], [`Save ${existing.name}`, 1]]);
  // The imagery tables exist and are empty until pulled.
  expect(await db().presets.count()).toBe(0);
  expect(await db().sectionFiles.count()).toBe(0);

  h.net.queue = ['dropResponse', 'duplicate', 'dropResponse'];
  expect(await settle()).toEqual([]);
  const made = await h.s.db.query<{ id: number; images: number }>(
    `SELECT p.id, (SELECT count(*)::int FROM product_images i WHERE i.product_id = p.id) AS images FROM products p WHERE p.sku = 'UPG-2'`);
  expect(made).toEqual([{ id: expect.any(Number), images: 1 }]);
  expect((await h.s.db.one<{ collection: string }>('SELECT collection FROM products WHERE id = $1', [existing.id]))!.collection).toBe('Upgraded collection');
  await pullImageryList(h.cid, existing.id, 'presets-silo');
  expect(await db().presets.where('[productId+section]').equals([existing.id, 'silo']).count()).toBeGreaterThan(0);
  expect(await db().blobs.count()).toBe(0);
});
