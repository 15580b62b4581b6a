// Undo of a product delete (issue 28), through the real server: a delete still on this device is
// discarded and never sent; one the server took is restored by one queued action, made offline,
// kept across a reload, sent once on reconnect; a second Undo of the same restore adds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogIndex, runQuery } from '../../src/data/catalog/catalog-query.ts';
import { db } from '../../src/data/local/db.ts';
import { drainOutbox, newActionId, policy, retryWaitingNow } from '../../src/data/outbox/outbox.ts';
import { deleteProduct } from '../../src/data/catalog/product-info.ts';
import { undoDelete, type DeletedCopy } from '../../src/data/catalog/product-undo.ts';
import { companyProducts, productRow } from '../../src/data/local/product-pages.ts';
import { syncNow } from '../../src/data/sync/sync.ts';
import { pullProduct } from '../../src/data/pull/sync-lists.ts';
import { DEMO } from '../support/http.ts';
import { settle, startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
  await syncNow(h.cid, true);
  await catalogIndex('products', h.cid).load();
  // An offline try waits out its backoff for the rest of the test: nothing is being sent when Undo runs.
  policy.baseDelay = policy.maxDelay = 600_000;
});
afterAll(async () => h?.s.close());

const localBySku = async (sku: string) => (await companyProducts(h.cid)).find((p) => p.sku === sku)!;
const found = async (text: string) => (await runQuery({ kind: 'products', customerId: h.cid, text })).items.map((p) => p.id);
const deletedOnServer = async (id: number) => (await h.s.db.one<{ gone: boolean }>('SELECT deleted_at IS NOT NULL AS gone FROM products WHERE id = $1', [id]))!.gone;
const keysOn = async (path: string) => (await h.s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys WHERE path LIKE $1', [`%${path}`]))!.n;
/** What the product screen holds when Delete is pressed. */
async function copyOf(id: number): Promise<DeletedCopy> {
  await pullProduct(h.cid, id);
  return {
    row: (await productRow(id))!,
    descriptions: await db().descriptions.where('productId').equals(id).toArray(),
    files: await db().productFiles.where('productId').equals(id).toArray(),
  };
}

describe('undo of a product delete', () => {
  it('while the delete is still on this device: discarded, nothing reaches the server', async () => {
    const p = await localBySku('ACM-1043');
    const copy = await copyOf(p.id);
    h.net.offline = true;
    const del = newActionId();
    await deleteProduct(h.cid, p.id, del);
    await drainOutbox();
    expect(await productRow(p.id)).toBeUndefined();
    expect(await undoDelete(h.cid, copy, del, newActionId())).toBe('discarded');
    expect(await productRow(p.id)).toEqual(copy.row);
    expect(await db().outbox.count()).toBe(0);
    await expect.poll(() => found(p.sku.toLowerCase())).toEqual([p.id]);
    h.net.offline = false;
    expect(await deletedOnServer(p.id)).toBe(false);
  });

  it('after the server took it: one restore, made offline, kept across a reload, sent once', async () => {
    const p = await localBySku('ACM-1044');
    const copy = await copyOf(p.id);
    const del = newActionId();
    await deleteProduct(h.cid, p.id, del);
    expect(await settle()).toEqual([]);
    expect(await deletedOnServer(p.id)).toBe(true);
    await expect.poll(() => found(p.sku.toLowerCase())).toEqual([]);

    h.net.offline = true;
    const undo = newActionId();
    expect(await undoDelete(h.cid, copy, del, undo)).toBe('restored');
    await undoDelete(h.cid, copy, del, undo); // Undo clicked twice: the same action, nothing more queued
    // Back at once, pending, offline.
    expect(await productRow(p.id)).toEqual(copy.row);
    await expect.poll(() => found(p.sku.toLowerCase())).toEqual([p.id]);
    const queued = await db().outbox.toArray();
    expect(queued.map((e) => e.call.command)).toEqual(['productUndo.restore']);
    await drainOutbox(); // a try while offline: it fails and waits out its backoff
    h.reload();
    expect(await productRow(p.id)).toEqual(copy.row);
    h.net.offline = false;
    // What the page does at its 'online' event: a try that failed offline waited out its backoff (here 10 minutes).
    await retryWaitingNow();
    expect(await settle()).toEqual([]);
    expect(await deletedOnServer(p.id)).toBe(false);
    expect(await keysOn('/posts/product/restore')).toBe(1);
    expect((await productRow(p.id))!.updated_at).not.toBe(copy.row.updated_at); // the server's version now
  });
});
