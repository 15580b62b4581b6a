// Shared by the products*.test.ts files: demo ids and tokens, upload bytes, shape checks.
import sharp from 'sharp';
import { expect } from 'vitest';
import { addMember, createUser, grant } from '../../server/domain/accounts.ts';
import { call, DEMO, form, type CallResult } from '../support/http.ts';
import type { TestServer } from '../support/server.ts';

export const BIG = 'x'.repeat(100 * 1024);
export const REGISTRAR = 'registrar@acme.test';

export interface Ids {
  acme: number;
  borealis: number;
  /** ACM-1001 / BOR-1001: seeded products with images, a tag, a subcategory and a description. */
  acmeProduct: number;
  borProduct: number;
  acmeTag: number;
  borTag: number;
  acmeDescription: number;
  borDescription: number;
  subcategory: number;
  tok: Record<'staff' | 'acme' | 'viewer' | 'borealis' | 'registrar', string>;
}

/** Demo ids and tokens, plus an Acme member who may register and edit but not send for automation. */
export async function ids(s: TestServer): Promise<Ids> {
  const one = async (sql: string, p: unknown[]) => (await s.db.one<{ id: number }>(sql, p))!.id;
  const acme = await one('SELECT id FROM customers WHERE name = $1', ['Acme Living']);
  const borealis = await one('SELECT id FROM customers WHERE name = $1', ['Borealis Home']);
  const product = (sku: string) => one('SELECT id FROM products WHERE sku = $1', [sku]);
  const tag = (c: number) => one('SELECT id FROM tags WHERE customer_id = $1 ORDER BY id LIMIT 1', [c]);
  const description = (p: number) => one('SELECT id FROM product_descriptions WHERE product_id = $1 ORDER BY id LIMIT 1', [p]);
  const acmeProduct = await product('ACM-1001');
  const borProduct = await product('BOR-1001');
  const role = await one(`INSERT INTO roles (customer_id, name) VALUES ($1, 'Registrar') RETURNING id`, [acme]);
  await grant(s.db, role, ['register-products', 'editor-info-access', 'reader-info-access']);
  await addMember(s.db, await createUser(s.db, { name: 'Reg Istrar', email: REGISTRAR, password: 'whatever1' }), acme, role);
  return {
    acme,
    borealis,
    acmeProduct,
    borProduct,
    acmeTag: await tag(acme),
    borTag: await tag(borealis),
    acmeDescription: await description(acmeProduct),
    borDescription: await description(borProduct),
    subcategory: await one('SELECT id FROM product_subcategories ORDER BY id LIMIT 1', []),
    tok: {
      staff: await s.tokenFor(DEMO.staff),
      acme: await s.tokenFor(DEMO.acme),
      viewer: await s.tokenFor(DEMO.viewer),
      borealis: await s.tokenFor(DEMO.borealis),
      registrar: await s.tokenFor(REGISTRAR),
    },
  };
}

export const pngBytes = (w = 40, h = 30) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** Creates an Acme product through the API and returns it. */
export async function newProduct(s: TestServer, token: string, customer: number, extra: Record<string, unknown> = {}) {
  const r = await call(s, 'POST', '/posts/product/store', {
    token,
    body: { id_customer: customer, name: 'Test Chair', sku: `T-${Math.random().toString(36).slice(2, 8)}`, ...extra },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.product as { id: number; sku: string; updated_at: string; [k: string]: unknown };
}

export const upload = (
  s: TestServer,
  token: string,
  path: string,
  field: string,
  id: number | string,
  name: string,
  bytes: Uint8Array,
) => call(s, 'POST', path, { token, form: form({ id_product: id }, { [field]: { name, bytes } }) });

/** A refusal: 4xx, the error shape, and nothing from another company in it. */
export function expectRefused(r: CallResult, statuses: number[], leak: RegExp = /ACM-|BOR-/) {
  expect(statuses, JSON.stringify(r.body).slice(0, 300)).toContain(r.status);
  expect(r.body.success).toBe(false);
  expect(typeof r.body.message).toBe('string');
  expect(JSON.stringify(r.body)).not.toMatch(leak);
}

export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Field-by-field shape of a product row (the list's) and of a full product. */
export function expectProductShape(p: Record<string, unknown>, full: boolean) {
  expect(p.id_product).toBe(p.id);
  for (const k of ['sku', 'name', 'collection', 'height', 'width', 'depth', 'finish', 'note', 'measure'])
    expect(typeof p[k], k).toBe('string');
  expect([0, 1]).toContain(p.automation_system);
  expect([0, 1]).toContain(p.cancelable_as);
  expect(p.created_at).toMatch(ISO);
  expect(p.updated_at).toMatch(ISO);
  expect(Array.isArray(p.images)).toBe(true);
  for (const i of p.images as unknown[]) expect(i).toMatch(/^products\/\d+\/\d+\/[\w-]+\.(png|jpg|webp)$/);
  expect((p.subcategories as unknown[]).every((x) => Number.isInteger(x))).toBe(true);
  for (const c of p.categories as Record<string, unknown>[]) {
    expect(Object.keys(c).sort()).toEqual(['id', 'id_subcategory', 'name', 'subcategory']);
    expect(p.subcategories).toContain(c.id_subcategory);
  }
  for (const t of p.tags as Record<string, unknown>[]) expect(Object.keys(t).sort()).toEqual(['id', 'name']);
  if (full) {
    for (const d of p.descriptions as Record<string, unknown>[]) expect(Object.keys(d).sort()).toEqual(['id', 'notes', 'title']);
    expect(Array.isArray(p.files)).toBe(true);
  }
}
