// Drives the real render worker through render-client, and draws the CSS preview, for e2e and bench.
import { cssText, previewStyles } from '../../../src/render/css.ts';
import { frameSize, hasPictureBackground, layoutFrame, type RenderPreset, type Sized } from '../../../src/render/layout.ts';
import type { FrameTiming, RenderInput } from '../../../src/render/compose.ts';
import { createRenderClient, downloadWidth, type BatchOptions } from '../../../src/workers/render-client.ts';

export interface FrameResult {
  width: number;
  height: number;
  type: string;
  base64: string;
}

export interface BatchResult {
  name: string;
  bytes: number;
  totalMs: number;
  /** Until the zip starts. */
  renderMs: number;
  timings: FrameTiming[];
  zip?: { ms: number; bytes: number };
  messages: string[];
  longTasks: Array<{ start: number; duration: number }>;
  maxFrameGapMs: number;
  workerCount: number;
}

const client = createRenderClient({ idleMs: 2_000 });

const base64 = async (blob: Blob): Promise<string> => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};

const natural = async (src: string): Promise<Sized<string>> => {
  const img = new Image();
  img.src = src;
  await img.decode();
  return { src, width: img.naturalWidth, height: img.naturalHeight };
};

const harness = {
  downloadWidth: () => downloadWidth(),

  async renderFrame(input: RenderInput): Promise<FrameResult> {
    const blob = await client.renderFrame(input);
    const bmp = await createImageBitmap(blob);
    const out = { width: bmp.width, height: bmp.height, type: blob.type, base64: await base64(blob) };
    bmp.close();
    return out;
  },

  /** `trackFrames` adds a requestAnimationFrame loop (bench), which is itself main-thread work. */
  async batch(
    inputs: RenderInput[],
    opts: BatchOptions,
    workers: 1 | 2 | 'auto' = 'auto',
    trackFrames = false,
  ): Promise<BatchResult> {
    const longTasks: BatchResult['longTasks'] = [];
    const obs = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
    });
    obs.observe({ type: 'longtask' });
    // rAF gaps catch main-thread stalls under the 50 ms long-task threshold too.
    let maxFrameGapMs = 0;
    let running = trackFrames;
    let last = performance.now();
    const tick = (t: number) => {
      maxFrameGapMs = Math.max(maxFrameGapMs, t - last);
      last = t;
      if (running) requestAnimationFrame(tick);
    };
    if (trackFrames) requestAnimationFrame(tick);
    const timings: FrameTiming[] = [];
    const messages: string[] = [];
    let zip: BatchResult['zip'];
    let renderMs = 0;
    const t0 = performance.now();
    const file = await client.renderBatch(
      inputs,
      opts,
      (p) => {
        if ('message' in p) messages.push(p.message);
        if (p.kind === 'zip') renderMs = performance.now() - t0;
        if (p.kind === 'framed') timings.push(p.timing);
        if (p.kind === 'zipped') zip = { ms: p.ms, bytes: p.bytes };
      },
      workers,
    );
    const totalMs = performance.now() - t0;
    const workerCount = client.workerCount;
    running = false;
    // Entries of tasks that have ended but not yet been delivered to the callback: taken now, no wait.
    for (const e of obs.takeRecords()) longTasks.push({ start: e.startTime, duration: e.duration });
    obs.disconnect();
    return {
      name: file.name,
      bytes: file.size,
      totalMs,
      renderMs,
      timings,
      zip,
      messages,
      workerCount,
      maxFrameGapMs,
      longTasks: longTasks.filter((l) => l.start >= t0),
    };
  },

  /** jszip's own throughput in the worker: `count` entries of `bytesEach` noise (incompressible, like PNG). */
  async zipRate(bytesEach: number, count: number): Promise<{ ms: number; bytes: number }> {
    const chunk = new Uint8Array(bytesEach);
    for (let i = 0; i < bytesEach; i += 65536) crypto.getRandomValues(chunk.subarray(i, i + 65536));
    const entries = Array.from({ length: count }, (_, i) => ({ name: `f${i}.png`, blob: new Blob([chunk]) }));
    const t0 = performance.now();
    const file = await client.zip(entries, { sku: 'RATE' });
    return { ms: performance.now() - t0, bytes: file.size };
  },

  /** Draws the CSS preview of a frame `width` px wide at the top-left of the page; returns its size. */
  async preview(preset: RenderPreset, layers: RenderInput['layers'], width: number): Promise<{ width: number; height: number }> {
    const [beauty, shadow, reflection, background] = await Promise.all([
      natural(layers.beauty as string),
      layers.shadow === undefined ? undefined : natural(layers.shadow as string),
      layers.reflection === undefined ? undefined : natural(layers.reflection as string),
      hasPictureBackground(preset) ? natural(preset.background) : undefined,
    ]);
    const size = frameSize(width, beauty);
    const { container, items } = previewStyles(layoutFrame(preset, { beauty, shadow, reflection, background }, size));
    const host = document.getElementById('preview')!;
    host.style.cssText = `${cssText(container)};width:${size.width}px;height:${size.height}px`;
    host.replaceChildren(
      ...items.map((item) => {
        const el = item.src === undefined ? document.createElement('div') : Object.assign(new Image(), { src: item.src });
        el.style.cssText = cssText(item.style);
        return el;
      }),
    );
    await Promise.all([...host.querySelectorAll('img')].map((i) => i.decode()));
    return size;
  },

  dispose: () => client.dispose(),
};

export type RenderHarness = typeof harness;

declare global {
  interface Window {
    harness: RenderHarness;
  }
}

window.harness = harness;
