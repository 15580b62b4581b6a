// One user action = one pending change, against the real server: an offline Info save is one
// action with its steps; Retry and Discard work per action (discard drops what depends on it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productWords } from '../../src/api/contract/rules/product.ts';
import { groupActions } from '../../src/data/local/actions.ts';
import { db } from '../../src/data/local/db.ts';
import { companyProducts, productRow } from '../../src/data/local/product-pages.ts';
import { retryAction, newActionId } from '../../src/data/outbox/outbox.ts';
import { discardAction } from '../../src/data/outbox/outbox-discard.ts';
import { saveProductInfo } from '../../src/data/catalog/product-info.ts';
import { startSync, syncNow } from '../../src/data/sync/sync.ts';
import { call, DEMO } from '../support/http.ts';
import { settle, startHarness, type Harness } from './support.ts';

let h: Harness;
let stop: () => void;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
  stop = startSync({ customerId: h.cid });
  await syncNow(h.cid, true);
});
afterAll(async () => {
  stop?.();
  await h?.s.close();
});

const pending = async () => groupActions(await db().outbox.toArray());
const localBySku = async (sku: string) => (await companyProducts(h.cid)).find((p) => p.sku === sku)!;
const serverTags = (id: number) =>
  h.s.db.query<{ name: string }>('SELECT t.name FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = $1 ORDER BY t.name', [id]);

describe('pending actions', () => {
  it('one offline Save with a new tag and a new name is one action listing its three steps', async () => {
    const p = await localBySku('ACM-1057');
    h.net.offline = true;
    await saveProductInfo(h.cid, p.id, { fields: { name: 'Offline name' }, addTags: ['offline-tag'] }, newActionId());
    const [a, ...rest] = await pending();
    expect(rest).toEqual([]);
    expect(a).toMatchObject({ label: 'Save ACM-1057', alsoDiscards: [] });
    expect(a!.steps.map((s) => s.label)).toEqual(['Create tag offline-tag', 'Edit product ACM-1057', 'Tag ACM-1057 with offline-tag']);
    h.net.offline = false;
    expect(await settle()).toEqual([]);
    expect((await h.s.db.one<{ name: string }>('SELECT name FROM products WHERE id = $1', [p.id]))!.name).toBe('Offline name');
    expect((await serverTags(p.id)).map((t) => t.name)).toContain('offline-tag');
  });

  it('Retry sends a parked action again, whole', async () => {
    const p = await localBySku('ACM-1056');
    h.net.queue = ['s422'];
    await saveProductInfo(h.cid, p.id, { fields: { name: 'Second try' }, addTags: ['retry-tag'] }, newActionId());
    await settle();
    const [a] = await pending();
    expect(a).toMatchObject({ label: 'Save ACM-1056', state: 'parked', message: 'Error create tag retry-tag: Injected 422' });
    expect(a!.steps.every((s) => s.state === 'parked')).toBe(true);
    await retryAction(a!.id);
    expect(await settle()).toEqual([]);
    expect((await serverTags(p.id)).map((t) => t.name)).toContain('retry-tag');
    expect((await h.s.db.one<{ name: string }>('SELECT name FROM products WHERE id = $1', [p.id]))!.name).toBe('Second try');
  });

  it('Discard drops the action and the actions that depend on it, and re-pulls the truth', async () => {
    const p = await localBySku('ACM-1055');
    const q = await localBySku('ACM-1054');
    const other = await h.s.tokenFor(DEMO.acme);
    expect((await call(h.s, 'DELETE', '/deletes/product/squedule', { token: other, query: { id_product: p.id, id_customer: h.cid } })).status).toBe(200);
    h.net.offline = true;
    await saveProductInfo(h.cid, p.id, { fields: { name: 'Too late' }, addTags: ['shared-new'] }, newActionId());
    // A second product typing the same new tag reuses its temp id: it waits for the tag's create,
    // a step of the first Save, and not for the first Save's other steps.
    await saveProductInfo(h.cid, q.id, { addTags: ['shared-new'] }, newActionId());
    await saveProductInfo(h.cid, q.id, { fields: { finish: 'Walnut' } }, newActionId());
    const actions = await pending();
    expect(actions.map((a) => [a.label, a.steps.length])).toEqual([['Save ACM-1055', 3], ['Save ACM-1054', 1], ['Save ACM-1054', 1]]);
    expect(actions[0]!.alsoDiscards).toEqual(['Save ACM-1054']);
    h.net.offline = false;
    const left = await settle();
    // The new tag reached the server; the edit did not, and only its own product's steps wait.
    expect(left.map((e) => e.label)).toEqual(['Edit product ACM-1055', 'Tag ACM-1055 with shared-new']);
    const [first] = await pending();
    expect(first).toMatchObject({ state: 'parked', message: productWords.deletedElsewhere });
    expect(first!.alsoDiscards).toEqual([]);
    expect(await discardAction(first!.id)).toBe(true);
    expect(await db().outbox.count()).toBe(0);
    expect(await productRow(p.id)).toBeUndefined();
    // ACM-1054's saves went through on their own.
    expect((await h.s.db.one<{ finish: string }>('SELECT finish FROM products WHERE id = $1', [q.id]))!.finish).toBe('Walnut');
    expect((await serverTags(q.id)).map((t) => t.name)).toContain('shared-new');
    expect((await db().tags.filter((t) => t.name === 'shared-new').toArray()).map((t) => t.id > 0)).toEqual([true]);
  });
});
