// The product list's paging extension (limit/before): the resumable first sync of a big company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call } from '../support/http.ts';
import { ids, type Ids } from './products.fixtures.ts';

let s: TestServer;
let w: Ids;
beforeAll(async () => {
  s = await startTestServer();
  w = await ids(s);
});
afterAll(async () => {
  await s.close();
});

const page = (query: Record<string, unknown>) =>
  call(s, 'GET', '/gets/product/show', { token: w.tok.acme, query: { id_customer: w.acme, ...query } });

describe('GET /gets/product/show with limit', () => {
  it('walks the whole list in pages by a stable cursor, with the total and a delta cursor', async () => {
    const whole = (await page({})).body.products.map((p: { id: number }) => p.id) as number[];
    const seen: number[] = [];
    let before: number | undefined;
    let pages = 0;
    do {
      const r = await page({ limit: 25, ...(before ? { before } : {}) });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: true, total: whole.length, cursor: expect.any(String) });
      seen.push(...r.body.products.map((p: { id: number }) => p.id));
      before = r.body.next;
      pages++;
    } while (before);
    expect(pages).toBe(Math.ceil(whole.length / 25));
    expect(seen).toEqual(whole);
  });

  it('gives the bounds of every later page on the first, and answers a range by from and before', async () => {
    const whole = (await page({})).body.products.map((p: { id: number }) => p.id) as number[];
    const first = await page({ limit: 7 });
    expect(first.body.next).toBe(whole[6]);
    // The last id of each later page of 7.
    expect(first.body.bounds).toEqual(whole.slice(7).filter((_, i) => (i + 1) % 7 === 0));
    const edges = [first.body.next, ...first.body.bounds, 0] as number[];
    const seen = [...first.body.products.map((p: { id: number }) => p.id)];
    for (let i = 1; i < edges.length; i++) {
      const r = await page({ limit: 7, before: edges[i - 1], from: edges[i] });
      expect(r.body.next).toBeUndefined();
      expect(r.body.bounds).toBeUndefined();
      seen.push(...r.body.products.map((p: { id: number }) => p.id));
    }
    expect(seen).toEqual(whole);
  });

  it('keeps its place when rows are added or deleted between pages', async () => {
    const first = await page({ limit: 10 });
    const ids1 = first.body.products.map((p: { id: number }) => p.id) as number[];
    // A new product (a higher id) and a deleted one on the first page: the second page is unmoved.
    const expected = (await page({ limit: 10, before: first.body.next })).body.products.map((p: { id: number }) => p.id);
    await call(s, 'POST', '/posts/product/store', {
      token: w.tok.acme,
      body: { id_customer: w.acme, name: 'Paged Lamp', sku: 'PG-1' },
    });
    await call(s, 'DELETE', '/deletes/product/squedule', {
      token: w.tok.acme,
      query: { id_product: ids1[3], id_customer: w.acme },
    });
    const second = await page({ limit: 10, before: first.body.next });
    expect(second.body.products.map((p: { id: number }) => p.id)).toEqual(expected);
    // The delta from the first page's cursor brings both changes.
    const delta = await page({ updated_since: first.body.cursor });
    expect(delta.body.products.some((p: { sku: string }) => p.sku === 'PG-1')).toBe(true);
    expect(delta.body.deleted).toContain(ids1[3]);
  });

  it('refuses a bad limit or before, and limit with updated_since, with a 422 naming the field', async () => {
    for (const [query, field] of [
      [{ limit: 0 }, 'limit'],
      [{ limit: 10001 }, 'limit'],
      [{ limit: 5, before: -3 }, 'before'],
      [{ limit: 'x' }, 'limit'],
      [{ limit: 5, from: -1 }, 'from'],
      [{ limit: 5, updated_since: new Date().toISOString() }, 'limit'],
    ] as const) {
      const r = await page(query);
      expect(r.status, JSON.stringify(query)).toBe(422);
      expect(r.body.success).toBe(false);
      expect(Object.keys(r.body.errors ?? {})).toContain(field);
    }
  });
});
