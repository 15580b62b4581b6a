// Where a product row lives, and the one way to read it. The first sync stores the company's list
// as pages of up to PAGE_ROWS rows (`productPages`): Chromium 150 spends about 80 µs in its browser
// process per IndexedDB record whatever its size, so 100,000 records took 8 to 13 s here, while 100
// pages of 1,000 rows take under 1 s. Every other write (a delta, a local change, one product's pull)
// goes to `products`, one record per product, and that record wins over a page's copy. A delete
// removes the row from both. Readers use productRow(s)/companyProducts, never the tables directly.
import { db } from './db.ts';
import type { ProductPageRow, ProductRow } from './types.ts';

const PAGE_ROWS = 1000;
/** Ids per range read of own records. */
const WINDOW = 1000;
/** [cid, hi, lo]: the page holds the company's rows with lo <= id < hi. */
type PageKey = [number, number, number];

const allKeys = async () => (await db().productPages.toCollection().primaryKeys()) as PageKey[];
const holds = ([, hi, lo]: PageKey, id: number) => lo <= id && id < hi;
const findIn = (page: ProductPageRow | undefined, id: number) => page?.rows.find((r) => r.id === id);

/** One product: its own record, else its copy in a page. */
export async function productRow(id: number): Promise<ProductRow | undefined> {
  const own = await db().products.get(id);
  if (own) return own;
  for (const key of (await allKeys()).filter((k) => holds(k, id))) {
    const row = findIn(await db().productPages.get(key), id);
    if (row) return row;
  }
  return undefined;
}

/** Many products, each page read once. */
export async function productRows(ids: number[]): Promise<(ProductRow | undefined)[]> {
  const own = await ownRecords(ids);
  const missing = ids.filter((_, i) => !own[i]);
  if (!missing.length) return own;
  const keys = (await allKeys()).filter((k) => missing.some((id) => holds(k, id)));
  const byId = new Map<number, ProductRow>();
  // A page at a time: ten pages' rows in one answer take one long task to come out of IndexedDB.
  for (const key of keys) for (const r of (await db().productPages.get(key))?.rows ?? []) byId.set(r.id, r);
  return ids.map((id, i) => own[i] ?? byId.get(id));
}

/**
 * The products' own records. A page's worth of ids (a first-sync page just written) is read as one
 * key range: one IndexedDB request instead of one per id, each of which costs ~80 µs in Chromium.
 */
async function ownRecords(ids: number[]): Promise<(ProductRow | undefined)[]> {
  const real = ids.filter((id) => id > 0);
  // A loop, not Math.min(...real): a bulk action's 100,000 ids would overflow the call's arguments.
  let lo = Infinity;
  let hi = -Infinity;
  for (const id of real) {
    if (id < lo) lo = id;
    if (id > hi) hi = id;
  }
  // Few ids, or ids spread wide (the range would read much more than asked): one get each.
  if (real.length < 50 || hi - lo > 4 * real.length) return db().products.bulkGet(ids);
  // In windows of ids: 10,000 rows in one answer take one long task to come out of IndexedDB.
  const found = new Map<number, ProductRow>();
  for (let from = lo; from <= hi; from += WINDOW) {
    for (const r of await db().products.where(':id').between(from, Math.min(from + WINDOW, hi + 1), true, false).toArray()) found.set(r.id, r);
  }
  const temps = ids.filter((id) => id <= 0);
  if (temps.length) for (const r of await db().products.bulkGet(temps)) if (r) found.set(r.id, r);
  return ids.map((id) => found.get(id));
}

/** Of these ids, those with an own record (a range of keys when they are dense, as ownRecords). */
export async function ownIds(ids: number[]): Promise<Set<number>> {
  let lo = Infinity;
  let hi = -Infinity;
  for (const id of ids) {
    if (id < lo) lo = id;
    if (id > hi) hi = id;
  }
  if (ids.length < 50 || hi - lo > 4 * ids.length) return new Set((await db().products.bulkGet(ids)).flatMap((r) => (r ? [r.id] : [])));
  const wanted = new Set(ids);
  return new Set(((await db().products.where(':id').between(lo, hi, true, true).primaryKeys()) as number[]).filter((id) => wanted.has(id)));
}

/** The first-sync pages' copies of these products (whatever own records say). */
export async function pageCopies(ids: number[]): Promise<Map<number, ProductRow>> {
  const out = new Map<number, ProductRow>();
  if (!ids.length) return out;
  const keys = (await allKeys()).filter((k) => ids.some((id) => holds(k, id)));
  const wanted = new Set(ids);
  for (const page of await db().productPages.bulkGet(keys)) for (const r of page?.rows ?? []) if (wanted.has(r.id)) out.set(r.id, r);
  return out;
}

/** Every product of a company, unordered. */
export async function companyProducts(cid: number): Promise<ProductRow[]> {
  const own = await db().products.where('cid').equals(cid).toArray();
  const pages = await db().productPages.where('[cid+hi+lo]').between([cid, -Infinity, -Infinity], [cid, Infinity, Infinity]).toArray();
  if (!pages.length) return own;
  const shadowed = new Set(own.map((r) => r.id));
  const paged = pages.flatMap((p) => p.rows).filter((r) => !shadowed.has(r.id));
  return [...own, ...paged];
}

/** The company's pages, newest ids first, one at a time (the catalogue's first screen). */
export async function eachPageDesc(cid: number, f: (rows: ProductRow[]) => boolean | void): Promise<void> {
  const keys = (await allKeys()).filter(([c]) => c === cid).sort((a, b) => b[1] - a[1]);
  for (const key of keys) {
    const page = await db().productPages.get(key);
    if (page && f(page.rows) === false) return;
  }
}

/** Removes these products from the pages that hold them (a delete, here or on the server). */
export async function forgetPaged(ids: number[]): Promise<void> {
  if (!ids.length) return;
  const gone = new Set(ids);
  const keys = (await allKeys()).filter((k) => ids.some((id) => holds(k, id)));
  for (const page of await db().productPages.bulkGet(keys)) {
    if (!page || !page.rows.some((r) => gone.has(r.id))) continue;
    await db().productPages.put({ ...page, rows: page.rows.filter((r) => !gone.has(r.id)) });
  }
}

/**
 * Stores rows (ids descending) that stand for every id of the company in [lo, hi): pages that
 * overlap the range are replaced; returns the ids they held that are gone. Call inside a
 * transaction that includes productPages.
 */
export async function writePages(cid: number, rows: ProductRow[], range: { lo: number; hi: number }): Promise<number[]> {
  const t = db().productPages;
  const old = (await allKeys()).filter(([c, hi, lo]) => c === cid && lo < range.hi && hi > range.lo);
  const kept = new Set(rows.map((r) => r.id));
  const dropped: number[] = [];
  for (const page of old.length ? await t.bulkGet(old) : []) for (const r of page?.rows ?? []) if (!kept.has(r.id)) dropped.push(r.id);
  if (old.length) await t.bulkDelete(old);
  const pages: ProductPageRow[] = [];
  let hi = range.hi;
  for (let i = 0; i < rows.length; i += PAGE_ROWS) {
    const part = rows.slice(i, i + PAGE_ROWS);
    const lo = i + PAGE_ROWS >= rows.length ? range.lo : part[part.length - 1]!.id;
    pages.push({ cid, hi, lo, rows: part });
    hi = lo;
  }
  if (pages.length) await t.bulkPut(pages);
  return dropped;
}
