// npm run bench:preview — the preset panel's live preview in real Chromium over 3840 × 2160 layers:
// slider input to painted preview (median, p95) over 200 drags, the longest main-thread task while
// dragging, and the preview against the render worker's frame of the same values (pixel difference).
// Writes bench/results/preview.json. Not a test: figures only, no assertions.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { launchChromium } from '../tests/support/browser.ts';
import { PREVIEW_PATH, startHarness } from '../tests/e2e/pages/harness-server.ts';

const DRAGS = Number(process.env.PREVIEW_BENCH_DRAGS ?? 200);
const MOVES_PER_DRAG = 5;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

async function main() {
  const [harness, browser] = await Promise.all([startHarness({ preview: true }), launchChromium()]);
  try {
    const page = await browser.newPage({ viewport: { width: 1320, height: 900 }, deviceScaleFactor: 1 });
    await page.goto(harness.origin + PREVIEW_PATH);
    await page.waitForFunction(() => 'previewBench' in window);
    const stage = page.getByRole('img', { name: 'Preview' });
    await page.waitForFunction(() => [...document.querySelectorAll('img')].every((i) => i.complete && i.naturalWidth > 0));
    const thumb = page.getByRole('slider', { name: 'Horizontal Offset' });
    const loadBefore = loadavg()[0]!;
    const drag = async (drags: number) => {
      await page.evaluate(() => window.previewBench.start());
      for (let d = 0; d < drags; d++) {
        const box = (await thumb.boundingBox())!;
        const y = box.y + box.height / 2;
        let x = box.x + box.width / 2;
        await page.mouse.move(x, y);
        await page.mouse.down();
        // Back and forth across the middle of the track, so the value keeps changing.
        const dir = (await page.evaluate(() => window.previewBench.value())) > 0 ? -1 : 1;
        for (let m = 0; m < MOVES_PER_DRAG; m++) {
          x += dir * 12;
          await page.mouse.move(x, y);
        }
        await page.mouse.up();
      }
      await page.waitForTimeout(500);
      return page.evaluate(() => window.previewBench.results());
    };
    const r = await drag(DRAGS);
    await page.evaluate(() => window.previewBench.hidePreview(true));
    const floor = await drag(Math.ceil(DRAGS / 2));
    await page.evaluate(() => window.previewBench.hidePreview(false));
    const stats = (xs: number[]) => ({
      samples: xs.length,
      median: round(quantile(xs, 0.5)),
      p95: round(quantile(xs, 0.95)),
      max: round(Math.max(...xs)),
    });

    // At rest, the preview against the worker's frame of the same values, at the preview's size.
    const css = PNG.sync.read(await stage.screenshot());
    const worker = PNG.sync.read(
      Buffer.from(await page.evaluate((w) => window.previewBench.workerFrame(w), css.width), 'base64'),
    );
    const sameSize = worker.width === css.width && worker.height === css.height;
    const differing = sameSize ? pixelmatch(css.data, worker.data, undefined, css.width, css.height, { threshold: 0.1 }) : NaN;

    const out = {
      when: new Date().toISOString(),
      machine: { cores: availableParallelism(), chromium: browser.version() },
      setup: {
        layers: '3840x2160 PNG (beauty, shadow, reflection)',
        preview: `${css.width}x${css.height} CSS px at DPR 1`,
        drags: DRAGS,
        movesPerDrag: MOVES_PER_DRAG,
      },
      inputToPaintMs: stats(r.samples),
      handlerToPaintMs: stats(r.fromHandler),
      floor: { inputToPaintMs: stats(floor.samples), handlerToPaintMs: stats(floor.fromHandler) },
      targetP95Ms: 16,
      targetMet: quantile(r.fromHandler, 0.95) <= 16,
      longestMainTaskMs: round(Math.max(0, ...r.longTasks)),
      longTasksOver50ms: r.longTasks.filter((t) => t > 50).length,
      maxFrameGapMs: round(r.maxFrameGap),
      previewVsWorker: {
        sameSize,
        differingPixels: differing,
        percent: round((100 * differing) / (css.width * css.height), 3),
        targetPercent: 0.5,
      },
      loadAvg1m: { before: round(loadBefore, 2), after: round(loadavg()[0]!, 2) },
      notes: [
        'inputToPaintMs: from the pointermove event time to a task queued in the next animation frame callback, which runs once that frame (where the preview wrote its styles) has been rendered; it includes the wait for the next frame (Chromium aligns pointermove to frames), up to one 16.7 ms vsync interval',
        "handlerToPaintMs: the same end point, from the handler's start: the latency the page controls; targetMet is its p95 <= 16 ms (painted within one frame)",
        "floor: the same drags with the preview hidden (nothing to paint): the measure's own cost on this machine",
        'longestMainTaskMs: longest PerformanceObserver longtask while dragging (0 = none over 50 ms); maxFrameGapMs: longest requestAnimationFrame gap',
        'previewVsWorker: pixelmatch threshold 0.1 between the CSS preview at rest and OffscreenCanvas render of the same values',
        'loadAvg1m: the machine is shared (2 cores); figures taken under load are inflated',
      ],
    };
    console.log(JSON.stringify(out, null, 2));
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/preview.json', `${JSON.stringify(out, null, 2)}\n`);
  } finally {
    await browser.close();
    await harness.close();
  }
}

await main();
