// Fix (issue 26), against the real server: a product step refused for its values (an entry queued by
// an older release whose form let it through) offers Fix, not Retry; the correction is judged by the
// contract's rules first, then sent as the same action, with the files and tags that waited for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupActions } from '../../src/data/local/actions.ts';
import { db } from '../../src/data/local/db.ts';
import { newActionId } from '../../src/data/outbox/outbox.ts';
import { fixRefusedProductStep, refusedProductStep } from '../../src/data/catalog/outbox-fix.ts';
import { saveProductInfo } from '../../src/data/catalog/product-info.ts';
import { companyProducts, productRow } from '../../src/data/local/product-pages.ts';
import { registerProducts } from '../../src/data/catalog/products.ts';
import { RuleError } from '../../src/data/local/rule-error.ts';
import { startSync, syncNow } from '../../src/data/sync/sync.ts';
import type { OutboxEntry } from '../../src/data/local/types.ts';
import { DEMO } from '../support/http.ts';
import { pngBlob, settle, startHarness, type Harness } from './support.ts';

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

/** What an older release's looser form queued: the step's body as it was, bypassing today's checks. */
async function queuedByOldRelease(command: OutboxEntry['call']['command'], patch: Record<string, unknown>) {
  await db().outbox.filter((e) => e.call.command === command).modify((e) => {
    e.call = { ...e.call, body: { ...(e.call.body as object), ...patch } } as OutboxEntry['call'];
  });
}

const serverProduct = (sku: string) => h.s.db.query<{ id: number; name: string; height: string; images: number }>(
  `SELECT p.id, p.name, p.height, (SELECT count(*)::int FROM product_images i WHERE i.product_id = p.id) AS images
     FROM products p WHERE p.sku = $1 AND p.deleted_at IS NULL`, [sku]);

describe('Fix a refused product', () => {
  it('a create refused for its height: Fix, not Retry; the corrected product is sent once, with its image', async () => {
    h.net.offline = true;
    const [temp] = await registerProducts(h.cid, [{ sku: 'FIX-1', name: 'Fix me', images: [await pngBlob('front.png')] }], newActionId());
    await queuedByOldRelease('products.store', { height: '-1' });
    h.net.offline = false;
    const left = await settle();
    expect(left.map((e) => e.state)).toEqual(['parked', 'parked']);
    const [a] = groupActions(left);
    const store = left.find((e) => e.call.command === 'products.store')!;
    expect(a).toMatchObject({ state: 'parked', retryable: false, fixStep: store.id });
    expect(a!.message).toBe('Error creating product FIX-1 The height field must not be negative.');

    const step = (await refusedProductStep(store.id!))!;
    expect(step).toMatchObject({ command: 'products.store', productId: temp, files: ['front.png'] });
    expect(step.values).toMatchObject({ sku: 'FIX-1', name: 'Fix me', height: '-1' });
    expect(step.errors).toEqual({ height: ['The height field must not be negative.'] });

    // A correction the server would refuse again is refused here first, in its words; nothing moves.
    await expect(fixRefusedProductStep(store.id!, { height: 'abc' })).rejects.toThrow(RuleError);
    expect((await db().outbox.get(store.id!))?.state).toBe('parked');

    await fixRefusedProductStep(store.id!, { height: '12' });
    expect(await settle()).toEqual([]);
    expect(await serverProduct('FIX-1')).toMatchObject([{ name: 'Fix me', height: '12', images: 1 }]);
    // A second Fix of the same step (a double click) finds nothing to fix and sends nothing.
    await expect(fixRefusedProductStep(store.id!, { height: '12' })).rejects.toThrow(RuleError);
    expect(await serverProduct('FIX-1')).toHaveLength(1);
    expect(await productRow(temp!)).toBeUndefined();
  });

  it('an Info edit refused for a 300-character name: the form shows it with the server words; the fix reaches the server', async () => {
    const p = (await companyProducts(h.cid)).find((x) => x.sku === 'ACM-1050')!;
    h.net.offline = true;
    await saveProductInfo(h.cid, p.id, { fields: { name: 'Short enough' } }, newActionId());
    await queuedByOldRelease('products.edit', { name: 'x'.repeat(300) });
    h.net.offline = false;
    const [edit] = await settle();
    expect(edit).toMatchObject({ state: 'parked', refused: { status: 422 } });
    const step = (await refusedProductStep(edit!.id!))!;
    expect(step.values.name).toBe('x'.repeat(300));
    expect(step.values.sku).toBe('ACM-1050'); // the rest of the product, as this device has it
    expect(step.errors.name?.[0]).toMatch(/name field must not be greater than 255 characters/);

    await fixRefusedProductStep(edit!.id!, { name: 'Fixed name' });
    expect((await productRow(p.id))?.name).toBe('Fixed name'); // at once, on this device
    expect(await settle()).toEqual([]);
    expect((await serverProduct('ACM-1050'))[0]!.name).toBe('Fixed name');
  });
});
