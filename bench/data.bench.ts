// `npm run bench:data`: the offline data layer in real Chromium (real IndexedDB) against the real
// server on a 100,000-product company. Writes bench/results/data.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { startLargeCompany } from './support/large-company.ts';
import { launchChromium } from '../tests/support/browser.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const NAIVE_KEYSTROKES = Number(process.env.BENCH_NAIVE ?? 10);
const dir = mkdtempSync(join(tmpdir(), 'facet-bench-data-'));
const dist = join(dir, 'dist');

const log = (s: string) => console.log(`[bench:data] ${s}`);

// 1. The data layer, bundled for the browser, served from the server's own origin.
await build({
  configFile: false, logLevel: 'warn', root: process.cwd(),
  build: { outDir: dist, emptyOutDir: true, minify: true, lib: { entry: 'bench/data/entry.ts', formats: ['es'], fileName: () => 'bench.js' } },
});
writeFileSync(join(dist, 'index.html'), '<!doctype html><meta charset="utf-8"><title>bench</title><script type="module" src="/bench.js"></script>');

// 2. The server on a company with PRODUCTS products.
const server = await startLargeCompany({ dir, distDir: dist, products: PRODUCTS, log });
const { acme, origin } = server;
const token = await server.tokenFor('manager@acme.test');

// 3. Chromium.
const browser = await launchChromium({ args: ['--enable-precise-memory-info', '--js-flags=--expose-gc'] });
const page = await browser.newPage();
page.on('console', (m) => log(`page: ${m.text()}`));
page.on('pageerror', (e) => log(`page error: ${e.message}`));
const cdp = await page.context().newCDPSession(page);
let peakHeap = 0;
const sampler = setInterval(() => {
  void cdp.send('Runtime.getHeapUsage').then((h) => (peakHeap = Math.max(peakHeap, h.usedSize))).catch(() => undefined);
}, 25);
type Bench = Record<string, (...a: unknown[]) => unknown>;
const call = <T>(fn: string, ...args: unknown[]) =>
  page.evaluate(([f, a]) => ((window as unknown as { bench: Bench }).bench[f as string]!(...(a as unknown[]))) as Promise<T>, [fn, args] as const);
const open = async () => {
  await page.goto(`${origin}/bench`);
  await page.waitForFunction(() => 'bench' in window);
  await call('init', `${origin}/backend`, token);
};

try {
  await open();
  const full = await call<{ ms: number; bytes: number; transferSize: number; rows: number }>('sync', acme, true);
  log(`first full sync: ${full.ms.toFixed(0)} ms, ${full.bytes} bytes, ${full.rows} rows`);
  const repeat = await call<{ ms: number; bytes: number; transferSize: number; lists: unknown }>('sync', acme);
  const repeat304 = await call<{ ms: number; bytes: number; transferSize: number; lists: unknown }>('sync', acme);
  const forced = await call<{ ms: number; bytes: number; transferSize: number; lists: unknown }>('sync', acme, true);
  log(`repeat sync: ${repeat.bytes} bytes (${repeat.transferSize} transferred); then ${repeat304.bytes}; every list: ${forced.bytes}`);
  // A fresh page: the in-memory index is cold, Dexie holds the rows.
  await open();
  const firstPage = await call<{ ms: number; items: number }>('firstPage', acme);
  const ready = await call<{ ms: number }>('indexReady', acme);
  const filter = await call<{ median: number; p95: number; max: number; n: number }>('filter', acme);
  const uncached = await call<{ median: number; p95: number; max: number; n: number }>('filter', acme, true);
  log(`first page ${firstPage.ms.toFixed(1)} ms; index ready ${ready.ms.toFixed(0)} ms; filter median ${filter.median.toFixed(2)} ms p95 ${filter.p95.toFixed(2)} ms; every keystroke a full scan: median ${uncached.median.toFixed(2)} p95 ${uncached.p95.toFixed(2)} ms`);
  const naive = await call<{ median: number; p95: number; max: number; n: number }>('naive', acme, NAIVE_KEYSTROKES);
  log(`naive Dexie .filter() scan: median ${naive.median.toFixed(0)} ms over ${naive.n} keystrokes`);
  const result = {
    when: new Date().toISOString(),
    browser: `Chromium ${browser.version()} (headless), real IndexedDB`,
    products: PRODUCTS,
    // bytes: the decoded body (and headers); transfer_size: on the wire (the server gzips the full list).
    first_full_sync: { ms: Math.round(full.ms), bytes: full.bytes, transfer_size: full.transferSize, rows: full.rows },
    repeat_sync_nothing_changed: {
      bytes: repeat.bytes, transfer_size: repeat.transferSize, ms: Math.round(repeat.ms), lists: repeat.lists,
      then_all_304: { bytes: repeat304.bytes, transfer_size: repeat304.transferSize, ms: Math.round(repeat304.ms) },
      every_list_including_reference_lists: { bytes: forced.bytes, transfer_size: forced.transferSize, ms: Math.round(forced.ms) },
    },
    first_page_from_index_ms: Number(firstPage.ms.toFixed(1)),
    in_memory_index_ready_ms: Math.round(ready.ms),
    filter_per_keystroke_ms: { median: Number(filter.median.toFixed(2)), p95: Number(filter.p95.toFixed(2)), max: Number(filter.max.toFixed(2)), keystrokes: filter.n },
    filter_per_keystroke_full_scan_every_time_ms: { median: Number(uncached.median.toFixed(2)), p95: Number(uncached.p95.toFixed(2)), max: Number(uncached.max.toFixed(2)), keystrokes: uncached.n },
    timer_resolution_note: 'performance.now() is coarsened in Chromium (0.1 ms); 0 means under that',
    naive_dexie_filter_scan_ms: { median: Math.round(naive.median), p95: Math.round(naive.p95), keystrokes: naive.n },
    peak_js_heap_mb: Number((peakHeap / 2 ** 20).toFixed(1)),
    targets: {
      repeat_sync_under_2kB: repeat.transferSize < 2048,
      first_page_under_100ms: firstPage.ms < 100,
      filter_p95_under_16ms: filter.p95 < 16,
    },
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/data.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
} finally {
  clearInterval(sampler);
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
