// The paged first sync: pages written as they arrive, progress, a resume after a dropped connection
// and a reload from the last page written (not from zero), stray local rows removed, then deltas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import { db } from '../../src/data/db.ts';
import { syncStatus } from '../../src/data/store.ts';
import { syncNow } from '../../src/data/sync.ts';
import { LISTS } from '../../src/data/sync-lists.ts';
import { pendingWalk, setPageSize } from '../../src/data/sync-pages.ts';
import { call, DEMO } from '../support/http.ts';
import { startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => { h = await startHarness(DEMO.acme); });
afterAll(async () => { setPageSize(5000); await h?.s.close(); });

const products = LISTS.find((l) => l.name === 'products')!;
const isList = (c: InternalAxiosRequestConfig) => !!c.url?.endsWith('/gets/product/show');
const serverIds = async () =>
  (await h.s.db.query<{ id: number }>('SELECT id FROM products WHERE customer_id = $1 AND deleted_at IS NULL ORDER BY id DESC', [h.cid])).map((r) => r.id);

describe('paged first sync', () => {
  it('resumes from the last page written after a dropped connection and a reload', async () => {
    setPageSize(7);
    const ids = await serverIds();
    // Rows this device holds that the server no longer has: above the first page, and below the last.
    await db().products.bulkPut([{ id: ids[0]! + 1000, cid: h.cid }, { id: 1, cid: h.cid }] as never);
    const asked: (number | undefined)[] = [];
    h.net.chooser = (c) => {
      if (!isList(c)) return undefined;
      asked.push(c.params?.before);
      return asked.length === 4 ? 'dropRequest' : undefined;
    };
    const progress: string[] = [];
    const off = syncStatus.subscribe(() => {
      const p = syncStatus.get().progress;
      if (p && progress.at(-1) !== `${p.done} of ${p.total}`) progress.push(`${p.done} of ${p.total}`);
    });
    await syncNow(h.cid, true);
    // Three pages written, the fourth dropped: the catalogue already holds them, and knows where it stopped.
    expect(await db().products.where('cid').equals(h.cid).count()).toBe(21 + 1);
    expect(await pendingWalk(products, h.cid)).toMatchObject({ before: ids[20], written: 21, total: ids.length });
    expect(syncStatus.get().progress).toBeUndefined();

    h.reload();
    asked.length = 0;
    h.net.chooser = (c) => void (isList(c) && asked.push(c.params?.before));
    await syncNow(h.cid, true);
    off();
    expect(asked[0]).toBe(ids[20]);
    expect(asked).toHaveLength(Math.ceil((ids.length - 21) / 7));
    const local = (await db().products.where('cid').equals(h.cid).primaryKeys()).sort((a, b) => b - a);
    expect(local).toEqual(ids);
    expect(await pendingWalk(products, h.cid)).toBeUndefined();
    expect((await db().meta.get(`products:${h.cid}`))?.cursor).toBeTruthy();
    expect(progress.slice(0, 3)).toEqual([`7 of ${ids.length}`, `14 of ${ids.length}`, `21 of ${ids.length}`]);
    expect(progress.at(-1)).toBe(`${Math.floor((ids.length - 1) / 7) * 7} of ${ids.length}`);
  });

  it('goes on with deltas from the first page\'s cursor: a change made during the walk arrives', async () => {
    const token = await h.s.tokenFor(DEMO.acme);
    const [first] = await serverIds();
    expect((await call(h.s, 'PUT', '/puts/product/edit', { token, body: { id_product: first, name: 'Renamed after the walk' } })).status).toBe(200);
    const stats = await syncNow(h.cid);
    expect(stats.lists.products).toMatchObject({ mode: 'delta' });
    expect((await db().products.get(first!))?.name).toBe('Renamed after the walk');
  });
});
