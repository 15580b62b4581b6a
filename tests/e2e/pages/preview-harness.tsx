// The preset panel's live preview and one of its sliders, mounted alone over the harness fixtures
// (3840 × 2160 layers served as /storage/__fixtures/…), for bench/preview.bench.ts: slider input to
// painted preview, long tasks while dragging, and the worker's frame of the same values.
import { createRoot } from 'react-dom/client';
import { PresetPreview } from '../../../src/features/imagery/PresetPreview.tsx';
import { ValueControl } from '../../../src/features/imagery/ValueControl.tsx';
import { createDraftStore } from '../../../src/features/imagery/draft-store.ts';
import { newPresetValues, productTransform } from '../../../src/features/imagery/preset-rules.ts';
import type { LayerRow } from '../../../src/data/index.ts';
import { createRenderClient } from '../../../src/workers/render-client.ts';
import '../../../src/ui/tokens.css';

const layer: LayerRow = {
  productId: 1,
  section: 'vignette',
  angle: 0,
  width: 3840,
  height: 2160,
  beauty: '__fixtures/beauty.png',
  shadow: '__fixtures/shadow.png',
  reflection: '__fixtures/reflection.png',
};
const store = createDraftStore('vignette', {
  ...newPresetValues('vignette'),
  background: '#ecebe6',
  image_scale: -0.2,
  saturation: 120,
  brightness: 90,
});
const [, offsetX] = productTransform('vignette');
const client = createRenderClient({ idleMs: 2_000 });

createRoot(document.getElementById('root')!).render(
  <>
    <PresetPreview store={store} layer={layer} label="Preview" />
    <ValueControl store={store} spec={offsetX!} presetSelected />
  </>,
);

const samples: number[] = [];
/** From the handler's own start (the event already dispatched): the part of the latency the page controls. */
const fromHandler: number[] = [];
const longTasks: number[] = [];
let maxFrameGap = 0;
new PerformanceObserver((l) => l.getEntries().forEach((e) => longTasks.push(e.duration))).observe({
  type: 'longtask',
  buffered: true,
});
// Input to painted: from the event's time to a task queued by the next animation frame callback; that
// task runs after the frame in which the preview's own rAF wrote the styles has been rendered.
document.addEventListener(
  'pointermove',
  (e) => {
    if (!(e.buttons & 1)) return;
    const start = e.timeStamp;
    const handled = performance.now();
    requestAnimationFrame(() =>
      setTimeout(() => {
        const now = performance.now();
        samples.push(now - start);
        fromHandler.push(now - handled);
      }),
    );
  },
  { capture: true },
);
let last = performance.now();
const tick = (t: number) => {
  maxFrameGap = Math.max(maxFrameGap, t - last);
  last = t;
  requestAnimationFrame(tick);
};

const base64 = async (blob: Blob) => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};

const bench = {
  start() {
    samples.length = 0;
    fromHandler.length = 0;
    longTasks.length = 0;
    maxFrameGap = 0;
    last = performance.now();
    requestAnimationFrame(tick);
  },
  results: () => ({ samples: [...samples], fromHandler: [...fromHandler], longTasks: [...longTasks], maxFrameGap }),
  /** The same drags with nothing to paint: what the measure itself costs on this machine (the floor). */
  hidePreview(hidden: boolean) {
    document.querySelector<HTMLElement>('[data-testid="preset-preview"]')!.style.visibility = hidden ? 'hidden' : '';
  },
  /** The worker's frame of the draft's current values at the preview's width. */
  async workerFrame(width: number) {
    const blob = await client.renderFrame({
      preset: { ...store.get(), section: 'vignette' },
      layers: {
        beauty: `/storage/${layer.beauty}`,
        shadow: `/storage/${layer.shadow}`,
        reflection: `/storage/${layer.reflection}`,
      },
      width,
    });
    return base64(blob);
  },
  value: () => store.get().image_offset_x,
};

declare global {
  interface Window {
    previewBench: typeof bench;
  }
}
window.previewBench = bench;
