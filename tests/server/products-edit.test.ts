// The Info edit (PUT /puts/product/edit) with its 409 round trip, the automation rules,
// and product delete (soft, with a tombstone).
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

const edit = (token: string, body: Record<string, unknown>) => call(s, 'PUT', '/puts/product/edit', { token, body });

describe('PUT /puts/product/edit', () => {
  it('updates every field and answers the product in full', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    const body = {
      id_product: p.id,
      name: 'Cedar Bed',
      sku: 'ED-1',
      collection: 'Heritage',
      automation_system: 0,
      height: '100',
      width: '160',
      depth: '210',
      finish: 'Oak',
      note: 'n'.repeat(200),
      measure: 'cm',
    };
    const r = await edit(w.tok.acme, body);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.message).toBe('Product updated successfully');
    expectProductShape(r.body.product, true);
    const { id_product: _, ...fields } = body;
    expect(r.body.product).toMatchObject({ id: p.id, ...fields, cancelable_as: 1 });
    expect(Date.parse(r.body.product.updated_at)).toBeGreaterThan(Date.parse(p.updated_at));
    const again = await call(s, 'GET', '/gets/product', { token: w.tok.acme, query: { id_product: p.id, id_customer: w.acme } });
    // GET /gets/product adds document 3's fields to the Info product.
    expect(again.body.product).toEqual({ ...r.body.product, sizeImageProduct: null, images_uploaded: [] });
  });

  it('keeps fields that are not sent', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme, { collection: 'Urban', finish: 'Gloss' });
    const r = await edit(w.tok.acme, { id_product: p.id, name: 'Renamed' });
    expect(r.body.product).toMatchObject({ name: 'Renamed', sku: p.sku, collection: 'Urban', finish: 'Gloss', measure: 'in' });
  });

  it('answers 409 with the current product for a stale updated_at, 200 with the fresh one', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    const first = await edit(w.tok.acme, { id_product: p.id, name: 'Mine', updated_at: p.updated_at });
    expect(first.status).toBe(200);
    // Someone else edited meanwhile: an edit based on the old updated_at is refused.
    const stale = await edit(w.tok.registrar, { id_product: p.id, name: 'Theirs', updated_at: p.updated_at });
    expect(stale.status).toBe(409);
    expect(stale.body.success).toBe(false);
    expect(stale.body.message).toBe('This product was changed by someone else.');
    expectProductShape(stale.body.product, true);
    expect(stale.body.product).toMatchObject({ id: p.id, name: 'Mine', updated_at: first.body.product.updated_at });
    const row = await s.db.one<{ name: string }>('SELECT name FROM products WHERE id = $1', [p.id]);
    expect(row!.name).toBe('Mine');
    const fresh = await edit(w.tok.registrar, { id_product: p.id, name: 'Theirs', updated_at: stale.body.product.updated_at });
    expect(fresh.status).toBe(200);
    expect(fresh.body.product.name).toBe('Theirs');
  });

  it('counts a change to a part as a change (409 after a tag was attached)', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    await call(s, 'POST', '/posts/product/tag/store', { token: w.tok.acme, body: { id_product: p.id, id_tag: w.acmeTag } });
    const r = await edit(w.tok.acme, { id_product: p.id, name: 'X', updated_at: p.updated_at });
    expect(r.status).toBe(409);
    expect(r.body.product.tags).toEqual([expect.objectContaining({ id: w.acmeTag })]);
  });

  it('changes the automation flag only when cancelable_as is 1, with the slug and the dimensions', async () => {
    const locked = await edit(w.tok.acme, { id_product: w.acmeProduct, automation_system: 0 }); // ACM-1001: cancelable_as 0
    expect(locked.status).toBe(422);
    expect(locked.body.success).toBe(false);
    expect((await edit(w.tok.acme, { id_product: w.acmeProduct, automation_system: 1, name: 'Same flag' })).status).toBe(200);

    const p = await newProduct(s, w.tok.acme, w.acme);
    const noDims = await edit(w.tok.acme, { id_product: p.id, automation_system: 1 });
    expect(noDims.status).toBe(422);
    expect(noDims.body.message).toBe('You need to add the dimensions to the product');
    expect(
      (await edit(w.tok.registrar, { id_product: p.id, automation_system: 1, height: '1', width: '2', depth: '3' })).status,
    ).toBe(403);
    const on = await edit(w.tok.acme, { id_product: p.id, automation_system: 1, height: '1', width: '2', depth: '3' });
    expect(on.body.product.automation_system).toBe(1);
    const clear = await edit(w.tok.acme, { id_product: p.id, depth: '' });
    expect(clear.status).toBe(422);
    const off = await edit(w.tok.acme, { id_product: p.id, automation_system: 0 });
    expect(off.body.product.automation_system).toBe(0);
  });

  it('needs a name or a sku after the edit', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    const r = await edit(w.tok.acme, { id_product: p.id, name: '', sku: ' ' });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('You need to add a name or sku to the product');
  });
});

describe('DELETE /deletes/product/squedule', () => {
  it('soft-deletes, writes a tombstone, and the product is gone everywhere', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    const r = await call(s, 'DELETE', '/deletes/product/squedule', {
      token: w.tok.acme,
      query: { id_product: p.id, id_customer: w.acme },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, message: 'Product deleted' });
    const row = await s.db.one<{ deleted_at: Date | null }>('SELECT deleted_at FROM products WHERE id = $1', [p.id]);
    expect(row!.deleted_at).not.toBeNull();
    const tomb = await s.db.query(
      `SELECT entity, entity_id, customer_id FROM tombstones WHERE entity = 'product' AND entity_id = $1`,
      [p.id],
    );
    expect(tomb).toEqual([{ entity: 'product', entity_id: p.id, customer_id: w.acme }]);
    const list = await call(s, 'GET', '/gets/product/show', { token: w.tok.acme, query: { id_customer: w.acme } });
    expect(list.body.products.some((x: { id: number }) => x.id === p.id)).toBe(false);
    expect(
      (await call(s, 'GET', '/gets/product', { token: w.tok.acme, query: { id_product: p.id, id_customer: w.acme } })).status,
    ).toBe(404);
    const twice = await call(s, 'DELETE', '/deletes/product/squedule', {
      token: w.tok.acme,
      query: { id_product: p.id, id_customer: w.acme },
    });
    expect(twice.status).toBe(404);
    expect((await edit(w.tok.acme, { id_product: p.id, name: 'Zombie' })).status).toBe(404);
  });

  it('needs editor-info-access', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    const viewer = await call(s, 'DELETE', '/deletes/product/squedule', {
      token: w.tok.viewer,
      query: { id_product: p.id, id_customer: w.acme },
    });
    expect(viewer.status).toBe(403);
    const row = await s.db.one<{ deleted_at: Date | null }>('SELECT deleted_at FROM products WHERE id = $1', [p.id]);
    expect(row!.deleted_at).toBeNull();
  });
});
