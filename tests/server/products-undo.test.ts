// Undo of a product delete (our extension, POST /posts/product/restore): the product comes back
// whole, leaves the tombstones so a delta pull brings it back, and only for who may delete it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call } from '../support/http.ts';
import { expectProductShape, ids, newProduct, type Ids } from './products.fixtures.ts';

let s: TestServer;
let w: Ids;
beforeAll(async () => {
  s = await startTestServer();
  w = await ids(s);
});
afterAll(async () => {
  await s.close();
});

const remove = (token: string, id: number, cid = w.acme) =>
  call(s, 'DELETE', '/deletes/product/squedule', { token, query: { id_product: id, id_customer: cid } });
const restore = (token: string, id: number, cid = w.acme, headers?: Record<string, string>) =>
  call(s, 'POST', '/posts/product/restore', { token, body: { id_product: id, id_customer: cid }, headers });
const listOf = (token: string, query: Record<string, unknown> = {}) =>
  call(s, 'GET', '/gets/product/show', { token, query: { id_customer: w.acme, ...query } });

describe('POST /posts/product/restore', () => {
  it('brings a deleted product back whole, and a delta pull after the delete carries the row, not its tombstone', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme, { collection: 'Urban' });
    const before = await listOf(w.tok.acme);
    const cursor = before.body.cursor as string;
    expect((await remove(w.tok.acme, p.id)).status).toBe(200);
    const r = await restore(w.tok.acme, p.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      message: 'Product restored',
      product: { id: p.id, sku: p.sku, collection: 'Urban' },
    });
    expectProductShape(r.body.product, true);
    expect(Date.parse(r.body.product.updated_at)).toBeGreaterThan(Date.parse(p.updated_at));
    expect(await s.db.query(`SELECT 1 FROM tombstones WHERE entity = 'product' AND entity_id = $1`, [p.id])).toEqual([]);
    expect(
      (await call(s, 'GET', '/gets/product', { token: w.tok.acme, query: { id_product: p.id, id_customer: w.acme } })).status,
    ).toBe(200);
    const full = await listOf(w.tok.acme);
    expect(full.body.products.some((x: { id: number }) => x.id === p.id)).toBe(true);
    // A device that pulled before the delete: one delta, the row back, no tombstone for it.
    const delta = await listOf(w.tok.acme, { updated_since: cursor });
    expect(delta.body.products.map((x: { id: number }) => x.id)).toContain(p.id);
    expect(delta.body.deleted).not.toContain(p.id);
  });

  it("answers 404 for a product that is not deleted, unknown, or another company's", async () => {
    const live = await newProduct(s, w.tok.acme, w.acme);
    expect((await restore(w.tok.acme, live.id)).status).toBe(404);
    expect((await restore(w.tok.acme, 2_000_000_000)).status).toBe(404);
    const theirs = await newProduct(s, w.tok.borealis, w.borealis);
    expect((await remove(w.tok.borealis, theirs.id, w.borealis)).status).toBe(200);
    // Named under the caller's company or under theirs: not found, and still deleted.
    expect((await restore(w.tok.acme, theirs.id)).status).toBe(404);
    expect([403, 404]).toContain((await restore(w.tok.acme, theirs.id, w.borealis)).status);
    const row = await s.db.one<{ deleted_at: Date | null }>('SELECT deleted_at FROM products WHERE id = $1', [theirs.id]);
    expect(row!.deleted_at).not.toBeNull();
    // Staff in the provider context may restore anyone's.
    expect((await restore(w.tok.staff, theirs.id, -1)).status).toBe(200);
  });

  it('needs editor-info-access', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    await remove(w.tok.acme, p.id);
    const r = await restore(w.tok.viewer, p.id);
    expect(r.status).toBe(403);
    expect(r.body.success).toBe(false);
    const row = await s.db.one<{ deleted_at: Date | null }>('SELECT deleted_at FROM products WHERE id = $1', [p.id]);
    expect(row!.deleted_at).not.toBeNull();
  });

  it('is one change under one Idempotency-Key: a retry gets the same answer, not a 404', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    await remove(w.tok.acme, p.id);
    const key = { 'idempotency-key': `undo-${p.id}` };
    const first = await restore(w.tok.acme, p.id, w.acme, key);
    const again = await restore(w.tok.acme, p.id, w.acme, key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await restore(w.tok.acme, p.id)).status).toBe(404); // without the key: a second change, refused
  });
});
