// The outbox against the real server: temp ids, every injected fault, offline/online, ordering,
// a parked 4xx with retry and discard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productWords } from '../../src/api/contract/rules/product.ts';
import { db } from '../../src/data/local/db.ts';
import { companyProducts, productRow } from '../../src/data/local/product-pages.ts';
import { drainOutbox, retryEntry, newActionId } from '../../src/data/outbox/outbox.ts';
import { discardEntry } from '../../src/data/outbox/outbox-discard.ts';
import { registerProducts } from '../../src/data/catalog/products.ts';
import { deleteProduct, saveProductInfo } from '../../src/data/catalog/product-info.ts';
import { syncStatus } from '../../src/data/local/store.ts';
import { startSync, syncNow } from '../../src/data/sync/sync.ts';
import { call, DEMO } from '../support/http.ts';
import { FAULTS, pngBlob, settle, startHarness, textFile, type Harness } from './support.ts';

let h: Harness;
let stop: () => void;
let subId: number;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
  stop = startSync({ customerId: h.cid });
  await syncNow(h.cid, true);
  subId = (await db().productCategories.toArray())[0]!.subcategories[0]!.id;
});
afterAll(async () => {
  stop?.();
  await h?.s.close();
});

interface ServerProduct { id: number; name: string; images: number; files: number; tags: string[]; subs: number[]; blocks: number }
async function serverProducts(sku: string): Promise<ServerProduct[]> {
  return h.s.db.query<ServerProduct>(
    `SELECT p.id, p.name,
            (SELECT count(*)::int FROM product_images i WHERE i.product_id = p.id) AS images,
            (SELECT count(*)::int FROM product_assets a WHERE a.product_id = p.id) AS files,
            COALESCE((SELECT array_agg(lower(t.name) ORDER BY lower(t.name)) FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = p.id), '{}') AS tags,
            COALESCE((SELECT array_agg(l.subcategory_id) FROM product_subcategory_links l WHERE l.product_id = p.id), '{}') AS subs,
            (SELECT count(*)::int FROM product_descriptions d WHERE d.product_id = p.id) AS blocks
       FROM products p WHERE p.sku = $1 AND p.deleted_at IS NULL`, [sku]);
}

const whole = async (sku: string) => ({
  sku, name: `Chair ${sku}`, tags: [`Fresh-${sku}`, 'linen'], subcategoryIds: [subId],
  images: [await pngBlob()], files: [textFile()], descriptions: [{ title: 'Care', notes: 'Wipe with a damp cloth.' }],
});

describe('outbox', () => {
  it('sends a product created offline whole, and re-keys it', async () => {
    h.net.offline = true;
    const [temp] = await registerProducts(h.cid, [await whole('OFF-1')], newActionId());
    expect(temp).toBeLessThan(0);
    expect((await productRow(temp!))?.name).toBe('Chair OFF-1');
    await drainOutbox();
    expect(syncStatus.get().online).toBe(false);
    expect((await db().outbox.toArray()).every((e) => e.state === 'retrying' || e.state === 'queued')).toBe(true);
    h.net.offline = false;
    expect(await settle()).toEqual([]);
    const [p] = await serverProducts('OFF-1');
    expect(p).toMatchObject({ name: 'Chair OFF-1', images: 1, files: 1, blocks: 1, subs: [subId], tags: ['fresh-off-1', 'linen'] });
    expect(await productRow(temp!)).toBeUndefined();
    const local = await productRow(p!.id);
    expect(local).toMatchObject({ id: p!.id, name: 'Chair OFF-1' });
    expect(local!.pendingImages ?? []).toEqual([]);
    expect(local!.images).toHaveLength(1);
    expect(local!.tags.every((t) => t.id > 0)).toBe(true);
    expect(await db().descriptions.where('productId').equals(p!.id).count()).toBe(1);
    expect(await db().blobs.count()).toBe(0);
  });

  it('saves and deletes through a temp id the create has already replaced (a screen opened offline)', async () => {
    h.net.offline = true;
    const [a, b] = await registerProducts(h.cid, [{ sku: 'TMP-1', name: 'Lamp TMP-1' }, { sku: 'TMP-2', name: 'Lamp TMP-2' }], newActionId());
    h.net.offline = false;
    expect(await settle()).toEqual([]);
    expect(await productRow(a!)).toBeUndefined();
    await saveProductInfo(h.cid, a!, { fields: { name: 'Rug TMP-1' } }, newActionId());
    await deleteProduct(h.cid, b!, newActionId());
    expect(await settle()).toEqual([]);
    expect(await serverProducts('TMP-1')).toMatchObject([{ name: 'Rug TMP-1' }]);
    expect(await serverProducts('TMP-2')).toEqual([]);
    expect((await companyProducts(h.cid)).filter((p) => p.sku === 'TMP-2')).toEqual([]);
  });

  for (const fault of FAULTS) {
    it(`loses and doubles nothing when requests meet ${fault}`, async () => {
      const sku = `F-${fault}`;
      h.net.queue = [fault, fault, fault];
      await registerProducts(h.cid, [await whole(sku)], newActionId());
      expect(await settle()).toEqual([]);
      const rows = await serverProducts(sku);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ images: 1, files: 1, blocks: 1, subs: [subId], tags: [`fresh-${sku.toLowerCase()}`, 'linen'] });
    });
  }

  it('keeps the order of edits under delayed and reordered requests', async () => {
    const [id] = await registerProducts(h.cid, [{ sku: 'ORD-1', name: 'v0', images: [await pngBlob()] }], newActionId());
    h.net.chooser = () => (Math.random() < 0.7 ? 'delay' : undefined);
    for (let i = 1; i <= 5; i++) {
      const local = (await companyProducts(h.cid)).find((x) => x.sku === 'ORD-1') ?? (await productRow(id!));
      await saveProductInfo(h.cid, local!.id, { fields: { name: `v${i}` } }, newActionId());
      void syncNow(h.cid);
    }
    expect(await settle()).toEqual([]);
    h.net.chooser = () => undefined;
    expect((await serverProducts('ORD-1'))[0]?.name).toBe('v5');
  });

  it('parks a 4xx with its dependents; retry sends them', async () => {
    h.net.queue = ['s422'];
    await registerProducts(h.cid, [{ sku: 'PARK-1', name: 'Parked', tags: ['linen'], descriptions: [{ title: 'A', notes: 'B' }] }], newActionId());
    const parked = await settle();
    expect(parked.map((e) => e.state)).toEqual(['parked', 'parked', 'parked']);
    expect(parked[0]!.error).toBe('Error creating product PARK-1 Injected 422');
    expect(parked[1]!.error).toMatch(/^Waiting for a change that failed: Create product PARK-1/);
    await retryEntry(parked[0]!.id!);
    expect(await settle()).toEqual([]);
    expect(await serverProducts('PARK-1')).toMatchObject([{ tags: ['linen'], blocks: 1 }]);
  });

  it('parks a 4xx; discard drops it and its dependents and re-pulls the truth', async () => {
    const [p] = (await companyProducts(h.cid)).sort((a, b) => b.id - a.id).slice(0, 1);
    const other = await h.s.tokenFor(DEMO.acme);
    expect((await call(h.s, 'DELETE', '/deletes/product/squedule', { token: other, query: { id_product: p!.id, id_customer: h.cid } })).status).toBe(200);
    await saveProductInfo(h.cid, p!.id, { fields: { name: 'Too late' }, addTags: ['linen'] }, newActionId());
    const parked = await settle();
    expect(parked[0]).toMatchObject({ state: 'parked', error: productWords.deletedElsewhere });
    expect(parked.length).toBeGreaterThan(1);
    expect((await productRow(p!.id))?.name).toBe('Too late');
    await discardEntry(parked[0]!.id!);
    expect(await db().outbox.count()).toBe(0);
    expect(await productRow(p!.id)).toBeUndefined();
  });
});
