// The paged first sync: pages written as they arrive, progress, a resume after a dropped connection
// and a reload with the ranges not yet written (not from zero), stray local rows removed, then deltas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import { companyProducts, productRow, productRows } from '../../src/data/local/product-pages.ts';
import { syncStatus } from '../../src/data/local/store.ts';
import { syncNow } from '../../src/data/sync/sync.ts';
import { LISTS } from '../../src/data/pull/sync-lists.ts';
import { pendingWalk, setPageSize } from '../../src/data/pull/sync-pages.ts';
import { db } from '../../src/data/local/db.ts';
import { call, DEMO } from '../support/http.ts';
import { startHarness, type Harness } from './support.ts';
import { changeByHand } from '../support/by-hand.ts';

let h: Harness;
beforeAll(async () => { h = await startHarness(DEMO.acme); });
afterAll(async () => { setPageSize(5000); await h?.s.close(); });

const products = LISTS.find((l) => l.name === 'products')!;
const isList = (c: InternalAxiosRequestConfig) => !!c.url?.endsWith('/gets/product/show');
const serverIds = async () =>
  (await h.s.db.query<{ id: number }>('SELECT id FROM products WHERE customer_id = $1 AND deleted_at IS NULL ORDER BY id DESC', [h.cid])).map((r) => r.id);
const localIds = async () => (await companyProducts(h.cid)).map((p) => p.id).sort((a, b) => b - a);

describe('paged first sync', () => {
  it('resumes with the ranges not yet written after a dropped connection and a reload', async () => {
    setPageSize(7);
    // Rows this device holds that the server no longer has: above the first page, and in the middle.
    const gone = (await serverIds())[30]!;
    await changeByHand(h.s.db, 'UPDATE products SET deleted_at = now() WHERE id = $1', [gone]);
    const ids = await serverIds();
    await db().products.bulkPut([{ id: ids[0]! + 1000, cid: h.cid }, { id: gone, cid: h.cid }] as never);
    let asked = 0;
    h.net.chooser = (c) => (isList(c) && ++asked === 4 ? 'dropRequest' : undefined);
    const progress: string[] = [];
    const off = syncStatus.subscribe(() => {
      const p = syncStatus.get().progress;
      if (p && progress.at(-1) !== `${p.done} of ${p.total}`) progress.push(`${p.done} of ${p.total}`);
    });
    await syncNow(h.cid, true);
    // The first page and the pages before the dropped one are written; the walk knows what is left.
    const walk = (await pendingWalk(products, h.cid))!;
    const held = (await localIds()).filter((id) => id !== gone);
    expect(walk.written).toBe(held.length);
    expect(held.length).toBeGreaterThanOrEqual(14);
    expect(held.length).toBeLessThan(ids.length);
    expect(walk.total).toBe(ids.length);
    expect(walk.gaps.length).toBeGreaterThan(0);
    expect(held.every((id) => !walk.gaps.some(([lo, hi]) => lo <= id && id < hi))).toBe(true);
    expect(syncStatus.get().progress).toBeUndefined();
    expect(progress[0]).toBe(`7 of ${ids.length}`);

    h.reload();
    const ranges: [number, number][] = [];
    h.net.chooser = (c) => void (isList(c) && ranges.push([Number(c.params?.from ?? 0), Number(c.params?.before)]));
    await syncNow(h.cid, true);
    off();
    // Exactly the missing ranges were asked, each once.
    expect(ranges.sort((a, b) => b[1] - a[1])).toEqual([...walk.gaps].sort((a, b) => b[1] - a[1]));
    expect(await localIds()).toEqual(ids);
    expect(await pendingWalk(products, h.cid)).toBeUndefined();
    expect((await db().meta.get(`products:${h.cid}`))?.cursor).toBeTruthy();
    expect(progress.at(-1)).toMatch(new RegExp(`^\\d+ of ${ids.length}$`));
  });

  it("reads many rows at once, each product's own record over its page copy", async () => {
    const ids = await serverIds();
    const [edited] = ids;
    await db().products.put({ ...(await productRow(edited!))!, name: 'Own record' });
    const rows = await productRows([...ids, 999_999]);
    expect(rows.map((r) => r?.id)).toEqual([...ids, undefined]);
    expect(rows[0]?.name).toBe('Own record');
    expect((await productRows([ids[5]!, ids[40]!])).map((r) => r?.id)).toEqual([ids[5], ids[40]]);
  });

  it("goes on with deltas from the first page's cursor: a change made after the walk arrives", async () => {
    const token = await h.s.tokenFor(DEMO.acme);
    const [first] = await serverIds();
    expect((await call(h.s, 'PUT', '/puts/product/edit', { token, body: { id_product: first, name: 'Renamed after the walk' } })).status).toBe(200);
    const stats = await syncNow(h.cid);
    expect(stats.lists.products).toMatchObject({ mode: 'delta' });
    expect((await productRow(first!))?.name).toBe('Renamed after the walk');
  });
});
