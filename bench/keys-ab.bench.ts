// Keystrokes of two builds of the portal compared on a busy machine: `tsx bench/keys-ab.bench.ts <rootA> [rootB]`
// builds both source trees (rootB: this one), serves each from its own server on one 100,000-product
// database, syncs a page of each, then types bench/web/keystrokes.ts's plan on A and B in turn (ABBA…),
// so that both meet the same load. KEYS_AB_ROUNDS (default 4) passes each; KEYS_AB_PROFILE=dir also writes a
// CPU profile and a timeline trace of one pass of each, and prints what took the main thread's time.
// BENCH_KEYS_LOG=1 prints a per-key table (each key's median over the rounds, A and B) and the frame
// floor of each page (bench/web/frame-floor.ts); BENCH_KEYS_LOG=file.tsv also writes the table there.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { buildApp } from '../server/app.ts';
import { configIn } from '../server/config.ts';
import { launchChromium } from '../tests/support/browser.ts';
import { signIn } from '../tests/e2e/shell-helpers.ts';
import { startLargeCompany } from './support/large-company.ts';
import { measureKeystrokes, perKeyTable, searchRows, type KeyTime } from './web/keystrokes.ts';
import { floorLine, measureFrameFloor } from './web/frame-floor.ts';
import { stats as statsOf } from './support/stats.ts';

const roots = [resolve(process.argv[2] ?? '.'), resolve(process.argv[3] ?? '.')];
const ROUNDS = Number(process.env.KEYS_AB_ROUNDS ?? 4);
const PROFILE = process.env.KEYS_AB_PROFILE;
const SHOTS = process.env.KEYS_AB_SHOTS;
const KEYS_LOG = process.env.BENCH_KEYS_LOG;
const dir = mkdtempSync(join(tmpdir(), 'facet-keys-ab-'));
const log = (s: string) => console.log(`[keys-ab] ${s}`);
const stats = (xs: number[]) => statsOf(xs, 1);

process.env.NODE_ENV = 'production';
const dists = roots.map((_, i) => join(dir, `dist${i}`));
for (const [i, root] of roots.entries()) {
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: { outDir: dists[i], emptyOutDir: true },
  });
}
const server = await startLargeCompany({ dir, distDir: dists[0]!, products: Number(process.env.BENCH_PRODUCTS ?? 100_000), log });
const other = await buildApp(configIn(dir, { distDir: dists[1] }), server.db);
await other.listen({ port: 0, host: '127.0.0.1' });
const origins = [server.origin, `http://127.0.0.1:${(other.server.address() as { port: number }).port}`];
const rows = await searchRows(server);
const browser = await launchChromium();

async function open(origin: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1300, height: 900 }, serviceWorkers: 'block' });
  await context.addInitScript('globalThis.__name ??= (f) => f;');
  const page = await context.newPage();
  page.on('pageerror', (e) => log(`page error: ${e.message}`));
  const t = Date.now();
  await signIn(page, origin, 'manager@acme.test');
  await page.waitForURL('**/dashboard');
  await page.goto(`${origin}/catalog`);
  await page.getByTestId('catalog-count').getByText(`${rows.length} products`).waitFor({ timeout: 300_000 });
  log(`${origin}: first sync ${Date.now() - t} ms`);
  if (SHOTS) {
    // A search with highlights and two cards selected, as each build draws them.
    const box = page.getByLabel('Name or SKU');
    await box.fill('oslo sofa');
    const cells = page.getByTestId('grid-cell');
    await cells.nth(0).getByRole('checkbox').click();
    await cells.nth(2).getByRole('checkbox').click();
    await page.getByTestId('bulk-bar').getByText('2 selected').waitFor();
    await cells.nth(5).getByTestId('product-card').focus();
    await page.evaluate(() => document.fonts.ready);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `${origins.indexOf(origin)}.png`) });
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Clear' }).click();
    await box.fill('');
    await page.getByTestId('catalog-count').getByText(`${rows.length} products`).waitFor();
  }
  return page;
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  id2?: { local?: string };
  id?: string;
  args?: { name?: string };
}
interface Profile {
  startTime: number;
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Inside the keys' windows (performance.measure 'bench-key'): self time per function of the CPU profile, and the main thread's timeline events by name. */
function summarise(profile: Profile, trace: TraceEvent[]) {
  const marks = trace.filter((e) => e.name === 'bench-key' && (e.ph === 'b' || e.ph === 'e')).sort((a, b) => a.ts - b.ts);
  const windows: [number, number][] = [];
  for (let i = 0; i + 1 < marks.length; i += 2) windows.push([marks[i]!.ts, marks[i + 1]!.ts]);
  const inside = (ts: number) => windows.some(([a, b]) => ts >= a && ts <= b);
  const keyMs = windows.reduce((n, [a, b]) => n + (b - a) / 1000, 0);
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byName = new Map<string, number>();
  let ts = profile.startTime;
  profile.samples.forEach((id, i) => {
    ts += profile.timeDeltas[i] ?? 0;
    if (!inside(ts)) return;
    const f = frames.get(id)!;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    byName.set(key, (byName.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  const sampled = [...byName.values()].reduce((a, b) => a + b, 0);
  const top = [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30)
    .map(([k, ms]) => `${((100 * ms) / sampled).toFixed(1).padStart(5)} % ${ms.toFixed(0).padStart(6)} ms ${k}`);
  const main = trace.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      trace.some((x) => x.name === 'bench-key' && x.pid === e.pid),
  );
  const events = new Map<string, number>();
  for (const e of trace)
    if (e.ph === 'X' && e.dur && e.tid === main?.tid && e.pid === main.pid && inside(e.ts))
      events.set(e.name, (events.get(e.name) ?? 0) + e.dur / 1000);
  const timeline = [...events]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([k, ms]) => `${ms.toFixed(0).padStart(7)} ms ${k}`);
  return { keys: windows.length, keyMs, top, timeline };
}

function keyTable(perKey: KeyTime[][][]) {
  const table = perKeyTable(perKey, ['A', 'B']);
  log(`per key (median of ${perKey[0]!.length} passes):\n${table}`);
  if (KEYS_LOG !== '1') writeFileSync(KEYS_LOG!, `${table}\n`);
}

async function profiled(page: Page, name: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const trace: unknown[] = [];
  cdp.on('Tracing.dataCollected', (d) => trace.push(...(d.value as unknown[])));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,__metadata',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.start');
  await measureKeystrokes(page, rows);
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await done;
  mkdirSync(PROFILE!, { recursive: true });
  writeFileSync(join(PROFILE!, `${name}.cpuprofile`), JSON.stringify(profile));
  writeFileSync(join(PROFILE!, `${name}.trace.json`), JSON.stringify({ traceEvents: trace }));
  const s = summarise(profile as never, trace as never);
  log(
    `${name}: ${s.keys} keys, ${s.keyMs.toFixed(0)} ms in their windows. CPU self time there:\n${s.top.join('\n')}\n${name} main-thread timeline events there (nested ones counted in their parents too):\n${s.timeline.join('\n')}`,
  );
}

try {
  const pages = [await open(origins[0]!), await open(origins[1]!)];
  const frames: number[][] = [[], []];
  const doms: number[][] = [[], []];
  const perKey: KeyTime[][][] = [[], []];
  for (let r = 0; r < ROUNDS; r++) {
    for (const side of r % 2 ? [1, 0] : [0, 1]) {
      const load = loadavg()[0]!.toFixed(2);
      const k = await measureKeystrokes(pages[side]!, rows);
      frames[side]!.push(...k.frame);
      doms[side]!.push(...k.dom);
      perKey[side]!.push(k.keys);
      const s = stats(k.frame);
      log(
        `round ${r} ${'AB'[side]}: median ${s.median} p95 ${s.p95} (DOM ${stats(k.dom).median} / ${stats(k.dom).p95}), load ${load}`,
      );
    }
  }
  for (const side of ROUNDS ? [0, 1] : []) {
    const f = stats(frames[side]!);
    const d = stats(doms[side]!);
    log(
      `${'AB'[side]} ${roots[side]}: ${f.n} keys, median ${f.median} ms, p95 ${f.p95} ms, max ${f.max} (DOM ${d.median} / ${d.p95})`,
    );
  }
  log(
    `load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')} (1, 5, 15 min)`,
  );
  if (KEYS_LOG && ROUNDS) {
    keyTable(perKey);
    for (const side of [0, 1]) {
      const f = await measureFrameFloor(pages[side]!);
      log(`${'AB'[side]} ${floorLine(f)}, load ${loadavg()[0]!.toFixed(2)}`);
    }
  }
  if (PROFILE) for (const side of [0, 1]) await profiled(pages[side]!, 'AB'[side]!);
} finally {
  await browser.close();
  await other.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
