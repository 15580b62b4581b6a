// Dexie version 6 -> the pages version 7 (the first sync's product pages): a database of the
// previous release holds its whole mirror as one record per product, a queued edit of one of them,
// and a product created offline with an image Blob. Upgraded in place, the catalogue still reads
// every product, the queue drains exactly once, and the next pull is a delta (no new walk).
import { IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { db, openLocal, PAGES_VERSION } from '../../src/data/local/db.ts';
import { companyProducts, productRow } from '../../src/data/local/product-pages.ts';
import { syncNow } from '../../src/data/sync/sync.ts';
import { call, DEMO } from '../support/http.ts';
import { oldDatabase } from './schema-fixtures.ts';
import { pngBlob, settle, startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
});
afterAll(async () => h?.s.close());

const P = -1_700_000_200_001;

it('upgrades a database whose mirror is one record per product, with queued entries, and drains it exactly once', async () => {
  const token = await h.s.tokenFor(DEMO.acme);
  const list = await call(h.s, 'GET', '/gets/product/show', { token, query: { id_customer: h.cid } });
  const rows = (list.body.products as { id: number; name: string }[]).map((r) => ({ ...r, cid: h.cid }));
  const existing = rows[0]!;

  const old = await oldDatabase('facet-release-6', PAGES_VERSION - 1, h.factory);
  await old.table('products').bulkPut([...rows, { id: P, cid: h.cid, name: 'Upgrade chair', sku: 'UPG-7', tags: [], images: [], subcategories: [], categories: [] }]);
  await old.table('meta').put({ key: `products:${h.cid}`, cursor: list.body.cursor, at: Date.now() });
  const blobId = (await old.table('blobs').add({ blob: await pngBlob('chair.png'), name: 'chair.png' })) as number;
  const base = { attempts: 0, nextAt: 0, createdAt: Date.now(), state: 'queued', dependsOn: [] };
  const e = (o: object) => old.table('outbox').add({ ...base, key: crypto.randomUUID(), ...o });
  const create = await e({
    action: 'a-register', actionLabel: 'Add product UPG-7', label: 'Create product UPG-7', entities: [`product:${P}`],
    call: { method: 'POST', path: '/posts/product/store', body: { id_customer: h.cid, name: 'Upgrade chair', sku: 'UPG-7' } },
    creates: { temp: P, kind: 'product', from: 'product.id' },
  });
  await e({
    action: 'a-register', actionLabel: 'Add product UPG-7', label: 'Upload an image of UPG-7', entities: [`product:${P}`], dependsOn: [create],
    call: { method: 'POST', path: '/posts/product/resource/store', body: { id_product: P }, upload: { field: 'image', blobId } },
  });
  await e({
    action: 'a-edit', actionLabel: `Save ${existing.name}`, label: `Edit product ${existing.name}`, entities: [`product:${existing.id}`],
    call: { method: 'PUT', path: '/puts/product/edit', body: { id_product: existing.id, name: 'Renamed before the upgrade' } },
  });
  old.close();

  openLocal({ name: 'facet-release-6', indexedDB: h.factory, IDBKeyRange });
  expect(db().verno).toBeGreaterThanOrEqual(PAGES_VERSION);
  expect(await db().productPages.count()).toBe(0);
  expect((await companyProducts(h.cid)).length).toBe(rows.length + 1);
  expect(await db().outbox.count()).toBe(3);

  h.net.queue = ['dropResponse', 'duplicate', 'dropResponse'];
  expect(await settle()).toEqual([]);
  const made = await h.s.db.query<{ images: number }>(
    `SELECT (SELECT count(*)::int FROM product_images i WHERE i.product_id = p.id) AS images FROM products p WHERE p.sku = 'UPG-7' AND deleted_at IS NULL`);
  expect(made).toEqual([{ images: 1 }]);
  expect((await h.s.db.one<{ name: string }>('SELECT name FROM products WHERE id = $1', [existing.id]))!.name).toBe('Renamed before the upgrade');
  expect(await db().blobs.count()).toBe(0);

  const stats = await syncNow(h.cid);
  expect(stats.lists.products?.mode).toBe('delta');
  expect((await productRow(existing.id))?.name).toBe('Renamed before the upgrade');
  expect((await companyProducts(h.cid)).filter((p) => p.sku === 'UPG-7')).toHaveLength(1);
  expect((await companyProducts(h.cid)).length).toBe(rows.length + 1);
});
