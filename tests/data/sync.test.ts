// Pulling: a full pull, a delta after server-side edits and deletes, 304 when nothing changed,
// the fallback for a server without updated_since, and rows held by the outbox.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/data/local/db.ts';
import { companyProducts, productRow } from '../../src/data/local/product-pages.ts';
import { saveProductInfo } from '../../src/data/catalog/product-info.ts';
import { newActionId } from '../../src/data/outbox/outbox.ts';
import { resolveConflict } from '../../src/data/outbox/conflict.ts';
import { syncStatus } from '../../src/data/local/store.ts';
import { syncNow } from '../../src/data/sync/sync.ts';
import { untilClockPasses } from '../support/db-clock.ts';
import { call, DEMO } from '../support/http.ts';
import { settledNow } from '../../server/domain/delta.ts';
import { settle, startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
});
afterAll(async () => h?.s.close());

const serverCount = async (cid: number) =>
  (await h.s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM products WHERE customer_id = $1 AND deleted_at IS NULL', [cid]))!.n;

describe('sync', () => {
  it('pulls every list in full first', async () => {
    const stats = await syncNow(h.cid, true);
    expect(stats.lists.products).toMatchObject({ status: 200, mode: 'full' });
    expect(await (await companyProducts(h.cid)).length).toBe(await serverCount(h.cid));
    expect(await db().templates.where('cid').equals(h.cid).count()).toBeGreaterThan(0);
    expect(await db().tags.where('cid').equals(h.cid).count()).toBeGreaterThan(0);
    expect(await db().productCategories.count()).toBeGreaterThan(0);
    expect(await db().templateCategories.count()).toBeGreaterThan(0);
    expect((await db().meta.get(`products:${h.cid}`))?.cursor).toBeTruthy();
  });

  it('answers a repeat with nothing changed in under 2 kB, and 304 from then on', async () => {
    // The first repeat is a delta (the stored ETag was the full list's): no rows, a few bytes.
    const first = await syncNow(h.cid);
    expect(first.lists.products).toMatchObject({ mode: 'delta', rows: 0, deleted: 0 });
    expect(first.bytes).toBeLessThan(2048 * 3);
    // A routine pull (focus, after a drain) skips the fresh reference lists; a full one asks them all.
    const routine = await syncNow(h.cid);
    expect(Object.keys(routine.lists).sort()).toEqual(['products', 'savedViews', 'tags', 'templates']);
    for (const [name, r] of Object.entries(routine.lists)) expect(r.status, name).toBe(304);
    expect(routine.bytes).toBeLessThan(2048);
    const stats = await syncNow(h.cid, true);
    expect(Object.keys(stats.lists)).toHaveLength(10);
    for (const [name, r] of Object.entries(stats.lists)) expect(r.status, name).toBe(304);
    // The server side alone: a matching If-None-Match is answered 304 with no body.
    const token = await h.s.tokenFor(DEMO.acme);
    const full = await call(h.s, 'GET', '/gets/product/categories/show', { token });
    const tag = full.headers.get('etag')!;
    expect(tag).toMatch(/^W\//);
    const again = await call(h.s, 'GET', '/gets/product/categories/show', { token, headers: { 'if-none-match': tag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  it('pulls only the changes and the deletions since the last pull', async () => {
    const [a, b] = (await companyProducts(h.cid)).slice(0, 2);
    const other = await h.s.tokenFor(DEMO.acme);
    const edit = await call(h.s, 'PUT', '/puts/product/edit', { token: other, body: { id_product: a!.id, name: 'Renamed on the server' } });
    expect(edit.status).toBe(200);
    expect((await call(h.s, 'DELETE', '/deletes/product/squedule', { token: other, query: { id_product: b!.id, id_customer: h.cid } })).status).toBe(200);
    const stats = await syncNow(h.cid);
    expect(stats.lists.products).toMatchObject({ status: 200, mode: 'delta', deleted: 1 });
    expect(stats.lists.products!.rows).toBeLessThan(5);
    expect((await productRow(a!.id))?.name).toBe('Renamed on the server');
    expect(await productRow(b!.id)).toBeUndefined();
    expect(await (await companyProducts(h.cid)).length).toBe(await serverCount(h.cid));
    // Changes younger than the server's settling time (2 s) are sent again; once the server's settled
    // point (delta.ts, on the database's clock) has passed them, the delta is a 304.
    const newest = await h.s.db.one<{ at: Date | string }>(
      `SELECT greatest((SELECT max(updated_at) FROM products WHERE customer_id = $1),
                       (SELECT max(deleted_at) FROM tombstones WHERE entity = 'product')) AS at`,
      [h.cid],
    );
    await expect.poll(async () => Date.parse(await settledNow(h.s.db)) > new Date(newest!.at).getTime()).toBe(true);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await syncNow(h.cid)).lists.products!.status);
    expect(statuses.at(-1)).toBe(304);
  });

  it('never overwrites a row held by the outbox, and settles a 409 with mine', async () => {
    const [, , p] = (await companyProducts(h.cid)).slice(0, 3);
    h.net.offline = true;
    await saveProductInfo(h.cid, p!.id, { fields: { name: 'Mine, offline' } }, newActionId());
    // Back online, mine waits (mutations fail, reads pass): their edit lands first, however fast the
    // outbox would have sent mine, and a pull runs while mine waits.
    h.net.chooser = (c) => (c.method?.toUpperCase() === 'GET' ? undefined : 'dropRequest');
    h.net.offline = false;
    // Their edit is dated after the version mine is based on (versions are compared to the millisecond).
    const base = await h.s.db.one<{ at: string }>('SELECT updated_at::text AS at FROM products WHERE id = $1', [p!.id]);
    await untilClockPasses(h.s.db, base!.at);
    const other = await h.s.tokenFor(DEMO.acme);
    expect((await call(h.s, 'PUT', '/puts/product/edit', { token: other, body: { id_product: p!.id, finish: 'Theirs' } })).status).toBe(200);
    await syncNow(h.cid);
    expect((await productRow(p!.id))?.name).toBe('Mine, offline');
    h.net.chooser = () => undefined;
    // The edit was based on a version the server has moved on from: 409 with their row.
    const [conflict] = await settle();
    expect(conflict).toMatchObject({ state: 'conflict' });
    expect((conflict!.theirs as { finish: string }).finish).toBe('Theirs');
    await resolveConflict(conflict!.id!, 'mine');
    expect(await settle()).toEqual([]);
    const server = await h.s.db.one<{ name: string; finish: string }>('SELECT name, finish FROM products WHERE id = $1', [p!.id]);
    expect(server).toEqual({ name: 'Mine, offline', finish: 'Theirs' });
    await syncNow(h.cid);
    expect(await productRow(p!.id)).toMatchObject({ name: 'Mine, offline', finish: 'Theirs' });
  });

  it('falls back to replacing the table when the server has no updated_since', async () => {
    h.net.transform = (config, res) => {
      if (typeof res.data === 'string' && res.status === 200 && config.url?.includes('/gets/')) {
        const body = JSON.parse(res.data) as Record<string, unknown>;
        delete body.deleted;
        delete body.cursor;
        return { ...res, data: JSON.stringify(body), headers: {} as typeof res.headers };
      }
      return res;
    };
    const [, , , , c] = (await companyProducts(h.cid)).slice(0, 5);
    const other = await h.s.tokenFor(DEMO.acme);
    await call(h.s, 'DELETE', '/deletes/product/squedule', { token: other, query: { id_product: c!.id, id_customer: h.cid } });
    await db().meta.clear();
    const stats = await syncNow(h.cid);
    expect(stats.lists.products).toMatchObject({ status: 200, mode: 'full' });
    expect(await productRow(c!.id)).toBeUndefined();
    expect(await (await companyProducts(h.cid)).length).toBe(await serverCount(h.cid));
    const again = await syncNow(h.cid);
    expect(again.lists.products!.mode).toBe('full');
    h.net.transform = undefined;
  });

  it('a pull answered after the browser said offline leaves the app offline; the next one online brings it back', async () => {
    const pull = syncNow(h.cid, true);
    // The switch goes off while the pull's calls are out (the 'offline' event does this).
    vi.stubGlobal('navigator', { onLine: false });
    syncStatus.set({ online: false });
    try {
      expect(Object.keys((await pull).lists).length).toBeGreaterThan(0);
      expect(syncStatus.get().online).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
    await syncNow(h.cid, true);
    expect(syncStatus.get().online).toBe(true);
  });
});
