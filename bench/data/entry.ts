// Bundled for the browser by bench/data.bench.ts: the real data layer on Chromium's IndexedDB.
import { setApiBase } from '../../src/api/client.ts';
import { storeToken } from '../../src/api/token.ts';
import { catalogIndex } from '../../src/data/catalog/catalog-query.ts';
import { companyProducts } from '../../src/data/local/product-pages.ts';
import { syncNow, wipeLocalData } from '../../src/data/sync/sync.ts';
import { registrationBench } from './registration.ts';
import { searchBench } from './search.ts';
import { stats } from '../support/stats.ts';

const transferred = (only?: string) =>
  (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => !only || e.name.includes(only)).reduce((n, e) => n + e.transferSize, 0);

async function timed<T>(f: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await f();
  return { ms: performance.now() - t0, value };
}


/** 200 keystrokes: typing and erasing words that occur in the catalogue, and SKU digits. */
function keystrokes(): string[] {
  const words = ['oslo sofa', 'harbor lamp', 'lrg-00012', 'aurora', 'cedar bed 7', 'willow mirror', 'luna vase 31', 'sierra rug'];
  const out: string[] = [];
  for (let w = 0; out.length < 200; w++) {
    const word = words[w % words.length]!;
    for (let i = 1; i <= word.length && out.length < 200; i++) out.push(word.slice(0, i));
    for (let i = word.length - 1; i >= 0 && out.length < 200; i--) out.push(word.slice(0, i));
  }
  return out;
}

const bench = {
  ...registrationBench,
  ...searchBench,
  init(api: string, token: string) {
    setApiBase(api);
    storeToken(token);
  },
  async sync(cid: number, full = false) {
    performance.clearResourceTimings();
    // Main-thread tasks over 50 ms while it runs: what a keystroke during the sync could wait for.
    const long: number[] = [];
    const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => long.push(e.duration)));
    observer.observe({ type: 'longtask' });
    const r = await timed(() => syncNow(cid, full));
    observer.disconnect();
    const rows = (await companyProducts(cid)).length;
    // Where a walk's time went: the server's time to first byte per page, summed (pages overlap).
    const pages = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.name.includes('/gets/product/show'));
    const serverMs = pages.reduce((n, e) => n + (e.responseStart - e.requestStart), 0);
    return { ms: r.ms, bytes: r.value.bytes, transferSize: transferred(), productBytes: transferred('/gets/product/show'), lists: r.value.lists, rows, pages: pages.length, serverMs, longTasks: long.length, longestTask: Math.max(0, ...long) };
  },
  /** A new device: nothing mirrored. */
  reset: () => wipeLocalData(),
  count: async (cid: number) => (await companyProducts(cid)).length,
  async firstPage(cid: number) {
    const ix = catalogIndex('products', cid);
    const r = await timed(() => ix.firstPage({ kind: 'products', customerId: cid }));
    return { ms: r.ms, items: r.value.length, firstId: (r.value[0] as { id: number }).id };
  },
  async indexReady(cid: number) {
    const ix = catalogIndex('products', cid);
    const r = await timed(() => ix.load());
    return { ms: r.ms, ready: ix.ready };
  },
  filter(cid: number, uncached = false) {
    const ix = catalogIndex('products', cid);
    const times: number[] = [];
    const counts: number[] = [];
    for (const text of keystrokes()) {
      if (uncached) ix.resetCache();
      const t0 = performance.now();
      const items = ix.query({ kind: 'products', customerId: cid, text });
      times.push(performance.now() - t0);
      counts.push(items.length);
    }
    return { ...stats(times), sampleCounts: counts.slice(0, 10) };
  },
  async naive(cid: number, n: number) {
    const times: number[] = [];
    for (const text of keystrokes().slice(0, n)) {
      const q = text.toLowerCase();
      const t0 = performance.now();
      (await companyProducts(cid)).filter((p) => p.name.toLowerCase().includes(q) || p.sku.toLowerCase().includes(q));
      times.push(performance.now() - t0);
    }
    return stats(times);
  },
};

(window as unknown as { bench: typeof bench }).bench = bench;
