// Discard restores at once, offline too (issue 26): the mirror keeps the server's last confirmed
// version of every row a queued action changes, and Discard puts it back in its own transaction: the
// product (its own record or a first-sync page's copy), its blocks and files, the catalogue's index
// and so search; a template likewise. Nothing reaches the server, and a reopened database agrees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogIndex, runQuery } from '../../src/data/catalog/catalog-query.ts';
import { db } from '../../src/data/local/db.ts';
import { drainOutbox, newActionId, policy } from '../../src/data/outbox/outbox.ts';
import { discardAction } from '../../src/data/outbox/outbox-discard.ts';
import { deleteProduct, saveProductInfo } from '../../src/data/catalog/product-info.ts';
import { companyProducts, productRow } from '../../src/data/local/product-pages.ts';
import { syncNow } from '../../src/data/sync/sync.ts';
import { pullProduct } from '../../src/data/pull/sync-lists.ts';
import { editTemplate } from '../../src/data/catalog/templates.ts';
import { call, DEMO } from '../support/http.ts';
import { settle, startHarness, textFile, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
  await syncNow(h.cid, true);
  // An offline try waits out its backoff for the rest of the test: nothing is being sent when Discard runs.
  policy.baseDelay = policy.maxDelay = 600_000;
});
afterAll(async () => h?.s.close());

const localBySku = async (sku: string) => (await companyProducts(h.cid)).find((p) => p.sku === sku)!;
const found = async (text: string) => (await runQuery({ kind: 'products', customerId: h.cid, text })).items.map((p) => p.id);
const blocks = async (id: number) => (await db().descriptions.where('productId').equals(id).toArray()).sort((a, b) => a.id - b.id);
const files = async (id: number) => (await db().productFiles.where('productId').equals(id).toArray()).map((f) => f.path).sort();
const serverName = async (id: number) => (await h.s.db.one<{ name: string }>('SELECT name FROM products WHERE id = $1', [id]))!.name;

describe('discard restores the server version at once', () => {
  it('an offline Info save: the product, its blocks, files and search, also after a reopen', async () => {
    const p = await localBySku('ACM-1040');
    await pullProduct(h.cid, p.id); // its blocks and files, as the product screen pulls them
    const before = (await productRow(p.id))!;
    const [blocksBefore, filesBefore] = [await blocks(p.id), await files(p.id)];
    await catalogIndex('products', h.cid).load();
    expect(await found(before.name)).toContain(p.id);

    h.net.offline = true;
    const action = newActionId();
    await saveProductInfo(h.cid, p.id, {
      fields: { name: 'Discarded offline name', finish: 'Discarded finish' }, addTags: ['discarded-tag'],
      blocks: [...blocksBefore.map((b) => ({ ...b, notes: 'Changed notes' })), { title: 'New block', notes: 'New notes' }],
      addFiles: [textFile('discarded.txt')], removeFiles: filesBefore.slice(0, 1),
    }, action);
    await drainOutbox(); // the try the save started fails offline
    expect((await productRow(p.id))!.name).toBe('Discarded offline name');
    await expect.poll(() => found('discarded offline name')).toEqual([p.id]);
    expect(await db().confirmed.get(`product:${p.id}`)).toMatchObject({ row: before, descriptions: blocksBefore, files: filesBefore });

    expect(await discardAction(action)).toBe(true);
    // At once, offline: the server's version, everywhere the screens read it.
    expect(await productRow(p.id)).toEqual(before);
    expect(await blocks(p.id)).toEqual(blocksBefore);
    expect(await files(p.id)).toEqual(filesBefore);
    await expect.poll(() => found('discarded offline name')).toEqual([]);
    expect(await found(before.name)).toContain(p.id);
    expect(await db().confirmed.count()).toBe(0);
    expect(await db().outbox.count()).toBe(0);

    h.reload();
    expect(await productRow(p.id)).toEqual(before);
    expect(await blocks(p.id)).toEqual(blocksBefore);
    expect(await found('discarded offline name')).toEqual([]);
    expect(await found(before.name)).toContain(p.id);
    h.net.offline = false;
    expect(await serverName(p.id)).toBe(before.name);
  });

  it('an offline delete of a row only a first-sync page holds: the row is back at once', async () => {
    const p = await localBySku('ACM-1041');
    expect(await db().products.get(p.id)).toBeUndefined(); // in a page, not its own record
    h.net.offline = true;
    const action = newActionId();
    await deleteProduct(h.cid, p.id, action);
    await drainOutbox();
    expect(await productRow(p.id)).toBeUndefined();
    await expect.poll(() => found(p.sku.toLowerCase())).toEqual([]);
    expect(await discardAction(action)).toBe(true);
    expect(await productRow(p.id)).toEqual(p);
    await expect.poll(() => found(p.sku.toLowerCase())).toEqual([p.id]);
    h.reload();
    expect(await productRow(p.id)).toEqual(p);
    h.net.offline = false;
  });

  it('a refused edit: a pull records the version others saved since, which Discard then puts back', async () => {
    const p = await localBySku('ACM-1042');
    h.net.queue = ['s422'];
    const action = newActionId();
    await saveProductInfo(h.cid, p.id, { fields: { name: 'Refused name' } }, action);
    expect((await settle()).map((e) => e.state)).toEqual(['parked']);
    // Someone else renames it meanwhile; a pull leaves the held row alone but records theirs.
    const token = await h.s.tokenFor(DEMO.acme);
    expect((await call(h.s, 'PUT', '/puts/product/edit', { token, body: { id_product: p.id, name: 'Their name' } })).status).toBe(200);
    await pullProduct(h.cid, p.id);
    expect((await productRow(p.id))!.name).toBe('Refused name');
    h.net.offline = true;
    expect(await discardAction(action)).toBe(true);
    expect((await productRow(p.id))!.name).toBe('Their name');
    await expect.poll(() => found('their name')).toContain(p.id);
    h.net.offline = false;
  });

  it('an offline template edit: the template is back at once', async () => {
    const t = (await db().templates.where('cid').equals(h.cid).first())!;
    h.net.offline = true;
    const action = newActionId();
    await editTemplate(h.cid, t.id, { name: 'Discarded template', note: 'x', public: t.public, clientId: t.id_customer ?? undefined, addTags: ['discarded'] }, action);
    await drainOutbox();
    expect((await db().templates.get([h.cid, t.id]))!.name).toBe('Discarded template');
    expect(await discardAction(action)).toBe(true);
    expect(await db().templates.get([h.cid, t.id])).toEqual(t);
    h.reload();
    expect(await db().templates.get([h.cid, t.id])).toEqual(t);
    h.net.offline = false;
  });
});
