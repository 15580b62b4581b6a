// Info validation on the server: store and edit refuse negative dimensions, and ones that are not
// numbers, with a 422 that names each field, and keep the specs' rules (name or SKU, dimensions for automation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call } from '../support/http.ts';
import { ids, newProduct, type Ids } from './products.fixtures.ts';

let s: TestServer;
let w: Ids;
beforeAll(async () => {
  s = await startTestServer();
  w = await ids(s);
});
afterAll(async () => {
  await s.close();
});

const store = (body: Record<string, unknown>) =>
  call(s, 'POST', '/posts/product/store', { token: w.tok.acme, body: { id_customer: w.acme, ...body } });
const edit = (body: Record<string, unknown>) => call(s, 'PUT', '/puts/product/edit', { token: w.tok.acme, body });
const count = async () =>
  (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM products WHERE customer_id = $1', [w.acme]))!.n;

describe('negative dimensions', () => {
  it('store refuses each negative dimension with a 422 naming the field, and writes nothing', async () => {
    const before = await count();
    for (const field of ['height', 'width', 'depth'] as const) {
      const r = await store({ name: 'Neg', [field]: '-5' });
      expect(r.status).toBe(422);
      expect(r.body).toEqual({
        success: false,
        message: `The ${field} field must not be negative.`,
        errors: { [field]: [`The ${field} field must not be negative.`] },
      });
    }
    const all = await store({ name: 'Neg', height: '-1', width: ' -2.5 ', depth: '\u22123' });
    expect(all.status).toBe(422);
    expect(Object.keys(all.body.errors)).toEqual(['height', 'width', 'depth']);
    expect(all.body.message).toBe('The height field must not be negative.');
    expect(await count()).toBe(before);
  });

  it('store accepts zero, decimals and feet and inches; a measure that is not a number is refused', async () => {
    const r = await store({ name: 'Fine', height: '0', width: `3' 4 1/2"`, depth: '12,5' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.product).toMatchObject({ height: '0', width: `3' 4 1/2"`, depth: '12,5' });
    const message = `The depth field must be a number, such as 12, 12.5 or 6' 2 1/2".`;
    for (const depth of ['-', 'abc', '12 cm'])
      expect((await store({ name: 'Bad', depth })).body).toEqual({ success: false, message, errors: { depth: [message] } });
  });

  it('edit refuses a negative dimension, names the field and leaves the row as it was', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme, { height: '10' });
    const r = await edit({ id_product: p.id, name: 'Renamed', depth: '-0.5' });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      success: false,
      message: 'The depth field must not be negative.',
      errors: { depth: ['The depth field must not be negative.'] },
    });
    const row = await s.db.one<{ name: string; depth: string; updated_at: Date }>(
      'SELECT name, depth, updated_at FROM products WHERE id = $1',
      [p.id],
    );
    expect(row).toMatchObject({ name: 'Test Chair', depth: '' });
    expect(new Date(row!.updated_at).toISOString()).toBe(p.updated_at);
    expect((await edit({ id_product: p.id, height: '12', depth: '4' })).status).toBe(200);
  });

  it('edit checks the result: every rule broken at once is reported by field, name first', async () => {
    const p = await newProduct(s, w.tok.acme, w.acme);
    const r = await edit({ id_product: p.id, name: ' ', sku: '', height: '-3', automation_system: 1 });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('You need to add a name or sku to the product');
    expect(r.body.errors).toEqual({
      name: ['You need to add a name or sku to the product'],
      height: ['The height field must not be negative.'],
      width: ['You need to add the dimensions to the product'],
      depth: ['You need to add the dimensions to the product'],
    });
  });
});

describe('the specs rules are kept', () => {
  it('name or SKU on store and edit', async () => {
    expect((await store({ name: '', sku: '  ' })).body.message).toBe('You need to add a name or sku to the product');
    const p = await newProduct(s, w.tok.acme, w.acme);
    const r = await edit({ id_product: p.id, name: '', sku: '' });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ name: ['You need to add a name or sku to the product'] });
  });

  it('the automation dimension rule names the missing fields', async () => {
    const r = await store({ name: 'Auto', automation_system: 1, height: '10' });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('You need to add the dimensions to the product');
    expect(r.body.errors).toEqual({
      width: ['You need to add the dimensions to the product'],
      depth: ['You need to add the dimensions to the product'],
    });
  });
});
