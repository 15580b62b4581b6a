// A bulk action's new tag (issue 28 at 10,000 products): the bulk entry waits on the tag's create
// without naming it, so the create's success rewrites neither that entry nor its rows; the rows hold
// the temp id until the pull that follows the bulk call's success brings the server's rows. Meanwhile
// a Remove tags by that id (or by the real one) works on the mirror and on the server. A step queued
// before the bulk that succeeds after it leaves the row's updated_at unknown (the bulk call moves it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBulk } from '../../src/data/catalog/bulk.ts';
import { db } from '../../src/data/local/db.ts';
import { newActionId, retryWaitingNow } from '../../src/data/outbox/outbox.ts';
import { saveProductInfo } from '../../src/data/catalog/product-info.ts';
import { productRow } from '../../src/data/local/product-pages.ts';
import { syncNow } from '../../src/data/sync/sync.ts';
import { isTemp } from '../../src/data/local/tempids.ts';
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
const serverTagsOf = (id: number) => serverTags(h, id);
const tagOn = async (id: number, name: string) => (await productRow(id))!.tags.find((t) => t.name === name);

describe('a bulk action\'s new tag', () => {
  it('is waited on, not named; its rows keep the temp id until the pull; Remove tags by either id works', async () => {
    const ps = take(3);
    const ids = ps.map((p) => p.id);
    h.net.offline = true;
    await applyBulk(h.cid, ids, { kind: 'addTags', tags: ['Bulk fresh'] }, act('Add tag Bulk fresh to 3 products'));
    const [create, bulk] = await db().outbox.orderBy('id').toArray();
    expect(create!.call.command).toBe('productInfo.tagStore');
    const temp = create!.creates!.temp;
    expect(bulk!.entities).toEqual(ids.map((id) => `product:${id}`));
    expect(bulk!.dependsOn).toContain(create!.id);
    h.net.offline = false;
    await retryWaitingNow();
    expect(await settle()).toEqual([]);
    const real = (await h.s.db.one<{ id: number }>("SELECT id FROM tags WHERE customer_id = $1 AND name = 'Bulk fresh'", [h.cid]))!.id;
    for (const id of ids) expect(await serverTagsOf(id)).toContain('Bulk fresh');
    expect((await db().tags.get(real))?.name).toBe('Bulk fresh');
    // Not rewritten by the create's success: the rows still say the temp id, by the same name.
    expect((await tagOn(ids[0]!, 'Bulk fresh'))?.id).toBe(temp);

    // Remove tags offered by the temp id a row still holds: the mirror drops it, the server gets the real id.
    await applyBulk(h.cid, ids.slice(0, 2), { kind: 'removeTags', tags: [temp] }, act('Remove tag Bulk fresh from 2 products'));
    for (const id of ids.slice(0, 2)) expect(await tagOn(id, 'Bulk fresh')).toBeUndefined();
    expect(await settle()).toEqual([]);
    for (const id of ids.slice(0, 2)) expect(await serverTagsOf(id)).not.toContain('Bulk fresh');

    // The pull brings the server's rows: the real id.
    await syncNow(h.cid);
    const after = await tagOn(ids[2]!, 'Bulk fresh');
    expect(after?.id).toBe(real);
    expect(isTemp(after!.id)).toBe(false);
  });

  it('a step queued before the bulk call that succeeds after the bulk was applied leaves updated_at unknown', async () => {
    const [p] = take(1);
    h.net.offline = true;
    await saveProductInfo(h.cid, p!.id, { fields: { note: 'Before the bulk' } }, newActionId());
    await applyBulk(h.cid, [p!.id], { kind: 'setCollection', collection: 'After the edit' }, act('Set the collection of 1 product'));
    expect((await productRow(p!.id))!.updated_at).toBeUndefined();
    h.net.offline = false;
    await retryWaitingNow();
    expect(await settle()).toEqual([]);
    // The edit's reply carried an updated_at the bulk call has since moved on from: the row does not keep it.
    expect((await productRow(p!.id))!.updated_at).toBeUndefined();
    expect((await productRow(p!.id))!.collection).toBe('After the edit');
    await syncNow(h.cid);
    const server = (await h.s.db.one<{ updated_at: Date }>('SELECT updated_at FROM products WHERE id = $1', [p!.id]))!.updated_at;
    expect(Date.parse((await productRow(p!.id))!.updated_at!)).toBe(server.getTime());
  });
});
