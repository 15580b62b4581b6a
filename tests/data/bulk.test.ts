// Bulk actions (issue 28) through the real server: one user action, one queued call of the bulk
// extension; made offline, kept across a reload, sent once on reconnect, with a product still only on
// this device rewritten to its real id first; Undo while queued (nothing reaches the server) and after
// sending (the inverse, one new action: only the tags that were newly added go; deleted ones return).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBulk } from '../../src/data/catalog/bulk.ts';
import { undoBulk } from '../../src/data/catalog/bulk-undo.ts';
import { runQuery } from '../../src/data/catalog/catalog-query.ts';
import { db } from '../../src/data/local/db.ts';
import { drainOutbox, newActionId, retryWaitingNow } from '../../src/data/outbox/outbox.ts';
import { discardAction } from '../../src/data/outbox/outbox-discard.ts';
import { saveProductInfo } from '../../src/data/catalog/product-info.ts';
import { productRow } from '../../src/data/local/product-pages.ts';
import { registerProducts } from '../../src/data/catalog/products.ts';
import type { ProductRow } from '../../src/data/local/types.ts';
import { bulkAction, serverTags, startCatalogHarness } from './bulk-support.ts';
import { settle, type Harness } from './support.ts';

let h: Harness;
let pool: ProductRow[];
beforeAll(async () => {
  ({ h, pool } = await startCatalogHarness());
});
afterAll(async () => h?.s.close());

const take = (n: number) => pool.splice(0, n);
const act = bulkAction;
const keysOn = async (path: string) => (await h.s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys WHERE path LIKE $1', [`%${path}`]))!.n;
const serverTagsOf = (id: number) => serverTags(h, id);
const serverRow = async (sku: string) => h.s.db.one<{ id: number; collection: string; deleted: boolean }>(
  'SELECT id, collection, deleted_at IS NOT NULL AS deleted FROM products WHERE customer_id = $1 AND sku = $2', [h.cid, sku]);
const localTags = async (id: number) => (await productRow(id))!.tags.map((t) => t.name);

describe('bulk actions', () => {
  it('a bulk tag made offline (one product only on this device), reloaded, reconnected: one action, sent once', async () => {
    const ps = take(3);
    h.net.offline = true;
    const [temp] = await registerProducts(h.cid, [{ sku: 'BULK-NEW-1', name: 'Bulk offline' }], newActionId());
    const a = act('Add tag Bulk Oak to 4 products');
    await applyBulk(h.cid, [...ps.map((p) => p.id), temp!], { kind: 'addTags', tags: ['Bulk Oak'] }, a);
    await applyBulk(h.cid, [...ps.map((p) => p.id), temp!], { kind: 'addTags', tags: ['Bulk Oak'] }, a); // a second click
    for (const p of ps) expect(await localTags(p.id)).toContain('Bulk Oak'); // at once, from the mirror
    const mine = await db().outbox.where('action').equals(a.id).toArray();
    // The new tag's create, then one bulk call (the product's create is its own action).
    expect(mine.map((e) => e.call.command)).toEqual(['productInfo.tagStore', 'productBulk.apply']);
    await drainOutbox(); // fails offline and waits out its backoff
    h.reload();
    for (const p of ps) expect(await localTags(p.id)).toContain('Bulk Oak');
    h.net.offline = false;
    await retryWaitingNow();
    expect(await settle()).toEqual([]);
    for (const p of ps) expect(await serverTagsOf(p.id)).toContain('Bulk Oak');
    expect(await serverTagsOf((await serverRow('BULK-NEW-1'))!.id)).toContain('Bulk Oak'); // its temp id became the real one
    expect(await keysOn('/posts/product/bulk')).toBe(1);
  });

  it('Undo while still queued: discarded, the mirror as before, nothing reaches the server', async () => {
    const ps = take(3);
    h.net.offline = true;
    const a = act('Set the collection of 3 products to Undone');
    const before = (await applyBulk(h.cid, ps.map((p) => p.id), { kind: 'setCollection', collection: 'Undone' }, a))!;
    expect((await productRow(ps[0]!.id))!.collection).toBe('Undone');
    await drainOutbox();
    expect(await undoBulk(before, a.id, act('Undo'))).toBe('discarded');
    for (const p of ps) expect((await productRow(p.id))!.collection).toBe(p.collection);
    expect(await db().outbox.count()).toBe(0);
    h.net.offline = false;
    await retryWaitingNow();
    for (const p of ps) expect((await serverRow(p.sku))!.collection).toBe(p.collection);
  });

  it('rows only first-sync pages hold: no recorded copy; Discard shows the pages\' copies again, with an Info edit queued after it', async () => {
    const ps = take(3);
    const ids = ps.map((p) => p.id);
    expect(await db().products.bulkGet(ids)).toEqual([undefined, undefined, undefined]); // only pages hold them
    h.net.offline = true;
    const a = act('Set the collection of 3 products to Paged');
    await applyBulk(h.cid, ids, { kind: 'setCollection', collection: 'Paged' }, a);
    expect(await db().confirmed.bulkGet(ids.map((id) => `product:${id}`))).toEqual([undefined, undefined, undefined]);
    // An Info edit of one of them after it: its server version is recorded then, from its page.
    await saveProductInfo(h.cid, ids[0]!, { fields: { name: 'Renamed after the bulk' } }, newActionId());
    expect(await db().confirmed.get(`product:${ids[0]}`)).toMatchObject({ row: { name: ps[0]!.name, collection: ps[0]!.collection } });
    await drainOutbox(); // fails offline and waits out its backoff: nothing is being sent
    expect(await discardAction(a.id)).toBe(true); // the edit depends on it: both go
    for (const p of ps) expect(await productRow(p.id)).toMatchObject({ name: p.name, collection: p.collection });
    expect(await db().outbox.count()).toBe(0);
    expect(await db().confirmed.count()).toBe(0);
    h.net.offline = false;
    await retryWaitingNow();
    for (const p of ps) expect((await serverRow(p.sku))!.collection).toBe(p.collection);
  });

  it('Undo after sending: removes only the tags it newly added, as one new action', async () => {
    const ps = take(3);
    const had = ps[0]!.tags[0]!.name; // the first product already has this tag: Undo leaves it
    const a = act(`Add tag ${had}, Fresh to 3 products`);
    const before = (await applyBulk(h.cid, ps.map((p) => p.id), { kind: 'addTags', tags: [had, 'Fresh'] }, a))!;
    expect(await settle()).toEqual([]);
    for (const p of ps) expect(await serverTagsOf(p.id)).toEqual(expect.arrayContaining([had, 'Fresh']));
    const undo = act('Undo');
    expect(await undoBulk(before, a.id, undo)).toBe('queued');
    const queued = await db().outbox.toArray();
    expect(new Set(queued.map((e) => e.action))).toEqual(new Set([undo.id]));
    expect(queued.every((e) => e.call.command === 'productBulk.apply')).toBe(true);
    for (const p of ps) expect(await localTags(p.id)).not.toContain('Fresh'); // at once
    expect(await settle()).toEqual([]);
    expect(await serverTagsOf(ps[0]!.id)).toContain(had);
    for (const p of ps) {
      expect(await serverTagsOf(p.id)).not.toContain('Fresh');
      if (!p.tags.some((t) => t.name === had)) expect(await serverTagsOf(p.id)).not.toContain(had);
    }
  });

  it('Undo of a delete after sending: the products come back through one bulk restore', async () => {
    const ps = take(2);
    const a = act('Delete 2 products');
    const before = (await applyBulk(h.cid, ps.map((p) => p.id), { kind: 'delete' }, a))!;
    expect(await productRow(ps[0]!.id)).toBeUndefined();
    expect(await settle()).toEqual([]);
    for (const p of ps) expect((await serverRow(p.sku))!.deleted).toBe(true);
    expect(await undoBulk(before, a.id, act('Undo'))).toBe('queued');
    expect((await productRow(ps[0]!.id))!.sku).toBe(ps[0]!.sku); // back at once, pending
    expect(await settle()).toEqual([]);
    for (const p of ps) expect((await serverRow(p.sku))!.deleted).toBe(false);
    expect(await keysOn('/posts/product/bulk/restore')).toBe(1); // one call for both
  });

  it('the catalogue index takes a large bulk change in one pass: order, count and search as before', async () => {
    const all = async () => (await runQuery({ kind: 'products', customerId: h.cid })).items.map((p) => p.id);
    const order = await all();
    const ps = pool.splice(0, 40); // over the index's one-by-one limit
    h.net.offline = true;
    const a = act('Set the collection of 40 products to Bulkhead');
    const before = (await applyBulk(h.cid, ps.map((p) => p.id), { kind: 'setCollection', collection: 'Bulkhead' }, a))!;
    const found = async () => (await runQuery({ kind: 'products', customerId: h.cid, text: 'bulkhead' })).items.map((p) => p.id);
    await expect.poll(found).toEqual(ps.map((p) => p.id).sort((x, y) => y - x));
    expect(await all()).toEqual(order);
    expect(await undoBulk(before, a.id, act('Undo'))).toBe('discarded');
    await expect.poll(found).toEqual([]);
    expect(await all()).toEqual(order);
    h.net.offline = false;
  });
});
