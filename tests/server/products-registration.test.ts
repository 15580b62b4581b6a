// Product registration (document 2 §4, §5, §7): store and its rules, tag store, and the
// whole sequence the Add products screen runs, read back through GET /gets/product.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call } from '../support/http.ts';
import { expectProductShape, ids, newProduct, pngBytes, upload, type Ids } from './products.fixtures.ts';

let s: TestServer;
let w: Ids;
beforeAll(async () => {
  s = await startTestServer();
  w = await ids(s);
});
afterAll(async () => {
  await s.close();
});

const store = (token: string, body: Record<string, unknown>) => call(s, 'POST', '/posts/product/store', { token, body });

describe('POST /posts/product/store', () => {
  it('creates a product with defaults and answers it in full', async () => {
    const r = await store(w.tok.acme, { id_customer: w.acme, name: '  Oslo Stool ', sku: 'NEW-1', collection: 'Nordic' });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.message).toBe('Product created successfully');
    const p = r.body.product;
    expectProductShape(p, true);
    expect(p).toMatchObject({
      name: 'Oslo Stool',
      sku: 'NEW-1',
      collection: 'Nordic',
      automation_system: 0,
      cancelable_as: 1,
      measure: 'in',
      height: '',
      width: '',
      depth: '',
      finish: '',
      id_customer: w.acme,
      note: 'Some more details to inform about technical aspects of the product.',
      images: [],
      subcategories: [],
      categories: [],
      tags: [],
      descriptions: [],
      files: [],
    });
    expect(Math.abs(Date.parse(p.created_at) - Date.now())).toBeLessThan(60_000);
    const row = await s.db.one<{ customer_id: number }>('SELECT customer_id FROM products WHERE id = $1', [p.id]);
    expect(row!.customer_id).toBe(w.acme);
  });

  it('needs a name or a sku', async () => {
    const r = await store(w.tok.acme, { id_customer: w.acme, name: '  ', collection: 'X' });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('You need to add a name or sku to the product');
    expect((await store(w.tok.acme, { id_customer: w.acme, sku: 'ONLY-SKU' })).status).toBe(200);
  });

  it('needs the three dimensions for automation, and the automation slug', async () => {
    const partial = await store(w.tok.acme, {
      id_customer: w.acme,
      name: 'Auto',
      automation_system: 1,
      height: '10',
      width: '20',
    });
    expect(partial.status).toBe(422);
    expect(partial.body.message).toBe('You need to add the dimensions to the product');
    const ok = await store(w.tok.acme, {
      id_customer: w.acme,
      name: 'Auto',
      automation_system: 1,
      height: '10',
      width: '20',
      depth: '5',
      measure: 'cm',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.product).toMatchObject({ automation_system: 1, height: '10', width: '20', depth: '5', measure: 'cm' });
    const noSlug = await store(w.tok.registrar, {
      id_customer: w.acme,
      name: 'Auto',
      automation_system: 1,
      height: '1',
      width: '2',
      depth: '3',
    });
    expect(noSlug.status).toBe(403);
    expect(noSlug.body.success).toBe(false);
    expect((await store(w.tok.registrar, { id_customer: w.acme, name: 'Manual', automation_system: 0 })).status).toBe(200);
  });

  it('stops at products_allowed, counting live products only', async () => {
    const c = await s.db.one<{ id: number; role: number }>(
      `INSERT INTO customers (name, products_allowed) VALUES ('Tiny Co', 1) RETURNING id`,
    );
    const first = await store(w.tok.staff, { id_customer: c!.id, name: 'One' });
    expect(first.status).toBe(200);
    const second = await store(w.tok.staff, { id_customer: c!.id, name: 'Two' });
    expect(second.status).toBe(422);
    expect(second.body).toMatchObject({ success: false, message: 'Your company may register at most 1 products.' });
    const del = await call(s, 'DELETE', '/deletes/product/squedule', {
      token: w.tok.staff,
      query: { id_product: first.body.product.id, id_customer: c!.id },
    });
    expect(del.status).toBe(200);
    expect((await store(w.tok.staff, { id_customer: c!.id, name: 'Two' })).status).toBe(200);
  });
});

describe('POST /posts/tag/store', () => {
  it('creates a tag once; the same name (any case, trimmed) returns it', async () => {
    const a = await call(s, 'POST', '/posts/tag/store', {
      token: w.tok.acme,
      body: { id_customer: w.acme, name: ' Mid-Century ' },
    });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ success: true, tag: { id: expect.any(Number), name: 'Mid-Century' } });
    const b = await call(s, 'POST', '/posts/tag/store', {
      token: w.tok.registrar,
      body: { id_customer: w.acme, name: 'mid-century' },
    });
    expect(b.body.tag).toEqual(a.body.tag);
    const n = await s.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM tags WHERE lower(name) = 'mid-century'`);
    expect(n!.n).toBe(1);
    // Tags are per company: Borealis gets its own.
    const c = await call(s, 'POST', '/posts/tag/store', {
      token: w.tok.borealis,
      body: { id_customer: w.borealis, name: 'Mid-Century' },
    });
    expect(c.body.tag.id).not.toBe(a.body.tag.id);
  });
});

describe('a full registration sequence', () => {
  it('stores a product, then its tag, category, image, file and description; GET shows it all', async () => {
    const t = w.tok.acme;
    const p = await newProduct(s, t, w.acme, {
      name: 'Harbor Sofa',
      sku: 'SEQ-1',
      finish: 'Linen',
      note: 'Soft',
      automation_system: 1,
      height: '80',
      width: '200',
      depth: '90',
    });
    const tag = (await call(s, 'POST', '/posts/tag/store', { token: t, body: { id_customer: w.acme, name: 'sequence' } })).body
      .tag;
    expect(
      (await call(s, 'POST', '/posts/product/tag/store', { token: t, body: { id_product: p.id, id_tag: tag.id } })).body,
    ).toEqual({ success: true });
    const sub = await call(s, 'POST', '/posts/product/subcategories/store', {
      token: t,
      body: { id_product: p.id, id_customer: w.acme, id_product_subcategory: w.subcategory },
    });
    expect(sub.body).toEqual({ success: true });
    const img = await upload(s, t, '/posts/product/resource/store', 'image', p.id, 'sofa.png', await pngBytes());
    expect(img.status).toBe(200);
    expect(img.body).toEqual({
      success: true,
      message: 'Image uploaded successfully',
      path: expect.stringMatching(new RegExp(`^products/${w.acme}/${p.id}/[\\w-]+\\.png$`)),
    });
    expect(existsSync(join(s.config.storageDir, img.body.path))).toBe(true);
    expect(existsSync(join(s.config.storageDir, img.body.path.replace('.png', '_thumb.png')))).toBe(true);
    const file = await upload(s, t, '/posts/product/asset/store', 'file', p.id, 'sheet.txt', Buffer.from('Width 200 cm\n'));
    expect(file.body).toEqual({
      success: true,
      message: 'File uploaded successfully',
      name: 'sheet.txt',
      path: expect.stringMatching(new RegExp(`^products/${w.acme}/${p.id}/files/[\\w-]+\\.txt$`)),
    });
    const desc = await call(s, 'POST', '/posts/product/description/store', {
      token: t,
      body: { id_product: p.id, id_customer: w.acme, title: 'Care', notes: 'Dry clean only' },
    });
    expect(desc.body).toEqual({ success: true, id_product_description: expect.any(Number) });

    const r = await call(s, 'GET', '/gets/product', { token: t, query: { id_product: p.id, id_customer: w.acme } });
    expect(r.status).toBe(200);
    const full = r.body.product;
    expectProductShape(full, true);
    const cat = await s.db.one<{ id: number; category: string; subcategory: string }>(
      'SELECT c.id, c.category, s.subcategory FROM product_subcategories s JOIN product_categories c ON c.id = s.category_id WHERE s.id = $1',
      [w.subcategory],
    );
    expect(full).toMatchObject({
      id: p.id,
      id_product: p.id,
      name: 'Harbor Sofa',
      sku: 'SEQ-1',
      finish: 'Linen',
      note: 'Soft',
      automation_system: 1,
      images: [img.body.path],
      files: [file.body.path],
      tags: [{ id: tag.id, name: 'sequence' }],
      subcategories: [w.subcategory],
      categories: [{ id: cat!.id, name: cat!.category, id_subcategory: w.subcategory, subcategory: cat!.subcategory }],
      descriptions: [{ id: desc.body.id_product_description, title: 'Care', notes: 'Dry clean only' }],
    });
    expect(Date.parse(full.updated_at)).toBeGreaterThan(Date.parse(p.updated_at));
    const listed = (await call(s, 'GET', '/gets/product/show', { token: t, query: { id_customer: w.acme } })).body.products[0];
    expect(listed).toMatchObject({
      id: p.id,
      images: [img.body.path],
      subcategories: [w.subcategory],
      updated_at: full.updated_at,
    });
  });
});
