// The catalogue query engine: every filter against a brute-force oracle over the pulled rows,
// selected first, the first page from the index, and writes reaching the in-memory index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogIndex, catalogIndex, runQuery, toEntry } from '../../src/data/catalog/catalog-query.ts';
import { matchDoc, queryWords } from '../../src/data/catalog/catalog-search.ts';
import { db, Dexie } from '../../src/data/local/db.ts';
import { companyProducts } from '../../src/data/local/product-pages.ts';
import { registerProducts } from '../../src/data/catalog/products.ts';
import { syncNow } from '../../src/data/sync/sync.ts';
import type { ProductFilters, ProductRow, TemplateRow } from '../../src/data/local/types.ts';
import { DEMO } from '../support/http.ts';
import { settle, startHarness, type Harness } from './support.ts';
import { newActionId } from '../../src/data/outbox/outbox.ts';

let h: Harness;
let products: ProductRow[];
let templates: TemplateRow[];
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
  await syncNow(h.cid, true);
  products = await companyProducts(h.cid);
  templates = await db().templates.where('cid').equals(h.cid).toArray();
});
afterAll(async () => h?.s.close());

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const desc = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => b.id - a.id);
/** The search's slow path over each row (catalog-search.ts), ranked: exact SKU, name, the rest; newest first in each. */
function searched<T extends ProductRow | TemplateRow>(rows: T[], text: string): T[] {
  const words = queryWords(text);
  const tiers = desc(rows).map((r) => ({ r, tier: matchDoc(toEntry(r).doc!, words) })).filter((x) => x.tier >= 0);
  return tiers.sort((a, b) => a.tier - b.tier).map((x) => x.r);
}

describe('catalogue query', () => {
  it('shows the first page from the index before the rows are in memory', async () => {
    const ix = catalogIndex('products', h.cid);
    expect(ix.ready).toBe(false);
    const r = await runQuery({ kind: 'products', customerId: h.cid });
    expect(r).toMatchObject({ ready: false, firstPageFromIndex: true });
    expect(ids(r.items)).toEqual(ids(desc(products)).slice(0, 60));
    await ix.load();
    expect((await runQuery({ kind: 'products', customerId: h.cid })).ready).toBe(true);
  });

  it('filters products like the oracle, sorted by id descending with selected first', async () => {
    const sample = products[7]!;
    const sub = sample.subcategories[0]!;
    const cat = sample.categories[0]!.id;
    const cases: [Omit<ProductFilters, 'kind' | 'customerId'>, (p: ProductRow) => boolean][] = [
      [{}, () => true],
      [{ id: sample.id }, (p) => p.id === sample.id],
      [{ collection: sample.collection.slice(0, 3) }, (p) => p.collection.toLowerCase().includes(sample.collection.slice(0, 3).toLowerCase())],
      [{ automation: 'sent' }, (p) => p.automation_system === 1],
      [{ automation: 'not-sent' }, (p) => p.automation_system === 0],
      [{ subcategoryId: sub }, (p) => p.subcategories.includes(sub)],
      [{ categoryId: cat }, (p) => p.categories.some((c) => c.id === cat)],
      [{ from: '2019-01-01', to: sample.created_at.slice(0, 10) }, (p) => p.created_at.slice(0, 10) <= sample.created_at.slice(0, 10)],
    ];
    for (const [f, test] of cases) {
      const got = (await runQuery({ kind: 'products', customerId: h.cid, ...f })).items;
      expect(ids(got), JSON.stringify(f)).toEqual(ids(desc(products.filter(test))));
    }
    for (const text of [sample.sku.slice(2, 6).toUpperCase(), sample.sku.toLowerCase(), 'a', sample.name.split(' ').reverse().join(' '), sample.collection]) {
      const got = (await runQuery({ kind: 'products', customerId: h.cid, text })).items;
      expect(ids(got), text).toEqual(ids(searched(products, text)));
      expect(got.length, text).toBeGreaterThan(0);
    }
    const selected = [products[3]!.id, products[40]!.id];
    const got = ids((await runQuery({ kind: 'products', customerId: h.cid, selected })).items);
    expect(got.slice(0, 2)).toEqual([...selected].sort((a, b) => b - a));
    expect(got).toHaveLength(products.length);
  });

  it('answers like the oracle per keystroke while typing and erasing (narrowing and cache)', async () => {
    const word = products[5]!.name.toLowerCase().slice(0, 6);
    const typed = [...word].map((_, i) => word.slice(0, i + 1));
    for (const text of [...typed, ...typed.reverse(), '', word.slice(2), word]) {
      for (const automation of ['all', 'sent'] as const) {
        const got = (await runQuery({ kind: 'products', customerId: h.cid, text, automation })).items;
        const want = searched(products.filter((p) => automation === 'all' || p.automation_system === 1), text);
        expect(ids(got), `${text}/${automation}`).toEqual(ids(want));
      }
    }
  });

  it('filters templates by visibility, ambient and text', async () => {
    const amb = templates.find((t) => t.ambients.length)!.ambients[0]!.id;
    for (const [f, test] of [
      [{ visibility: 'public' as const }, (t: TemplateRow) => t.public === 1],
      [{ visibility: 'private' as const }, (t: TemplateRow) => t.public === 0],
      [{ visibility: 'both' as const }, () => true],
      [{ categoryId: amb }, (t: TemplateRow) => t.ambients.some((a) => a.id === amb)],
    ] as const) {
      const got = (await runQuery({ kind: 'templates', customerId: h.cid, ...f })).items;
      expect(ids(got), JSON.stringify(f)).toEqual(ids(desc(templates.filter(test))));
    }
    const text = templates[0]!.tags[0]?.name ?? templates[0]!.name;
    expect(ids((await runQuery({ kind: 'templates', customerId: h.cid, text })).items)).toEqual(ids(searched(templates, text)));
  });

  it('sorts by name, SKU, date created and date updated, either way', async () => {
    const cmp = (k: (p: ProductRow) => string | number) => (a: ProductRow, b: ProductRow) => (k(a) < k(b) ? -1 : k(a) > k(b) ? 1 : 0);
    const keys = { name: (p: ProductRow) => p.name.toLowerCase(), sku: (p: ProductRow) => p.sku.toLowerCase(), created: (p: ProductRow) => Date.parse(p.created_at), updated: (p: ProductRow) => Date.parse(p.updated_at!) };
    for (const [field, key] of Object.entries(keys)) {
      const asc = desc(products).sort(cmp(key));
      expect(ids((await runQuery({ kind: 'products', customerId: h.cid, sort: field as 'name' })).items), field).toEqual(ids(asc));
      const down = desc(products).sort((a, b) => -cmp(key)(a, b));
      expect(ids((await runQuery({ kind: 'products', customerId: h.cid, sort: `-${field}` as '-name' })).items), `-${field}`).toEqual(ids(down));
    }
    // A chosen sort orders the search's matches too (no ranking then).
    const got = (await runQuery({ kind: 'products', customerId: h.cid, text: 'a', sort: 'name' })).items;
    expect(ids(got)).toEqual(ids(searched(products, 'a').sort(cmp(keys.name))));
  });

  it('keeps the in-memory index in step with writes, temp rows first, then re-keyed', async () => {
    await catalogIndex('products', h.cid).load();
    h.net.offline = true;
    const [temp] = await registerProducts(h.cid, [{ sku: 'IDX-1', name: 'Indexed offline' }], newActionId());
    // The index applies a write after it commits (its change event): until then, the search finds nothing.
    await expect.poll(async () => ids((await runQuery({ kind: 'products', customerId: h.cid, text: 'idx-1' })).items)).toEqual([temp]);
    let r = await runQuery({ kind: 'products', customerId: h.cid, text: 'idx-1' });
    expect(ids(r.items)).toEqual([temp]);
    expect((await runQuery({ kind: 'products', customerId: h.cid })).items[0]!.id).toBe(temp);
    h.net.offline = false;
    await settle();
    // The re-key reaches the index the same way: until then, the search finds the temp id.
    await expect.poll(async () => (await runQuery({ kind: 'products', customerId: h.cid, text: 'idx-1' })).items.map((p) => p.id > 0)).toEqual([true]);
    r = await runQuery({ kind: 'products', customerId: h.cid, text: 'idx-1' });
    expect(r.items).toHaveLength(1);
    expect(r.items[0]!.id).toBeGreaterThan(0);
    // An edit reaches the search: the new name is found, the old one no more.
    await db().products.put({ ...r.items[0]! as ProductRow, name: 'Zanzibar Ottoman' });
    await catalogIndex('products', h.cid).apply({ table: 'products', ids: [r.items[0]!.id] });
    expect(ids((await runQuery({ kind: 'products', customerId: h.cid, text: 'ottomans zanzibar' })).items)).toEqual([r.items[0]!.id]);
    expect((await runQuery({ kind: 'products', customerId: h.cid, text: 'indexed offline' })).items).toHaveLength(0);
  });

  it('keeps a re-key that lands while the index is still reading its rows', async () => {
    const temp = -1_700_000_300_001;
    const real = 999_001;
    await db().products.put({ ...products[0]!, id: temp, id_product: temp, sku: 'RACE-1', name: 'Raced' });
    const ix = new CatalogIndex('products', h.cid);
    // The drain re-keys the product just after the index has read it, and says so before the index is ready.
    let rekeyed: Promise<unknown> | undefined;
    const onRead = (row: ProductRow) => {
      if (row.id !== temp || rekeyed) return row;
      const write = Dexie.ignoreTransaction(() => db().transaction('rw', db().products, async () => {
        await db().products.delete(temp);
        await db().products.put({ ...products[0]!, id: real, id_product: real, sku: 'RACE-1', name: 'Raced' });
      }));
      expect(ix.ready).toBe(false);
      rekeyed = Promise.all([write, ix.apply({ table: 'products', ids: [real], rekeyed: [[temp, real]] })]);
      return row;
    };
    db().products.hook('reading', onRead);
    try {
      await ix.load();
      await rekeyed;
    } finally {
      db().products.hook('reading').unsubscribe(onRead);
    }
    expect(ids(ix.query({ kind: 'products', customerId: h.cid, text: 'race-1' }))).toEqual([real]);
    await db().products.delete(real);
  });
});
