// A batch of products made offline (each with two images), taken out of the stored form as it is
// queued, survives a reload, and drains exactly once under the fault-injecting adapter. The middle
// product is refused by the server (a real 422): only its own chain stops, with the server's message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/data/local/db.ts';
import { addDraftFiles, readDraft, writeDraft } from '../../src/data/catalog/drafts.ts';
import { waitForOutcomes } from '../../src/data/outbox/outcome.ts';
import type { ProductDraft } from '../../src/data/catalog/products.ts';
import { queueProductBatch } from '../../src/data/catalog/registration.ts';
import { syncStatus } from '../../src/data/local/store.ts';
import { syncNow } from '../../src/data/sync/sync.ts';
import { DEMO } from '../support/http.ts';
import { pngBlob, settle, startHarness, textFile, type Harness, type Fault } from './support.ts';
import { newActionId } from '../../src/data/outbox/outbox.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
  await syncNow(h.cid, true);
});
afterAll(async () => h?.s.close());

const KEY = 'add-products:test';
const SKUS = ['BAT-1', 'BAT-2', 'BAT-3', 'BAT-4', 'BAT-5'];

async function serverRows(sku: string) {
  return h.s.db.query<{ id: number; images: number; files: number; tags: string[] }>(
    `SELECT p.id, (SELECT count(*)::int FROM product_images i WHERE i.product_id = p.id) AS images,
            (SELECT count(*)::int FROM product_assets a WHERE a.product_id = p.id) AS files,
            COALESCE((SELECT array_agg(lower(t.name) ORDER BY lower(t.name)) FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = p.id), '{}') AS tags
       FROM products p WHERE p.sku = $1 AND p.deleted_at IS NULL`, [sku]);
}

describe('an offline batch of products', () => {
  it('is queued out of the form, survives a reload and drains exactly once; a refused product stops only its own chain', async () => {
    // The stored form: five products, two images each (ids in draftFiles).
    const items = [];
    for (const sku of SKUS) {
      const ids = await addDraftFiles(KEY, [await pngBlob(`${sku}-a.png`), await pngBlob(`${sku}-b.png`)]);
      items.push({ uid: sku, fileIds: ids });
    }
    await writeDraft(KEY, { items: items.map((i) => ({ uid: i.uid })) });
    const { files } = await readDraft(KEY);
    expect(files.size).toBe(10);

    h.net.offline = true;
    const drafts = items.map(({ uid, fileIds }): { uid: string; draft: ProductDraft; fileIds: number[] } => ({
      uid, fileIds,
      draft: {
        sku: uid, name: `Batch ${uid}`, tags: ['batch-tag'], images: fileIds.map((id) => files.get(id)!), files: [textFile()],
      },
    }));
    const queued = await queueProductBatch(h.cid, KEY, drafts, newActionId());
    // The data layer refuses an unknown unit before queuing; an outbox written by an older version may
    // still hold one. The server refuses it (a real 422), whatever the client let through.
    const create3 = (await db().outbox.toArray()).find((e) => e.call.command === 'products.store' && e.call.body?.sku === 'BAT-3')!;
    await db().outbox.update(create3.id!, { 'call.body.measure': 'yd' });
    expect(queued.map((q) => q.uid)).toEqual(SKUS);
    // One shared new tag, created by the first product's chain; every product waits on the device.
    expect((await readDraft(KEY)).value).toEqual({ items: [] });
    expect((await readDraft(KEY)).files.size).toBe(0);
    expect((await db().products.where('id').below(0).toArray()).map((p) => p.sku).sort()).toEqual(SKUS);
    syncStatus.set({ online: false });
    expect((await waitForOutcomes(queued.map((q) => q.entries), undefined, { pollMs: 5 })).map((o) => o.state)).toEqual(['queued', 'queued', 'queued', 'queued', 'queued']);

    // A reload while offline: everything is still there.
    h.reload();
    const left = await db().outbox.toArray();
    expect(left.length).toBe(queued.flatMap((q) => q.entries).length);
    expect(await db().blobs.count()).toBe(15); // two images and a file each

    // Back online, over a network that drops, doubles and delays requests.
    const faults: Fault[] = ['dropRequest', 'dropResponse', 'duplicate', 'delay', 's503', 's429'];
    let n = 0;
    h.net.chooser = (c) => (c.method?.toUpperCase() !== 'GET' && n++ % 3 === 0 ? faults[n % faults.length] : undefined);
    h.net.offline = false;
    syncStatus.set({ online: true });
    const parked = await settle(60_000);
    h.net.chooser = () => undefined;

    for (const sku of ['BAT-1', 'BAT-2', 'BAT-4', 'BAT-5']) {
      expect(await serverRows(sku), sku).toEqual([{ id: expect.any(Number), images: 2, files: 1, tags: ['batch-tag'] }]);
    }
    expect(await serverRows('BAT-3')).toEqual([]);
    // Only BAT-3's chain is left: its create with the server's message, its steps waiting behind it.
    const create = parked.find((e) => e.call.command === 'products.store')!;
    expect(create.state).toBe('parked');
    expect(create.error).toMatch(/^Error creating product BAT-3 /);
    expect(parked.every((e) => e.state === 'parked')).toBe(true);
    expect(parked.every((e) => e.id === create.id || e.entities.includes(create.entities[0]!))).toBe(true);
    expect(parked.length).toBe(queued[2]!.entries.length);
    expect((await h.s.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM tags WHERE lower(name) = 'batch-tag' AND customer_id = $1`, [h.cid]))!.n).toBe(1);
    expect(h.net.injected.dropResponse + h.net.injected.duplicate).toBeGreaterThan(0);

    // The screen's view: four sent, one failed with the server's message.
    const outcomes = await waitForOutcomes(queued.map((q) => q.entries), undefined, { pollMs: 5 });
    expect(outcomes.map((o) => o.state)).toEqual(['sent', 'sent', 'failed', 'sent', 'sent']);
    expect(outcomes[2]).toMatchObject({ message: create.error });
  });
});
