// Attach and detach calls: tags, subcategories, images, technical files, information blocks.
// Each change moves the product's updated_at; repeats do nothing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call } from '../support/http.ts';
import { attachment } from '../../server/http/content-disposition.ts';
import { ids, newProduct, PDF, pngBytes, upload, type Ids } from './products.fixtures.ts';

let s: TestServer;
let w: Ids;
beforeAll(async () => {
  s = await startTestServer();
  w = await ids(s);
});
afterAll(async () => {
  await s.close();
});

const stamp = async (id: number) =>
  (await s.db.one<{ u: Date }>('SELECT updated_at AS u FROM products WHERE id = $1', [id]))!.u.getTime();
const get = async (id: number) =>
  (await call(s, 'GET', '/gets/product', { token: w.tok.acme, query: { id_product: id, id_customer: w.acme } })).body.product;

describe('product tags', () => {
  it('attaches once, detaches, and bumps updated_at only on a change', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    const t0 = await stamp(p.id);
    const body = { id_product: p.id, id_tag: w.acmeTag };
    expect((await call(s, 'POST', '/posts/product/tag/store', { token: w.tok.registrar, body })).body).toEqual({ success: true });
    const t1 = await stamp(p.id);
    expect(t1).toBeGreaterThan(t0);
    expect((await call(s, 'POST', '/posts/product/tag/store', { token: w.tok.acme, body })).status).toBe(200);
    expect(await stamp(p.id)).toBe(t1);
    const tags = await call(s, 'GET', '/gets/product/tag/all', { token: w.tok.acme, query: { id_product: p.id } });
    expect(tags.body.tags).toEqual([{ id: w.acmeTag, name: expect.any(String) }]);
    const del = await call(s, 'DELETE', '/deletes/product/tag/delete', { token: w.tok.acme, query: body });
    expect(del.body).toEqual({ success: true });
    expect(await stamp(p.id)).toBeGreaterThan(t1);
    expect((await get(p.id)).tags).toEqual([]);
  });

  it('refuses a tag of another company as missing', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    const r = await call(s, 'POST', '/posts/product/tag/store', {
      token: w.tok.acme,
      body: { id_product: p.id, id_tag: w.borTag },
    });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, message: 'Tag not found.' });
    const d = await call(s, 'DELETE', '/deletes/product/tag/delete', {
      token: w.tok.acme,
      query: { id_product: p.id, id_tag: w.borTag },
    });
    expect(d.status).toBe(404);
  });
});

describe('product subcategories', () => {
  it('attaches and detaches, shown in subcategories and categories', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    const body = { id_product: p.id, id_customer: w.acme, id_product_subcategory: w.subcategory };
    expect((await call(s, 'POST', '/posts/product/subcategories/store', { token: w.tok.acme, body })).body).toEqual({
      success: true,
    });
    expect((await call(s, 'POST', '/posts/product/subcategories/store', { token: w.tok.acme, body })).status).toBe(200);
    const got = await get(p.id);
    expect(got.subcategories).toEqual([w.subcategory]);
    expect(got.categories).toEqual([expect.objectContaining({ id_subcategory: w.subcategory })]);
    const t1 = await stamp(p.id);
    const del = await call(s, 'DELETE', '/deletes/product/subcategories/delete', { token: w.tok.acme, query: body });
    expect(del.body).toEqual({ success: true });
    expect(await stamp(p.id)).toBeGreaterThan(t1);
    expect((await get(p.id)).categories).toEqual([]);
  });

  it('answers 404 for an unknown subcategory', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    const body = { id_product: p.id, id_customer: w.acme, id_product_subcategory: 99999 };
    const r = await call(s, 'POST', '/posts/product/subcategories/store', { token: w.tok.acme, body });
    expect(r).toMatchObject({ status: 404, body: { success: false, message: 'Subcategory not found.' } });
    expect((await call(s, 'DELETE', '/deletes/product/subcategories/delete', { token: w.tok.acme, query: body })).status).toBe(
      404,
    );
  });
});

describe('images and technical files', () => {
  it('stores images oldest first, with thumbnails', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    const a = await upload(s, w.tok.acme, '/posts/product/resource/store', 'image', p.id, 'a.png', await pngBytes());
    const b = await upload(s, w.tok.registrar, '/posts/product/resource/store', 'image', p.id, 'b.PNG', await pngBytes(900, 600));
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await get(p.id)).images).toEqual([a.body.path, b.body.path]);
    expect(existsSync(join(s.config.storageDir, b.body.path.replace('.png', '_thumb.png')))).toBe(true);
  });

  it('stores a pdf, lists it, and deletes it from the row and the disk', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    const r = await upload(s, w.tok.acme, '/posts/product/asset/store', 'file', p.id, 'Spec Sheet.pdf', PDF);
    expect(r.status).toBe(200);
    expect(r.body.path).toMatch(new RegExp(`^products/${w.acme}/${p.id}/files/[\\w-]+\\.pdf$`));
    const full = join(s.config.storageDir, r.body.path);
    expect(existsSync(full)).toBe(true);
    expect((await call(s, 'GET', '/gets/product/assets/show', { token: w.tok.acme, query: { id_product: p.id } })).body).toEqual({
      success: true,
      files: [r.body.path],
      file_names: { [r.body.path]: 'Spec Sheet.pdf' },
    });
    const t1 = await stamp(p.id);
    const del = await call(s, 'DELETE', '/deletes/product/asset/delete', {
      token: w.tok.acme,
      query: { id_product: p.id, file: r.body.path },
    });
    expect(del.body).toEqual({ success: true });
    expect(existsSync(full)).toBe(false);
    expect(await stamp(p.id)).toBeGreaterThan(t1);
    expect((await get(p.id)).files).toEqual([]);
  });

  it("keeps a file's uploaded name: listed beside its path, and given to its download", async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    const r = await upload(s, w.tok.acme, '/posts/product/asset/store', 'file', p.id, 'spec.pdf', PDF);
    expect(r.body).toMatchObject({ success: true, name: 'spec.pdf', path: expect.stringMatching(/\/files\/[\w-]+\.pdf$/) });
    const path = r.body.path as string;
    // The spec's fields keep their meaning (stored paths); the name is our extra field, by path.
    const list = await call(s, 'GET', '/gets/product/assets/show', { token: w.tok.acme, query: { id_product: p.id } });
    expect(list.body).toEqual({ success: true, files: [path], file_names: { [path]: 'spec.pdf' } });
    const full = await get(p.id);
    expect([full.files, full.file_names]).toEqual([[path], { [path]: 'spec.pdf' }]);

    const download = await fetch(`${s.url}/storage/${path}?download=1`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="spec.pdf"; filename*=UTF-8''spec.pdf`);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(Buffer.from(PDF));
    // Without ?download=1 a PDF (no screen shows one inline) is still an attachment, never a page of ours (issue 40).
    expect((await fetch(`${s.url}/storage/${path}`)).headers.get('content-disposition')).toBe('attachment');
  });

  it('encodes a name with non-ASCII characters and quotes safely (RFC 6266, 5987)', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    const name = 'Ångström "draft" ½ 日本 (v2)\'s.pdf';
    const r = await upload(s, w.tok.acme, '/posts/product/asset/store', 'file', p.id, name, PDF);
    expect(r.status).toBe(200);
    expect(r.body.name).toBe(name);
    const header = (await fetch(`${s.url}/storage/${r.body.path}?download=1`)).headers.get('content-disposition')!;
    // An ASCII fallback with nothing that could end the quoted string, then the exact name in UTF-8.
    expect(header).toMatch(
      /^attachment; filename="[\x20-\x21\x23-\x5b\x5d-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+$/,
    );
    expect(header).toContain(`filename="_ngstr_m _draft_ _ __ (v2)'s.pdf"`);
    expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe(name);
    // A backslash is a folder separator in an uploaded name (displayName), but the encoder holds it too.
    expect(attachment('a\\b"c\r\n.pdf')).toBe(`attachment; filename="a_b_c__.pdf"; filename*=UTF-8''a%5Cb%22c%0D%0A.pdf`);
  });

  it('names a stored file without a kept name by its own (a seeded picture), and a file not there is a 404', async () => {
    const seeded = (await s.db.one<{ path: string }>('SELECT path FROM product_images LIMIT 1'))!.path;
    const r = await fetch(`${s.url}/storage/${seeded}?download=1`);
    expect(r.status).toBe(200);
    const own = seeded.split('/').pop()!;
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="${own}"; filename*=UTF-8''${own}`);
    expect((await fetch(`${s.url}/storage/products/nope.pdf?download=1`)).status).toBe(404);
  });

  it("refuses to delete another product's file (404, file kept)", async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    const q = await newProduct(s, w.tok.acme, w.acme);
    const r = await upload(s, w.tok.acme, '/posts/product/asset/store', 'file', p.id, 'a.txt', Buffer.from('hello'));
    const del = await call(s, 'DELETE', '/deletes/product/asset/delete', {
      token: w.tok.acme,
      query: { id_product: q.id, file: r.body.path },
    });
    expect(del).toMatchObject({ status: 404, body: { success: false, message: 'File not found.' } });
    expect(existsSync(join(s.config.storageDir, r.body.path))).toBe(true);
  });
});

describe('information blocks', () => {
  it('adds, edits and deletes a block of the product', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    const add = await call(s, 'POST', '/posts/product/description/store', {
      token: w.tok.acme,
      body: { id_product: p.id, id_customer: w.acme, title: ' Size ', notes: 'Big' },
    });
    const id = add.body.id_product_description;
    expect(add.body).toEqual({ success: true, id_product_description: expect.any(Number) });
    const t1 = await stamp(p.id);
    const ed = await call(s, 'PUT', '/puts/product/description/edit', {
      token: w.tok.acme,
      body: { id_product_description: id, id_product: p.id, id_customer: w.acme, title: 'Size', notes: 'Huge' },
    });
    expect(ed.body).toEqual({ success: true });
    expect(await stamp(p.id)).toBeGreaterThan(t1);
    const list = await call(s, 'GET', '/gets/product/description/all/show', {
      token: w.tok.acme,
      query: { id_product: p.id, id_customer: w.acme },
    });
    expect(list.body).toEqual({ success: true, descriptions: [{ id, title: 'Size', notes: 'Huge' }] });
    const del = await call(s, 'DELETE', '/deletes/product/description/delete', {
      token: w.tok.acme,
      query: { id_product_description: id, id_product: p.id, id_customer: w.acme },
    });
    expect(del.body).toEqual({ success: true });
    expect((await get(p.id)).descriptions).toEqual([]);
  });

  it('refuses a block of another product of the same company (404)', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    const body = { id_product_description: w.acmeDescription, id_product: p.id, id_customer: w.acme, title: 'T', notes: 'N' };
    const ed = await call(s, 'PUT', '/puts/product/description/edit', { token: w.tok.acme, body });
    expect(ed).toMatchObject({ status: 404, body: { success: false, message: 'Product information not found.' } });
    const del = await call(s, 'DELETE', '/deletes/product/description/delete', {
      token: w.tok.acme,
      query: { id_product_description: w.acmeDescription, id_product: p.id, id_customer: w.acme },
    });
    expect(del.status).toBe(404);
    const still = await s.db.one<{ title: string }>('SELECT title FROM product_descriptions WHERE id = $1', [w.acmeDescription]);
    expect(still!.title).toBe('Description');
  });
});
