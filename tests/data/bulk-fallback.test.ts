// A server without the bulk extension (the studio's API): the real server started without that route
// answers the bulk call 404, and the client sends the specs' per-product calls instead, as steps of
// the same user action (one row in Pending changes). A refusal of our own handler (404 "Product not
// found.") is not taken for a missing route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productBulkRoutes } from '../../server/routes/products-bulk.ts';
import { applyBulk } from '../../src/data/catalog/bulk.ts';
import { db } from '../../src/data/local/db.ts';
import { newActionId } from '../../src/data/outbox/outbox.ts';
import { companyProducts } from '../../src/data/local/product-pages.ts';
import { noBulkRoute } from '../../src/data/outbox/bulk-fallback.ts';
import { ApiFailure } from '../../src/api/client.ts';
import { syncNow } from '../../src/data/sync/sync.ts';
import type { OutboxEntry, ProductRow } from '../../src/data/local/types.ts';
import { DEMO } from '../support/http.ts';
import { settle, startHarness, type Harness } from './support.ts';

let h: Harness;
let pool: ProductRow[];
beforeAll(async () => {
  h = await startHarness(DEMO.acme, { without: [productBulkRoutes] });
  await syncNow(h.cid, true);
  pool = (await companyProducts(h.cid)).filter((p) => p.id > 0).sort((a, b) => a.id - b.id);
});
afterAll(async () => h?.s.close());

const serverTags = async (id: number) =>
  (await h.s.db.query<{ name: string }>('SELECT t.name FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = $1', [id])).map((r) => r.name);
const server = async (id: number) => (await h.s.db.one<{ collection: string; deleted: boolean }>('SELECT collection, deleted_at IS NOT NULL AS deleted FROM products WHERE id = $1', [id]))!;

describe('bulk actions against a server without the extension', () => {
  it('add tags: the tag is created, then attached product by product, as one action', async () => {
    const ps = pool.splice(0, 2);
    const action = { id: newActionId(), label: 'Add tag Fallback to 2 products' };
    await applyBulk(h.cid, ps.map((p) => p.id), { kind: 'addTags', tags: ['Fallback'] }, action);
    expect(await settle()).toEqual([]);
    for (const p of ps) expect(await serverTags(p.id)).toContain('Fallback');
    // Every call was a step of the same action: each key starts with its id.
    const keys = (await h.s.db.query<{ key: string; path: string }>('SELECT key, path FROM idempotency_keys')).filter((k) => k.key.startsWith(action.id));
    expect(keys.map((k) => k.path.replace(/^.*\/posts/, '/posts')).sort()).toEqual(['/posts/product/tag/store', '/posts/product/tag/store', '/posts/tag/store']);
    expect(await db().outbox.count()).toBe(0);
  });

  it('set collection and delete: one Info edit, one delete per product', async () => {
    const ps = pool.splice(0, 2);
    await applyBulk(h.cid, ps.map((p) => p.id), { kind: 'setCollection', collection: 'Fallen back' }, { id: newActionId(), label: 'Set collection' });
    expect(await settle()).toEqual([]);
    for (const p of ps) expect((await server(p.id)).collection).toBe('Fallen back');
    await applyBulk(h.cid, ps.map((p) => p.id), { kind: 'delete' }, { id: newActionId(), label: 'Delete 2 products' });
    expect(await settle()).toEqual([]);
    for (const p of ps) expect((await server(p.id)).deleted).toBe(true);
  });

  it("our own handler's 404 is a refusal, not a missing route", () => {
    const bulk = { call: { command: 'productBulk.apply' } } as OutboxEntry;
    expect(noBulkRoute(bulk, new ApiFailure('Not found.', 404))).toBe(true);
    expect(noBulkRoute(bulk, new ApiFailure('Product not found.', 404))).toBe(false);
    expect(noBulkRoute(bulk, new ApiFailure('Tag not found.', 404))).toBe(false);
  });
});
