// The real render worker in Chromium: download widths, a batch's frames, progress and zip, and the
// CSS preview agreeing with the worker's pixels. How long the page's own tasks take during a batch is a
// measurement, not a test: `npm run bench:render` (bench/results/render.json, mainThread).
import pixelmatch from 'pixelmatch';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, skipWithoutChromium } from '../support/browser.ts';
import { startHarness, type Harness } from './pages/harness-server.ts';
import { frameInputs, presetAt, vignettePreset } from './pages/inputs.ts';

describe.skipIf(skipWithoutChromium('render e2e'))('render worker in Chromium', () => {
  let harness: Harness;
  let browser: Browser;

  beforeAll(async () => {
    [harness, browser] = await Promise.all([startHarness(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  async function open(deviceScaleFactor: number): Promise<Page> {
    const context = await browser.newContext({ deviceScaleFactor, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(harness.url);
    await page.waitForFunction(() => 'harness' in window);
    return page;
  }

  it.each([
    [1, 3840, 2160],
    [2, 1920, 1080],
  ])('at deviceScaleFactor %d a frame is %d px wide', async (dpr, width, height) => {
    const page = await open(dpr);
    const w = await page.evaluate(() => window.harness.downloadWidth());
    expect(w).toBe(width);
    const [input] = frameInputs(1, w);
    const out = await page.evaluate((i) => window.harness.renderFrame(i), input!);
    expect(out).toMatchObject({ width, height, type: 'image/png' });
    await page.context().close();
  });

  it('runs a batch of 8 frames: every frame, its progress, and the zip named by SKU and date', async () => {
    const page = await open(1);
    const inputs = frameInputs(8, 3840);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const r = await page.evaluate((i) => window.harness.batch(i, { sku: 'SKU-8' }), inputs);
    // Two cores or more: a compose worker feeding an encode worker.
    expect(r.workerCount).toBe(cores >= 2 ? 2 : 1);
    expect(r.timings).toHaveLength(8);
    expect(r.name).toMatch(/^SKU-8_\d{4}-\d{2}-\d{2}\.zip$/);
    expect(r.messages).toEqual([
      ...Array.from({ length: 8 }, (_, i) => `Building Image ${i + 1} of 8`),
      'Creating a zip file...',
    ]);
    await page.context().close();
  });

  it('gives the same zip from one worker as from the pipeline', async () => {
    const page = await open(2);
    const inputs = frameInputs(3, 1920, 'image/jpeg');
    const one = await page.evaluate((i) => window.harness.batch(i, { sku: 'ONE' }, 1), inputs);
    const two = await page.evaluate((i) => window.harness.batch(i, { sku: 'ONE' }, 2), inputs);
    expect([one.workerCount, two.workerCount]).toEqual([1, 2]);
    expect(one.messages).toEqual(two.messages);
    expect(two.bytes).toBeGreaterThan(0);
    expect(Math.abs(one.bytes - two.bytes) / one.bytes).toBeLessThan(0.01);
    await page.context().close();
  });

  // 480 px from 3840 px layers: every layer shrinks (scaled while decoding); 960 px from 960 px layers:
  // the product grows 110 % (drawn scaled, bilinear) and the picture 160 % (scaled while decoding).
  it.each([
    [480, '', 270],
    [960, '960x540/', 540],
  ])(
    'draws the same preset in the CSS preview and in the worker at %d px, within a small tolerance',
    async (width, dir, height) => {
      const page = await open(1);
      const preset = dir ? presetAt(dir) : vignettePreset;
      const [input] = frameInputs(1, width, 'image/png', preset, dir);
      const size = await page.evaluate(([p, l, w]) => window.harness.preview(p, l, w), [preset, input!.layers, width] as const);
      expect(size).toEqual({ width, height });
      const css = PNG.sync.read(await page.locator('#preview').screenshot());
      const out = await page.evaluate((i) => window.harness.renderFrame(i), input!);
      const worker = PNG.sync.read(Buffer.from(out.base64, 'base64'));
      expect([worker.width, worker.height]).toEqual([css.width, css.height]);
      const ratio = (png: PNG) =>
        pixelmatch(css.data, png.data, undefined, css.width, css.height, { threshold: 0.1 }) / (css.width * css.height);
      expect(ratio(worker)).toBeLessThan(0.005);
      // The tolerance still sees a real difference: the product moved by 0.02 (1 % of the frame).
      const moved = { ...input!, preset: { ...preset, image_offset_x: preset.image_offset_x + 0.02 } };
      const other = await page.evaluate((i) => window.harness.renderFrame(i), moved);
      expect(ratio(PNG.sync.read(Buffer.from(other.base64, 'base64')))).toBeGreaterThan(0.01);
      await page.context().close();
    },
  );
});
