// npm run bench:render — vignette batches of 8 and 24 frames at 3840 px, PNG and JPEG, one worker against
// two, in real Chromium; and the page's own long tasks during a batch of 8 (mainThread: the figure
// tests/e2e/render.test.ts once asserted, "no main-thread task over 50 ms", which on a shared machine is
// a measurement, not a test). Writes bench/results/render.json. Not a test: figures only, no assertions.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import type { ImageType } from '../src/render/compose.ts';
import { launchChromium } from '../tests/support/browser.ts';
import { startHarness } from '../tests/e2e/pages/harness-server.ts';
import { frameInputs } from '../tests/e2e/pages/inputs.ts';

// RENDER_BENCH_FRAMES=8 RENDER_BENCH_TYPES=png RENDER_BENCH_WORKERS=1 narrows the matrix.
const pick = <T>(env: string | undefined, all: T[], parse: (s: string) => T): T[] => (env ? env.split(',').map(parse) : all);
const FRAMES = pick(process.env.RENDER_BENCH_FRAMES, [8, 24], Number);
const TYPES = pick<ImageType>(process.env.RENDER_BENCH_TYPES, ['image/png', 'image/jpeg'], (t) =>
  t === 'jpeg' ? 'image/jpeg' : 'image/png',
);
const WORKERS = pick<1 | 2>(process.env.RENDER_BENCH_WORKERS, [1, 2], (w) => (w === '2' ? 2 : 1));
const WIDTH = 3840;
/** RENDER_BENCH_MAIN_RUNS: how many batches of 8 the mainThread figure is taken over (0: none). */
const MAIN_RUNS = Number(process.env.RENDER_BENCH_MAIN_RUNS ?? 3);
/** A task longer than this is a long task (the Long Tasks API's own threshold). */
const LONG_TASK_MS = 50;

/** Chromium processes started by this one (renderers, GPU, network…). */
function chromiumPids(): number[] {
  const parent = new Map<number, number>();
  const name = new Map<number, string>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      name.set(+d, stat.slice(stat.indexOf('(') + 1, close));
      parent.set(+d, +stat.slice(close + 2).split(' ')[1]!);
    } catch {
      /* gone */
    }
  }
  const ours = (pid: number): boolean => {
    for (let p = parent.get(pid); p; p = parent.get(p)) if (p === process.pid) return true;
    return false;
  };
  return [...name].filter(([pid, comm]) => /chrom|headless/i.test(comm) && ours(pid)).map(([pid]) => pid);
}

// statm is cheap to read (smaps_rollup walks page tables and steals CPU from the bench on 2 cores).
const PAGE_MB = 4096 / 2 ** 20;
const rssMb = (pids: number[]): number =>
  pids.reduce((sum, pid) => {
    try {
      return sum + Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_MB;
    } catch {
      return sum;
    }
  }, 0);

const round = (n: number, d = 1): number => Math.round(n * 10 ** d) / 10 ** d;
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

type Harness = Awaited<ReturnType<typeof startHarness>>;
type Browser = Awaited<ReturnType<typeof launchChromium>>;

/**
 * The page's own tasks during a batch of 8 PNG frames at 3840 px, as the portal runs it (workers chosen
 * by the core count), on a fresh page with no requestAnimationFrame loop of the bench's: each long task
 * (over 50 ms) the PerformanceObserver saw, and the load the machine was under.
 */
async function mainThread(harness: Harness, browser: Browser) {
  const runs = [];
  for (let i = 0; i < MAIN_RUNS; i++) {
    const context = await browser.newContext({ deviceScaleFactor: 1, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(harness.url);
    await page.waitForFunction(() => 'harness' in window);
    const loadBefore = loadavg()[0]!;
    const r = await page.evaluate((inputs) => window.harness.batch(inputs, { sku: 'MAIN' }), frameInputs(8, WIDTH));
    await context.close();
    const long = r.longTasks.filter((t) => t.duration > LONG_TASK_MS).map((t) => round(t.duration));
    const run = {
      frames: 8,
      workers: r.workerCount,
      totalMs: round(r.totalMs),
      longTasksOver50ms: long.length,
      longTaskMs: long,
      longestMainTaskMs: round(Math.max(0, ...r.longTasks.map((t) => t.duration))),
      loadAvg1m: { before: round(loadBefore, 2), after: round(loadavg()[0]!, 2) },
    };
    runs.push(run);
    console.log(JSON.stringify({ mainThread: run }));
  }
  return {
    runs,
    longTasksOver50ms: runs.reduce((n, r) => n + r.longTasksOver50ms, 0),
    longestMainTaskMs: round(Math.max(0, ...runs.map((r) => r.longestMainTaskMs))),
  };
}

async function main(): Promise<void> {
  const [harness, browser] = await Promise.all([startHarness(), launchChromium()]);
  const runs = [];
  let mainFigures: Awaited<ReturnType<typeof mainThread>> | undefined;
  try {
    for (const frames of FRAMES) {
      for (const type of TYPES) {
        for (const workers of WORKERS) {
          const context = await browser.newContext({ deviceScaleFactor: 1 });
          const page = await context.newPage();
          await page.goto(harness.url);
          await page.waitForFunction(() => 'harness' in window);
          // Warm-up: worker module and Vite transforms, so the batch measures rendering only.
          await page.evaluate((i) => window.harness.renderFrame(i), frameInputs(1, 64, type)[0]!);
          await page.evaluate(() => window.harness.dispose());
          const pids = chromiumPids();
          const baseline = rssMb(pids);
          let peak = baseline;
          const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pids))), 250);
          const loadBefore = loadavg()[0]!;
          const r = await page.evaluate(([i, w]) => window.harness.batch(i, { sku: 'BENCH' }, w, true), [
            frameInputs(frames, WIDTH, type),
            workers,
          ] as const);
          clearInterval(sampler);
          peak = Math.max(peak, rssMb(pids));
          const rate = await page.evaluate(([b, n]) => window.harness.zipRate(b, n), [
            Math.round(r.bytes / frames),
            frames,
          ] as const);
          await context.close();

          const encodeSum = r.timings.reduce((a, t) => a + t.encode, 0);
          // The pipeline's second worker is its encoder: one encoding worker either way.
          const rasterSum = r.timings.reduce((a, t) => a + t.raster, 0);
          const bound = (over: number, sum = encodeSum) => {
            const limitMs = (1.3 * sum) / over;
            return { limitMs: round(limitMs), within: r.totalMs <= limitMs, ratio: round(r.totalMs / (sum / over), 2) };
          };
          const run = {
            frames,
            type,
            workers,
            totalMs: round(r.totalMs),
            msPerFrame: round(r.totalMs / frames),
            perFrameMs: {
              decode: round(mean(r.timings.map((t) => t.decode))),
              compose: round(mean(r.timings.map((t) => t.compose))),
              raster: round(mean(r.timings.map((t) => t.raster))),
              encode: round(mean(r.timings.map((t) => t.encode))),
            },
            zip: {
              tailMs: round(r.zip?.ms ?? 0),
              mb: round((r.zip?.bytes ?? 0) / 1e6, 2),
              jszipMbPerS: round(rate.bytes / 1e3 / rate.ms),
            },
            peakMemoryMb: { total: round(peak), aboveIdle: round(peak - baseline) },
            longestMainTaskMs: round(Math.max(0, ...r.longTasks.map((t) => t.duration))),
            longTasksOver50ms: r.longTasks.filter((t) => t.duration > 50).length,
            maxFrameGapMs: round(r.maxFrameGapMs),
            loadAvg1m: { before: round(loadBefore, 2), after: round(loadavg()[0]!, 2) },
            encodeBound: {
              encodeSumMs: round(encodeSum),
              renderMs: round(r.renderMs),
              perEncodingWorker: bound(1),
              perWorker: bound(workers),
              convertToBlobSumMs: round(encodeSum + rasterSum),
              convertToBlobPerEncodingWorker: bound(1, encodeSum + rasterSum),
            },
          };
          runs.push(run);
          console.log(JSON.stringify(run));
        }
      }
    }
    mainFigures = await mainThread(harness, browser);
  } finally {
    await browser.close();
    await harness.close();
  }
  const out = {
    when: new Date().toISOString(),
    machine: { cores: availableParallelism(), chromium: browser.version(), width: WIDTH },
    notes: [
      "perFrameMs: means per frame, wall time; decode runs from dispatch (before the previous frame's encode, which blocks the worker thread) to delivery, so it includes that encode and the parts sum to more than msPerFrame",
      'longestMainTaskMs: longest PerformanceObserver longtask (0 = none over 50 ms); maxFrameGapMs: longest requestAnimationFrame gap',
      'peakMemoryMb: RSS summed over the Chromium processes (shared pages counted per process), sampled every 250 ms',
      'loadAvg1m: the machine was shared; figures taken under load are inflated',
      'zip: tailMs = from the last frame to the finished zip (entries are stored as frames arrive); jszipMbPerS = jszip alone in the worker on the same number of entries of the same size (random bytes)',
      'perFrameMs: compose = recording the draws, raster = running them (Chromium defers both to the first read), encode = convertToBlob on the rasterised canvas',
      'encodeBound.convertToBlob*: the same bound over raster + encode, i.e. what convertToBlob costs on a freshly drawn canvas (the figure the issue quotes as about 250 ms)',
      'encodeBound: ratio = totalMs / (encodeSum / n), within = ratio <= 1.3; perEncodingWorker: n = workers that encode (1: the pipeline composes in one worker and encodes in the other); perWorker: n = workers, which on 2 cores would need the decodes to cost nothing',
      'workers 2 = the pipeline (compose worker -> encode worker); perFrameMs.encode is then timed in the encoding worker',
      `mainThread: the page's long tasks (over ${LONG_TASK_MS} ms, PerformanceObserver longtask) during a batch of 8 PNG frames at ${WIDTH} px with the workers the portal would choose, no rAF loop, ${MAIN_RUNS} runs (RENDER_BENCH_MAIN_RUNS); the goal is none, and a shared machine's load inflates it`,
    ],
    runs,
    mainThread: mainFigures,
  };
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('./results/render.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
  console.log('wrote bench/results/render.json');
}

await main();
