// Dexie version 11 -> the preset-numbers version 12 (issue 43: a preset's name followed its place, so
// deleting Preset 1 renamed Preset 2). A database of the previous release holds a product's two saved
// silo presets and a third made offline, its create still queued with an Info edit. Upgraded in place,
// the presets are numbered as the server numbers its rows (by id, the queued one last) and the entries
// stay exactly as they were; they drain once, the server gives the new preset the same number, and
// after Preset 1 is deleted the others keep theirs here and on the server.
import { IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { db, openLocal, PRESET_NUMBERS_VERSION } from '../../src/data/local/db.ts';
import { deletePreset, type Who } from '../../src/data/imagery/imagery.ts';
import { pullImageryList } from '../../src/data/pull/imagery-sync.ts';
import { newActionId } from '../../src/data/outbox/outbox.ts';
import type { OutboxEntry } from '../../src/data/local/types.ts';
import { DEMO } from '../support/http.ts';
import { oldDatabase } from './schema-fixtures.ts';
import { settle, startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
});
afterAll(async () => h?.s.close());

const T = -1_700_001_200_001;
const NAME = 'facet-release-11';
const VALUES = { background: '#ffffff', hasShadow: 1, shadow: 35, hasReflection: 1, reflection: 10, saturation: 100, brightness: 100, image_scale: 0, image_offset_x: 0, image_offset_y: 0 } as const;

it('numbers the presets held, keeps the queued entries, and the numbers stay when Preset 1 is deleted', async () => {
  const product = (await h.s.db.one<{ id: number; sku: string }>("SELECT id, sku FROM products WHERE customer_id = $1 AND sku = 'ACM-1007'", [h.cid]))!;
  const saved = await h.s.db.query<{ id: number; created_at: Date }>(
    "SELECT id, created_at FROM product_presets WHERE product_id = $1 AND section = 'silo' ORDER BY id", [product.id]);
  expect(saved).toHaveLength(2);

  const old = await oldDatabase(NAME, PRESET_NUMBERS_VERSION - 1, h.factory);
  // Version 11's rows had no number; stored out of order, the later one first.
  const row = (id: number, at: string) => ({ ...VALUES, id, productId: product.id, section: 'silo', version: 1, created_at: at, updated_at: at });
  await old.table('presets').bulkPut([row(saved[1]!.id, saved[1]!.created_at.toISOString()), row(saved[0]!.id, saved[0]!.created_at.toISOString())]);
  await old.table('presets').put({ ...row(T, new Date().toISOString()), shadow: 60, updated_at: undefined });
  const add = (o: Partial<OutboxEntry>) => old.table('outbox').add({ attempts: 0, nextAt: 0, createdAt: Date.now(), state: 'queued', dependsOn: [], ...o }) as Promise<number>;
  await add({
    action: 'a-preset-12', actionLabel: `Create Silo Image preset of ${product.sku}`, label: 'Create a Silo Image preset', key: 'a-preset-12.0',
    entities: [`preset:${T}`], errorPrefix: 'Error: ', creates: { temp: T, kind: 'preset', from: 'id_product_config' },
    call: { command: 'silo.store', body: { id_product: product.id, id_customer: h.cid, ...VALUES, shadow: 60 } },
  });
  await add({
    action: 'a-info-12', actionLabel: `Save ${product.sku}`, label: `Edit product ${product.sku}`, key: 'a-info-12.0', entities: [`product:${product.id}`],
    call: { command: 'products.edit', body: { id_product: product.id, collection: 'Numbered' } },
  });
  const before = await old.table('outbox').orderBy('id').toArray();
  old.close();

  openLocal({ name: NAME, indexedDB: h.factory, IDBKeyRange });
  expect(db().verno).toBeGreaterThanOrEqual(PRESET_NUMBERS_VERSION);
  expect(await db().outbox.orderBy('id').toArray()).toEqual(before);
  const numbers = async () => (await db().presets.where('[productId+section]').equals([product.id, 'silo']).sortBy('number')).map((p) => [p.id, p.number]);
  expect(await numbers()).toEqual([[saved[0]!.id, 1], [saved[1]!.id, 2], [T, 3]]);

  expect(await settle()).toEqual([]);
  const server = async () =>
    (await h.s.db.query<{ id: number; number: number }>("SELECT id, number FROM product_presets WHERE product_id = $1 AND section = 'silo' ORDER BY id", [product.id])).map((p) => [p.id, p.number]);
  const made = (await server()).at(-1)!;
  expect(made[1]).toBe(3); // the server gave it the number it had here
  expect(await numbers()).toEqual([[saved[0]!.id, 1], [saved[1]!.id, 2], made]);
  expect((await h.s.db.one<{ collection: string }>('SELECT collection FROM products WHERE id = $1', [product.id]))!.collection).toBe('Numbered');

  // Preset 1 deleted: Preset 2 and Preset 3 keep their names, here and, after a pull, as the server says.
  const who: Who = { customerId: h.cid, productId: product.id, productLabel: product.sku };
  await deletePreset(who, 'silo', saved[0]!.id, newActionId());
  expect(await numbers()).toEqual([[saved[1]!.id, 2], made]);
  expect(await settle()).toEqual([]);
  expect(await server()).toEqual([[saved[1]!.id, 2], made]);
  await pullImageryList(h.cid, product.id, 'presets-silo');
  expect(await numbers()).toEqual([[saved[1]!.id, 2], made]);
});
