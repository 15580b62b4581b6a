// Dexie version 8 -> the commands version 9 (a queued call names its contract entry): a database of
// the previous release holds, as URLs, a product created offline with a temp id and an image that
// waits for it (its answer lost once), an Info save (an edit based on the product's version, then a
// technical file), a vignette preset saved with a temp id, and a call no entry of today's contract
// has. Upgraded in place, each becomes its typed command with its key, action, state, dependencies
// and Blob; the unknown one stays a legacy call; and the queue drains exactly once.
import { IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMMANDS_VERSION, db, openLocal } from '../../src/data/local/db.ts';
import type { PathCall } from '../../src/data/local/commands.ts';
import type { OutboxEntry } from '../../src/data/local/types.ts';
import { call, DEMO } from '../support/http.ts';
import { oldDatabase } from './schema-fixtures.ts';
import { pngBlob, settle, startHarness, textFile, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
});
afterAll(async () => h?.s.close());

const P = -1_700_000_900_001;
const PRESET = -1_700_000_900_002;

it('upgrades entries queued as URLs to typed commands, keeps what it cannot map, and drains exactly once', async () => {
  const token = await h.s.tokenFor(DEMO.acme);
  const existingId = (await h.s.db.one<{ id: number }>('SELECT id FROM products WHERE customer_id = $1 ORDER BY id LIMIT 1', [h.cid]))!.id;
  const existing = (await call(h.s, 'GET', '/gets/product', { token, query: { id_product: existingId, id_customer: h.cid } })).body.product;
  const assetsBefore = (await h.s.db.query('SELECT id FROM product_assets WHERE product_id = $1', [existingId])).length;
  const presetsBefore = (await h.s.db.query("SELECT id FROM product_presets WHERE product_id = $1 AND section = 'vignette'", [existingId])).length;

  const old = await oldDatabase('facet-release-8', COMMANDS_VERSION - 1, h.factory);
  const image = (await old.table('blobs').add({ blob: await pngBlob('chair.png'), name: 'chair.png' })) as number;
  const file = (await old.table('blobs').add({ blob: textFile('care.txt'), name: 'care.txt' })) as number;
  const { descriptions: _d, files: _f, images_uploaded: _u, sizeImageProduct: _s, ...row } = existing;
  await old.table('products').bulkPut([
    { ...row, cid: h.cid, name: 'Renamed by release 8' },
    { id: P, id_product: P, cid: h.cid, id_customer: h.cid, name: 'Upgraded chair', sku: 'UPG-9', tags: [], images: [], pendingImages: [image], subcategories: [], categories: [] },
  ]);
  await old.table('productFiles').put({ productId: existingId, path: 'care.txt', pendingBlob: file });
  await old.table('presets').put({ id: PRESET, productId: existingId, section: 'vignette', shadow: 33, created_at: new Date().toISOString() });
  const at = Date.now();
  const add = (o: Omit<Partial<OutboxEntry>, 'call'> & { call: PathCall }) =>
    old.table('outbox').add({ attempts: 0, nextAt: 0, createdAt: at, state: 'queued', key: crypto.randomUUID(), dependsOn: [], ...o }) as Promise<number>;
  const create = await add({
    action: 'a-register-9', actionLabel: 'Add product UPG-9', label: 'Create product UPG-9', entities: [`product:${P}`], state: 'retrying', attempts: 1,
    call: { method: 'POST', path: '/posts/product/store', body: { id_customer: h.cid, name: 'Upgraded chair', sku: 'UPG-9' } },
    creates: { temp: P, kind: 'product', from: 'product.id' },
  });
  await add({
    action: 'a-register-9', actionLabel: 'Add product UPG-9', label: 'Upload an image of UPG-9', entities: [`product:${P}`], dependsOn: [create],
    call: { method: 'POST', path: '/posts/product/resource/store', body: { id_product: P }, upload: { field: 'image', blobId: image } },
  });
  const edit = await add({
    action: 'a-info-9', actionLabel: `Save ${existing.sku}`, label: `Edit product ${existing.sku}`, entities: [`product:${existingId}`],
    base: existing.updated_at, errorPrefix: 'Error updating product informations: ',
    call: { method: 'PUT', path: '/puts/product/edit', body: { id_product: existingId, name: 'Renamed by release 8' } },
  });
  await add({
    action: 'a-info-9', actionLabel: `Save ${existing.sku}`, label: `Upload a file of ${existing.sku}`, entities: [`product:${existingId}`], dependsOn: [edit],
    call: { method: 'POST', path: '/posts/product/asset/store', body: { id_product: existingId }, upload: { field: 'file', blobId: file } },
  });
  await add({
    action: 'a-preset-9', actionLabel: 'Create Vignette preset', label: 'Create a Vignette preset', entities: [`preset:${PRESET}`],
    call: { method: 'POST', path: '/posts/product/automation/vignette/config/store', body: { id_product: existingId, id_customer: h.cid, shadow: 33 } },
    creates: { temp: PRESET, kind: 'preset', from: 'id_product_config' },
  });
  await add({
    action: 'a-tutorial-9', actionLabel: 'Tutorial watched', label: 'Tutorial watched', entities: [],
    call: { method: 'POST', path: '/user/tutorial/watched', body: { slug: 'register-products' } },
  });
  const before = (await old.table('outbox').orderBy('id').toArray()) as (Omit<OutboxEntry, 'call'> & { call: PathCall })[];
  old.close();
  // Release 8 sent the create and lost the answer: the server holds the product and its answer under that key.
  expect((await call(h.s, 'POST', '/posts/product/store', {
    token, headers: { 'Idempotency-Key': before[0]!.key }, body: { id_customer: h.cid, name: 'Upgraded chair', sku: 'UPG-9' },
  })).status).toBe(200);

  openLocal({ name: 'facet-release-8', indexedDB: h.factory, IDBKeyRange });
  expect(db().verno).toBeGreaterThanOrEqual(COMMANDS_VERSION);
  const after = await db().outbox.orderBy('id').toArray();
  expect(after.map((e) => e.call)).toEqual([
    { command: 'products.store', body: { id_customer: h.cid, name: 'Upgraded chair', sku: 'UPG-9' } },
    { command: 'productInfo.imageStore', body: { id_product: P }, upload: { blobId: image } },
    { command: 'products.edit', body: { id_product: existingId, name: 'Renamed by release 8' } },
    { command: 'productInfo.assetStore', body: { id_product: existingId }, upload: { blobId: file } },
    { command: 'vignette.store', body: { id_product: existingId, id_customer: h.cid, shadow: 33 } },
    { command: 'legacy', method: 'POST', path: '/user/tutorial/watched', body: { slug: 'register-products' } },
  ]);
  // Everything but the call is as it was.
  const rest = ({ call: _c, ...e }: { call: unknown }) => e;
  expect(after.map(rest)).toEqual(before.map(rest));

  h.net.queue = ['dropResponse', 'duplicate', 'dropResponse', 'duplicate'];
  expect(await settle()).toEqual([]);
  expect(await db().blobs.count()).toBe(0);

  // The server: each change once.
  const made = await h.s.db.query<{ id: number; images: number }>(
    `SELECT p.id, (SELECT count(*)::int FROM product_images i WHERE i.product_id = p.id) AS images FROM products p WHERE p.sku = 'UPG-9'`);
  expect(made).toEqual([{ id: expect.any(Number), images: 1 }]);
  expect((await h.s.db.one<{ name: string }>('SELECT name FROM products WHERE id = $1', [existingId]))!.name).toBe('Renamed by release 8');
  expect(await h.s.db.query('SELECT id FROM product_assets WHERE product_id = $1', [existingId])).toHaveLength(assetsBefore + 1);
  const presets = await h.s.db.query<{ id: number; shadow: number }>(
    "SELECT id, shadow FROM product_presets WHERE product_id = $1 AND section = 'vignette' ORDER BY id", [existingId]);
  expect(presets).toHaveLength(presetsBefore + 1);
  expect(presets.at(-1)!.shadow).toBe(33);
  const keys = await h.s.db.query<{ key: string; path: string }>('SELECT key, path FROM idempotency_keys WHERE key = ANY($1) ORDER BY path', [before.map((e) => e.key)]);
  // One key per entry, each on its own call (the legacy one on its path as queued).
  expect(keys.map((k) => k.path.replace(/^\/backend/, '')).sort()).toEqual([
    '/posts/product/asset/store', '/posts/product/automation/vignette/config/store', '/posts/product/resource/store',
    '/posts/product/store', '/puts/product/edit', '/user/tutorial/watched',
  ]);

  // The mirror: each reply did what its command does.
  const real = made[0]!.id;
  expect((await db().idmap.get(P))?.real).toBe(real);
  const chair = (await db().products.get(real))!;
  expect(chair.images).toHaveLength(1);
  expect(chair.pendingImages).toEqual([]);
  const files = await db().productFiles.where('productId').equals(existingId).toArray();
  expect(files.filter((f) => f.pendingBlob !== undefined)).toEqual([]);
  expect(files.map((f) => f.path)).toContain((await h.s.db.query<{ path: string }>('SELECT path FROM product_assets WHERE product_id = $1 ORDER BY id DESC LIMIT 1', [existingId]))[0]!.path);
  expect(await db().presets.get(PRESET)).toBeUndefined();
  expect(await db().presets.get(presets.at(-1)!.id)).toMatchObject({ section: 'vignette', shadow: 33, productId: existingId });
});
