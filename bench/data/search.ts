// Bundled into the bench page (bench/data/entry.ts): the catalogue search (issue 28) at 100,000
// products, ours (catalog-search.ts + search-index.ts, through the real CatalogIndex) against
// MiniSearch 7 set up for the same rules (prefix, one typo at 5+ letters, every word, plurals through
// processTerm, the SKU without punctuation as a field). Index build time and the heap it holds
// (after a forced GC), then each keystroke of typing and erasing, uncached.
import MiniSearch from 'minisearch';
import { catalogIndex, toEntry } from '../../src/data/catalog/catalog-query.ts';
import { compact, fold, stem } from '../../src/data/catalog/catalog-search.ts';
import { SearchIndex } from '../../src/data/catalog/search-index.ts';
import { companyProducts } from '../../src/data/local/product-pages.ts';
import type { ProductRow } from '../../src/data/local/types.ts';
import { stats as statsOf } from '../support/stats.ts';

const stats = (xs: number[]) => statsOf(xs, 2);

/** Typing and erasing: prefixes, words in any order, a plural, typos, SKUs with and without punctuation. */
export function searchKeystrokes(): string[] {
  const words = ['sofas oslo', 'armchiar', 'lrg00042', 'lamp harbor 3', 'aurora vase', 'lrg-0001234', 'mirorr willow', 'nordic sofa', 'matte'];
  const out: string[] = [];
  for (const word of words) {
    for (let i = 1; i <= word.length; i++) out.push(word.slice(0, i));
    for (let i = word.length - 1; i >= 1; i--) out.push(word.slice(0, i));
  }
  return out;
}

const gc = () => (window as unknown as { gc?: () => void }).gc?.();
const heap = () => {
  gc();
  return (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize;
};
const mb = (b: number) => Number((b / 2 ** 20).toFixed(1));

// The heap an index holds: measured with it, then again once it is dropped. (Measured from before the
// build, it came out negative: the heap then still held the garbage of reading 100,000 rows.)
function ours(rows: ProductRow[]) {
  heap();
  const t0 = performance.now();
  let entries: ReturnType<typeof toEntry>[] | null = rows.map(toEntry);
  let ix: SearchIndex | null = new SearchIndex();
  ix.addAll(entries.map((e) => e.doc!));
  const ms = performance.now() - t0;
  for (const e of entries) e.doc = undefined;
  const withIndex = heap();
  const terms = ix.terms;
  entries = null;
  ix = null;
  return { build_ms: Math.round(ms), heap_mb: mb(withIndex - heap()), terms };
}

function mini(rows: ProductRow[]) {
  heap();
  const t0 = performance.now();
  const ms = new MiniSearch<ProductRow & { skuc: string; words: string }>({
    fields: ['name', 'sku', 'skuc', 'words'],
    extractField: (d, f) => (f === 'skuc' ? compact(d.sku) : f === 'words'
      ? [d.collection, d.finish, ...d.tags.map((t) => t.name), ...d.categories.flatMap((c) => [c.name, c.subcategory])].join(' ')
      : String((d as unknown as Record<string, unknown>)[f] ?? '')),
    processTerm: (t) => stem(fold(t)),
    searchOptions: { prefix: true, fuzzy: (term) => (term.length >= 5 && !/\d/.test(term) ? 1 : 0), combineWith: 'AND', boost: { skuc: 3, name: 2 } },
  });
  ms.addAll(rows.map((r) => ({ ...r, skuc: '', words: '' })));
  const build = performance.now() - t0;
  return { index: ms as MiniSearch<ProductRow> | null, build_ms: Math.round(build), withIndex: heap() };
}

export const searchBench = {
  /** Both engines on the company's mirrored rows; the keystrokes through the real CatalogIndex for ours. */
  async searchCompare(cid: number) {
    const rows = await companyProducts(cid);
    const own = ours(rows);
    const ix = catalogIndex('products', cid);
    await ix.load();
    const ownTimes: number[] = [];
    const counts: Record<string, number> = {};
    for (const text of searchKeystrokes()) {
      ix.resetCache();
      const t0 = performance.now();
      const items = ix.query({ kind: 'products', customerId: cid, text, from: '2019-01-01' });
      ownTimes.push(performance.now() - t0);
      counts[text] = items.length;
    }
    const byId = new Map(rows.map((r) => [r.id, r])); // before the build: not counted as the index's
    const m = mini(rows);
    const miniTimes: number[] = [];
    const miniCounts: Record<string, number> = {};
    for (const text of searchKeystrokes()) {
      const t0 = performance.now();
      const items = m.index!.search(text).map((r) => byId.get(r.id as number)!);
      miniTimes.push(performance.now() - t0);
      miniCounts[text] = items.length;
    }
    m.index = null;
    const miniHeap = mb(m.withIndex - heap());
    const sample = ['sofas oslo', 'armchiar', 'lrg00042', 'mirorr willow'];
    return {
      ours: { build_ms: own.build_ms, heap_mb: own.heap_mb, terms: own.terms, keystroke_ms: stats(ownTimes), counts: Object.fromEntries(sample.map((s) => [s, counts[s]])) },
      minisearch: { build_ms: m.build_ms, heap_mb: miniHeap, keystroke_ms: stats(miniTimes), counts: Object.fromEntries(sample.map((s) => [s, miniCounts[s]])) },
      keystrokes: ownTimes.length,
    };
  },
};
