// `npm run bench:spin` (issue 14): /iframe/360 at 48 frames in Chromium over a throttled network (CDP),
// against a "load every frame, then allow drag" baseline in the same run. Per page: time to the first
// frame on screen, time to the first drag that moves the picture, and the JS it loads (bytes on the
// wire and gzip -9). Writes bench/results/spin.json.
//
// Frames: 48 JPEGs at 640 and 1280 px made with sharp from the demo product's real 360 layers (48 angles,
// each frame numbered so every file differs), stored in the server's storage and served by it. The page
// is the server's (with the product's real share key); the answer of GET /backend/public/360 is composed
// here from those files, so both pages get the same frames and no render job runs during the timing.
// Then the server's side (issue 27): the CPU of rendering that product's 360 frame set (bench/spin/frame-set.ts).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { build } from 'vite';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../tests/support/browser.ts';
import { ensureSnapshot } from '../tests/support/seed-snapshot.ts';
import { startTestServer } from '../tests/support/server.ts';
import { call } from '../tests/support/http.ts';
import { BASELINE_HTML } from './spin/baseline.ts';
import { frameSetCost } from './spin/frame-set.ts';
import { DEMO_LAYER_PX, loadConfig } from '../server/config.ts';
import { framesOfTurn } from '../server/render/views.ts';

const N = 48;
const RUNS = Number(process.env.BENCH_SPIN_RUNS ?? 3);
/** DevTools' "Slow 4G": 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const WIDTHS = [640, 1280];
const log = (s: string) => console.log(`[bench:spin] ${s}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dir = mkdtempSync(join(tmpdir(), 'facet-bench-spin-'));
const dist = join(dir, 'dist');
process.env.NODE_ENV = 'production';
await build({ mode: 'production', logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
writeFileSync(join(dist, 'bench-baseline-360.html'), BASELINE_HTML);
// The demo as `npm start` seeds it (2400 px layers), not the tests' small ones.
await ensureSnapshot('pglite', DEMO_LAYER_PX.default);
const server = await startTestServer({ distDir: dist, demoLayerPx: DEMO_LAYER_PX.default });

// The frames, from the product's stored 360 layers.
const product = (await server.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1005'"))!.id;
const layers = await server.db.query<{ beauty: string; angle: number }>(
  "SELECT beauty, angle FROM product_layers WHERE product_id = $1 AND section = '360' ORDER BY angle",
  [product],
);
// Read through the server: the demo's layers are drawn on first read (server/db/demo-files.ts).
const stored = async (path: string) => Buffer.from(await (await fetch(`${server.url}/storage/${path}`)).arrayBuffer());
const views = framesOfTurn(
  layers.map((l) => l.angle),
  N,
);
mkdirSync(join(server.config.storageDir, 'bench-spin'), { recursive: true });
const frames: { index: number; webp: Record<string, string>; jpeg: Record<string, string> }[] = [];
let frameBytes = 0;
for (let i = 0; i < N; i++) {
  const jpeg: Record<string, string> = {};
  for (const w of WIDTHS) {
    const h = Math.round((w * 3) / 4);
    const label = Buffer.from(
      `<svg width="${w}" height="${h}"><text x="${w - 20}" y="${h - 20}" font-size="${w / 20}" text-anchor="end" fill="#888">${i + 1}</text></svg>`,
    );
    const beauty = await sharp(await stored(layers[views[i]!]!.beauty))
      .resize({ width: Math.round(w * 0.7), height: Math.round(h * 0.9), fit: 'inside' })
      .toBuffer();
    const file = await sharp({ create: { width: w, height: h, channels: 3, background: '#f4f4f2' } })
      .composite([{ input: beauty, gravity: 'center' }, { input: label }])
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    writeFileSync(join(server.config.storageDir, 'bench-spin', `f${i}-${w}.jpg`), file);
    if (w === 1280) frameBytes += file.length;
    jpeg[w] = `/storage/bench-spin/f${i}-${w}.jpg`;
  }
  frames.push({ index: i, webp: {}, jpeg });
}
const answer = JSON.stringify({
  success: true,
  name: 'Oak chair',
  sku: 'ACM-1005',
  width: 1280,
  height: 960,
  status: 'ready',
  frames,
});
log(`48 frames ready: ${(frameBytes / 1024).toFixed(0)} kB at 1280 px`);

interface Run {
  first_frame_ms: number;
  first_moving_drag_ms: number;
  js_wire_bytes: number;
  js_gzip_bytes: number;
}

/** Drags 30 px right every 50 ms from the start until the picture changes; times are from navigation. */
async function measure(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 900, height: 675 }, serviceWorkers: 'block' });
  await context.route(/\/backend\/public\/360\?/, (r) => r.fulfill({ contentType: 'application/json', body: answer }));
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  const js: { url: string; wire: number }[] = [];
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) =>
    wire.set(e.requestId, e.encodedDataLength),
  );
  const wire = new Map<string, number>();
  const scripts = new Map<string, string>();
  cdp.on('Network.responseReceived', (e: { requestId: string; type: string; response: { url: string } }) => {
    if (e.type === 'Script') scripts.set(e.requestId, e.response.url);
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => {
      const img = document.querySelector<HTMLImageElement>('.spin-img');
      return !!img && img.complete && img.naturalWidth > 0;
    },
    undefined,
    { polling: 'raf', timeout: 120_000 },
  );
  const firstFrame = await page.evaluate(() => performance.now());
  const stage = page.locator('.spin-stage');
  const box = (await stage.boundingBox())!;
  const y = box.y + box.height / 2;
  const x0 = box.x + 100;
  let moved = 0;
  for (let tries = 0; tries < 2400 && !moved; tries++) {
    const before = await page.evaluate(() => document.querySelector<HTMLImageElement>('.spin-img')!.currentSrc);
    await page.mouse.move(x0, y);
    await page.mouse.down();
    await page.mouse.move(x0 + 30, y);
    await page.mouse.up();
    const after = await page.evaluate(() => {
      const img = document.querySelector<HTMLImageElement>('.spin-img')!;
      return img.complete ? img.currentSrc : '';
    });
    if (after && after !== before) moved = await page.evaluate(() => performance.now());
    else await page.waitForTimeout(50);
  }
  await page.waitForLoadState('networkidle');
  for (const [id, u] of scripts) js.push({ url: u, wire: wire.get(id) ?? 0 });
  const bodies = await Promise.all(
    js.map(async (s) =>
      s.url.startsWith('data:') ? Buffer.alloc(0) : Buffer.from(await (await context.request.get(s.url)).body()),
    ),
  );
  await context.close();
  return {
    first_frame_ms: Math.round(firstFrame),
    first_moving_drag_ms: Math.round(moved),
    js_wire_bytes: js.reduce((a, s) => a + s.wire, 0),
    js_gzip_bytes: bodies.reduce((a, b) => a + gzipSync(b, { level: 9 }).length, 0),
  };
}

const cid = (await server.db.one<{ customer_id: number }>('SELECT customer_id FROM products WHERE id = $1', [product]))!
  .customer_id;
const token = await server.tokenFor('manager@acme.test');
const key = (await call(server, 'GET', '/gets/product/share-key', { token, query: { id_product: product, id_customer: cid } }))
  .body.key as string;
const preset = (await server.db.one<{ id: number }>(
  "SELECT id FROM product_presets WHERE product_id = $1 AND section = '360' ORDER BY id LIMIT 1",
  [product],
))!.id;
const browser = await launchChromium();
const query = `id_product=${product}&id_customization=${preset}&frames=48&key=${key}`;
const pages = {
  iframe_360: `${server.url}/iframe/360?${query}`,
  baseline_load_all_then_drag: `${server.url}/bench-baseline-360.html?${query}`,
};
const results: Record<string, Run & { runs: Run[] }> = {};
try {
  for (const [name, url] of Object.entries(pages)) {
    const runs: Run[] = [];
    for (let r = 0; r < RUNS; r++) {
      runs.push(await measure(browser, url));
      log(`${name} run ${r + 1}: ${JSON.stringify(runs.at(-1))}`);
    }
    results[name] = {
      first_frame_ms: median(runs.map((x) => x.first_frame_ms)),
      first_moving_drag_ms: median(runs.map((x) => x.first_moving_drag_ms)),
      js_wire_bytes: runs[0]!.js_wire_bytes,
      js_gzip_bytes: runs[0]!.js_gzip_bytes,
      runs,
    };
  }
} finally {
  await browser.close();
  await server.close();
}
// A server that works no jobs itself, so the job runs once, here, under the measure.
const renderer = await startTestServer({
  demoLayerPx: DEMO_LAYER_PX.default,
  jobs: { ...loadConfig({}).jobs, inProcess: false },
});
const frameSet = await frameSetCost(renderer).finally(() => renderer.close());
log(`frame set: ${JSON.stringify(frameSet)}`);

const out = {
  when: new Date().toISOString(),
  frames: N,
  frame_bytes_1280_total: frameBytes,
  network: { preset: 'Slow 4G (CDP)', ...NETWORK },
  viewport: '900x675',
  runs_each: RUNS,
  results,
  frame_set: frameSet,
  targets: { iframe_360_js_gzip_under_15kB: results.iframe_360!.js_gzip_bytes < 15 * 1024 },
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/spin.json', `${JSON.stringify(out, null, 2)}\n`);
console.log(
  JSON.stringify(
    { ...out, results: Object.fromEntries(Object.entries(results).map(([k, v]) => [k, { ...v, runs: undefined }])) },
    null,
    2,
  ),
);
process.exit(0);
