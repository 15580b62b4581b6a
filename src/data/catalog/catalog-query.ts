// The catalogue query engine. A company's rows are loaded once into memory, their words in an
// inverted index (search-index.ts, rules in catalog-search.ts); filtering, search and sorting then
// run over plain arrays (a Dexie .filter() cursor scan of 100k rows takes seconds; this takes
// milliseconds). Until the index is ready, the first page is read straight from the [cid+id] index.
// Writes arrive through the change bus.
import type { IndexableType, Table } from 'dexie';
import { db, maxKey, minKey, onOpen } from '../local/index.ts';
import { onChange, type Change } from '../local/index.ts';
import { companyProducts, eachPageDesc, productRows } from '../local/index.ts';
import { fold, matchDoc, narrows, queryWords, searchDoc, type SearchDoc, type Word } from './catalog-search.ts';
import { SearchIndex } from './search-index.ts';
import { sortEntries } from './catalog-sort.ts';
import type { CatalogFilters, CatalogItem, CatalogResult, ProductRow, TemplateRow } from '../local/index.ts';
import { rowsAt, warmUpWhenIdle } from './search-warmup.ts';

export const PAGE = 60;

export interface Entry {
  id: number;
  row: CatalogItem;
  /** What search finds it by; dropped once it is in the index. */
  doc?: SearchDoc;
  /** Its slot in the search index. */
  slot: number;
  /** Sort keys: the name and SKU folded, when updated (ms; a local change not yet confirmed is the newest). */
  name: string;
  sku: string;
  updated: number;
  collection: string;
  created: number;
  automation: number;
  visibility: number;
  groups: number[];
  subgroups: number[];
}

const isProduct = (r: CatalogItem): r is ProductRow => 'sku' in r;

/** A query's words, its matches (positions in the base: in its order, and ranked) and their rows (returned as they are). */
interface Hit { words: Word[]; matched: Int32Array; ranked: Int32Array; rows: CatalogItem[] }
const slotOf = (e: Entry) => e.slot;
const rowOf = (e: Entry) => e.row;
/** Above this many changed rows, the index takes them in one pass (replaceMany). */
const MANY = 32;
/** How many rows of a large change are read and made entries at a time (one short main-thread task each). */
const PART = 500;
/** Temp ids (negative) are the newest rows: they sort first. */
const order = (id: number) => (id < 0 ? Number.MAX_SAFE_INTEGER + id / 1e6 : id);

const updatedAt = (v: string | undefined) => (v ? Date.parse(v) : Number.MAX_SAFE_INTEGER);

export function toEntry(row: CatalogItem): Entry {
  if (isProduct(row)) {
    const cats = row.categories?.flatMap((c) => [c.name, c.subcategory]) ?? [];
    return {
      id: row.id, row, slot: -1, name: fold(row.name), sku: fold(row.sku), updated: updatedAt(row.updated_at),
      doc: searchDoc(row.name, row.sku, [row.collection, row.finish, ...(row.tags?.map((t) => t.name) ?? []), ...cats]),
      collection: (row.collection ?? '').toLowerCase(),
      created: Date.parse(row.created_at), automation: row.automation_system, visibility: -1,
      groups: row.categories?.map((c) => c.id) ?? [], subgroups: row.subcategories ?? [],
    };
  }
  const t = row as TemplateRow;
  return {
    id: t.id, row, slot: -1, name: fold(t.name), sku: '', updated: updatedAt(t.updated_at),
    doc: searchDoc(t.name, '', [String(t.id), t.collection, ...t.tags.map((x) => x.name)]),
    collection: (t.collection ?? '').toLowerCase(), created: Date.parse(t.created_at), automation: -1,
    visibility: t.public, groups: t.ambients.map((a) => a.id), subgroups: [],
  };
}

const day = (v: string | Date, end: boolean) => {
  const d = typeof v === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00` : v) : new Date(v);
  if (end && (typeof v !== 'string' || /^\d{4}-\d{2}-\d{2}$/.test(v))) d.setHours(23, 59, 59, 999);
  return d.getTime();
};

/** One predicate for both paths (memory and the Dexie first page). */
export function predicate(f: CatalogFilters): (e: Entry) => boolean {
  const words = queryWords(f.text);
  const text = words.length ? words : undefined;
  const from = f.from ? day(f.from, false) : undefined;
  const to = f.to ? day(f.to, true) : undefined;
  const collection = f.kind === 'products' ? f.collection?.trim().toLowerCase() || undefined : undefined;
  const automation = f.kind === 'products' && f.automation && f.automation !== 'all' ? (f.automation === 'sent' ? 1 : 0) : undefined;
  const visibility = f.kind === 'templates' && f.visibility && f.visibility !== 'both' ? (f.visibility === 'public' ? 1 : 0) : undefined;
  const sub = f.kind === 'products' ? f.subcategoryId : undefined;
  const ambients = f.kind === 'templates' && f.ambientIds?.length ? new Set(f.ambientIds) : undefined;
  const { id, categoryId } = f;
  return (e) =>
    (text === undefined || (!!e.doc && matchDoc(e.doc, text) >= 0)) &&
    (id === undefined || e.id === id) &&
    (collection === undefined || e.collection.includes(collection)) &&
    (from === undefined || e.created >= from) &&
    (to === undefined || e.created <= to) &&
    (automation === undefined || e.automation === automation) &&
    (visibility === undefined || e.visibility === visibility) &&
    (categoryId === undefined || e.groups.includes(categoryId)) &&
    (ambients === undefined || e.groups.some((g) => ambients.has(g))) &&
    (sub === undefined || e.subgroups.includes(sub));
}

/** Sorted by id descending, selected ones first (document 2 §4). */
function withSelectedFirst(list: Entry[], selected?: readonly number[]): CatalogItem[] {
  if (!selected?.length) {
    const out = new Array<CatalogItem>(list.length);
    for (let i = 0; i < list.length; i++) out[i] = list[i]!.row;
    return out;
  }
  const s = new Set(selected);
  const first: CatalogItem[] = [];
  const rest: CatalogItem[] = [];
  for (const e of list) (s.has(e.id) ? first : rest).push(e.row);
  return first.concat(rest);
}

export class CatalogIndex {
  private entries: Entry[] = [];
  private byId = new Map<number, Entry>();
  private listeners = new Set<() => void>();
  private loading?: Promise<void>;
  ready = false;
  version = 0;

  constructor(readonly kind: CatalogFilters['kind'], readonly cid: number) {}

  private table(): Table<CatalogItem, IndexableType> {
    return (this.kind === 'products' ? db().products : db().templates) as unknown as Table<CatalogItem, IndexableType>;
  }

  subscribe = (l: () => void) => (this.listeners.add(l), () => void this.listeners.delete(l));
  getVersion = () => this.version;
  private bump() {
    this.version++;
    for (const l of this.listeners) l();
  }

  /** Loads every row of the company once (idempotent). */
  load(): Promise<void> {
    this.loading ??= (async () => {
      const rows = (this.kind === 'products' ? await companyProducts(this.cid) : await this.table().where('cid').equals(this.cid).toArray()) as CatalogItem[];
      this.entries = rows.map(toEntry).sort((a, b) => order(b.id) - order(a.id));
      this.byId = new Map(this.entries.map((e) => [e.id, e]));
      this.search = new SearchIndex();
      const slots = this.search.addAll(this.entries.map((e) => e.doc!));
      this.entries.forEach((e, i) => ((e.slot = slots[i]!), (e.doc = undefined)));
      this.ready = true;
      // Changes made while the rows were read (a drain re-keying a product made offline) may be
      // missing from them: they are applied now, not lost.
      for (const c of this.arrivedWhileLoading.splice(0)) await this.applyNow(c);
      this.bump();
      const { search } = this;
      warmUpWhenIdle(search, Int32Array.from(this.entries, slotOf), this.entries.map(rowOf), () => this.ready && this.search === search);
    })().catch((err) => {
      this.loading = undefined;
      throw err;
    });
    return this.loading;
  }

  /** The first page of a query, read from the [cid+id] index (before the index is ready). */
  async firstPage(f: CatalogFilters, limit = PAGE): Promise<CatalogItem[]> {
    const test = predicate(f);
    const t = this.table();
    const keep = (r: CatalogItem) => test(toEntry(r));
    const temps = (await t.where('[cid+id]').between([this.cid, minKey], [this.cid, 0]).filter(keep).toArray()) as CatalogItem[];
    const rest = (await t.where('[cid+id]').between([this.cid, 0], [this.cid, maxKey]).reverse().filter(keep).limit(limit).toArray()) as CatalogItem[];
    if (this.kind === 'products') {
      const own = new Set((await t.where('[cid+id]').between([this.cid, 0], [this.cid, maxKey]).primaryKeys()) as number[]);
      rest.push(...(await this.pagedTop(keep, limit, own)));
    }
    rest.sort((a, b) => b.id - a.id);
    return withSelectedFirst([...temps, ...rest.slice(0, limit)].map(toEntry), f.selected).slice(0, limit);
  }

  /** The first sync's pages, newest first, until `limit` rows pass (rows with their own record are read above). */
  private async pagedTop(keep: (r: CatalogItem) => boolean, limit: number, seen: Set<number>): Promise<CatalogItem[]> {
    const out: CatalogItem[] = [];
    await eachPageDesc(this.cid, (rows) => {
      for (const r of rows as unknown as CatalogItem[]) if (!seen.has(r.id) && keep(r)) out.push(r);
      return out.length < limit;
    });
    return out;
  }

  /**
   * Per keystroke: the other filters and the sort are the same from key to key, so their matches
   * (the base, in the chosen order, and its search slots) are computed once; the words then mark
   * their matches in the inverted index and the base is walked once, or only the matches of a cached
   * query this one narrows (a word typed longer, a word added: narrows()). Answers are cached per
   * typed text (erasing hits the cache). Any write clears the cache. The returned array is shared
   * with the cache: read it, never change it.
   */
  query(f: CatalogFilters): CatalogItem[] {
    const words = queryWords(f.text);
    const text = words.map((w) => w.c).join(' ');
    const others = { ...f, text: undefined, selected: undefined };
    const key = JSON.stringify(others);
    if (this.cacheKey !== key || this.cacheVersion !== this.version) {
      this.cache.clear();
      this.cacheKey = key;
      this.cacheVersion = this.version;
      const sorted = f.sort ? sortEntries(this.entries, f.sort) : this.entries;
      const { sort: _, ...filters } = others;
      const textOnly = Object.entries(filters).every(([k, v]) => v === undefined || k === 'kind' || k === 'customerId');
      this.base = textOnly ? sorted : sorted.filter(predicate(others));
      this.baseSlots = Int32Array.from(this.base, slotOf);
      this.baseRows = this.base.map(rowOf);
    }
    let hit = this.cache.get(text);
    if (hit) this.cache.delete(text);
    else {
      // Ranked when no sort was chosen; a chosen sort is kept as it is.
      const { matched, ranked } = this.search.match(words, this.baseSlots, this.narrowest(words), !f.sort);
      hit = { words, matched, ranked, rows: rowsAt(this.baseRows, ranked) };
      if (this.cache.size >= 32) this.cache.delete(this.cache.keys().next().value!);
    }
    this.cache.set(text, hit);
    if (!f.selected?.length) return hit.rows;
    return withSelectedFirst(Array.from(hit.ranked, (i) => this.base[i]!), f.selected);
  }

  /** The fewest candidates a cached answer offers `words` (null: the whole base). */
  private narrowest(words: readonly Word[]): Int32Array | null {
    let best: Int32Array | null = null;
    for (const c of this.cache.values()) if ((!best || c.matched.length < best.length) && narrows(c.words, words, this.swapReaches)) best = c.matched;
    return best;
  }

  private swapReaches = (w: Word) => this.search.swapReaches(w);

  /** Forgets cached answers (measurements of the uncached search). */
  resetCache() {
    this.cache.clear();
    this.cacheKey = '';
  }

  /** Every row loaded, newest first (read them, never change them). */
  eachRow(f: (row: CatalogItem) => void) {
    for (const e of this.entries) f(e.row);
  }

  /** The number of distinct terms in the search index. */
  get terms() {
    return this.search.terms;
  }

  private search = new SearchIndex();
  private cache = new Map<string, Hit>();
  private cacheKey = '';
  private cacheVersion = -1;
  /** Matches of the non-text filters, in the chosen order. */
  private base: Entry[] = [];
  private baseSlots = new Int32Array(0);
  /** The base's rows, in its order. */
  private baseRows: CatalogItem[] = [];

  private arrivedWhileLoading: Change[] = [];

  /** Changes are taken one after the other: a large one is read and merged in parts (below). */
  private applying: Promise<void> = Promise.resolve();
  apply(c: Change): Promise<void> {
    const run = this.applying.then(() => this.applyNow(c));
    this.applying = run.catch(() => undefined);
    return run;
  }

  private async applyNow(c: Change) {
    if (!this.ready) {
      if (this.loading) this.arrivedWhileLoading.push(c);
      return;
    }
    if (c.ids === 'all') {
      this.loading = undefined;
      this.ready = false;
      return this.load();
    }
    for (const [temp] of c.rekeyed ?? []) this.remove(temp);
    const ids = [...c.ids, ...(c.rekeyed ?? []).map(([, real]) => real)];
    const read = (part: number[]) => (this.kind === 'products'
      ? productRows(part)
      : db().templates.bulkGet(part.map((id) => [this.cid, id] as [number, number])));
    if (ids.length > MANY) {
      // A bulk action's 10,000 rows: read, given their search words and indexed PART at a time, each
      // part its own short task (the whole in one took 55 to 75 ms). A part is indexed under new slots
      // that no entry points to yet, so a query meanwhile still sees the rows as they were; the
      // entries then move to the new rows in one pass.
      const added: Entry[] = [];
      for (let i = 0; i < ids.length; i += PART) {
        const part: Entry[] = [];
        for (const row of await read(ids.slice(i, i + PART))) if (row && row.cid === this.cid) part.push(toEntry(row));
        const slots = this.search.addAll(part.map((e) => e.doc!));
        part.forEach((e, k) => {
          e.slot = slots[k]!;
          e.doc = undefined;
        });
        added.push(...part);
      }
      this.replaceMany(ids, added);
    } else {
      const rows = await read(ids);
      ids.forEach((id, i) => {
        const row = rows[i];
        this.remove(id);
        if (row && row.cid === this.cid) this.insert(toEntry(row));
      });
    }
    this.bump();
  }

  /**
   * Many rows at once (a bulk action's), already indexed: one pass out, one sort and one merge in.
   * One by one, each removal and insertion moves the array (a bulk tag of 100,000 products took a minute).
   */
  private replaceMany(ids: number[], fresh: Entry[]) {
    const changed = new Set(ids);
    for (const id of ids) {
      const e = this.byId.get(id);
      if (!e) continue;
      this.byId.delete(id);
      this.search.remove(e.slot);
    }
    const kept = this.entries.filter((e) => !changed.has(e.id));
    const added = fresh.sort((a, b) => order(b.id) - order(a.id));
    for (const e of added) this.byId.set(e.id, e);
    const merged: Entry[] = [];
    let i = 0;
    let j = 0;
    while (i < kept.length || j < added.length) {
      if (j >= added.length || (i < kept.length && order(kept[i]!.id) >= order(added[j]!.id))) merged.push(kept[i++]!);
      else merged.push(added[j++]!);
    }
    this.entries = merged;
  }

  private remove(id: number) {
    const e = this.byId.get(id);
    if (!e) return;
    this.byId.delete(id);
    this.search.remove(e.slot);
    this.entries.splice(this.entries.indexOf(e), 1);
  }

  private insert(e: Entry) {
    let lo = 0;
    let hi = this.entries.length;
    const k = order(e.id);
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (order(this.entries[mid]!.id) > k) lo = mid + 1;
      else hi = mid;
    }
    this.entries.splice(lo, 0, e);
    this.byId.set(e.id, e);
    e.slot = this.search.add(e.doc!);
    e.doc = undefined;
  }
}

const indexes = new Map<string, CatalogIndex>();
export function catalogIndex(kind: CatalogFilters['kind'], cid: number): CatalogIndex {
  const key = `${kind}:${cid}`;
  let ix = indexes.get(key);
  if (!ix) indexes.set(key, (ix = new CatalogIndex(kind, cid)));
  return ix;
}

onChange((c) => {
  for (const ix of indexes.values()) if (ix.kind === c.table) void ix.apply(c).catch(() => undefined);
});
onOpen(() => indexes.clear());

/** Runs a query: from memory when ready, else the index's first page. */
export async function runQuery(f: CatalogFilters): Promise<CatalogResult> {
  const ix = catalogIndex(f.kind, f.customerId);
  if (ix.ready) {
    const items = ix.query(f);
    return { items, total: items.length, ready: true, firstPageFromIndex: false };
  }
  const items = await ix.firstPage(f);
  return { items, total: items.length, ready: false, firstPageFromIndex: true };
}
