// The render worker's API, built over an injected RenderEnv so the Node tests run it on @napi-rs/canvas.
// A batch is pipelined: layers are fetched a few frames ahead, and frame i+1's decodes start before frame
// i's encode (which blocks the thread in Chromium), so they run beside it.
import JSZip from 'jszip';
import {
  composeFrame,
  decodeFrame,
  fetchFrame,
  type FetchedFrame,
  type Prepared,
  type FrameTiming,
  type ImageType,
  type RenderEnv,
  type RenderInput,
  type Surface,
} from '../render/compose.ts';

export type RenderProgress =
  | { kind: 'frame'; index: number; total: number; message: string }
  | { kind: 'framed'; index: number; total: number; timing: FrameTiming; bytes: number }
  | { kind: 'zip'; message: string }
  | { kind: 'zipped'; ms: number; bytes: number };

export type ProgressFn = (p: RenderProgress) => unknown;

export interface BatchOptions {
  sku: string;
  /** The date in the zip's name; today (local time) by default. */
  date?: Date;
}

export interface ZipEntry {
  name: string;
  blob: Blob;
}

export const buildingMessage = (i: number, n: number): string => `Building Image ${i} of ${n}`;
export const ZIP_MESSAGE = 'Creating a zip file...';
const FETCH_AHEAD = 4;

const safe = (s: string): string => s.trim().replace(/[\\/:*?"<>|\s]+/g, '-') || 'images';
const ymd = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const ext = (t: ImageType | undefined): string => (t === 'image/jpeg' ? 'jpg' : 'png');

export const zipName = (sku: string, date = new Date()): string => `${safe(sku)}_${ymd(date)}.zip`;
export const entryName = (sku: string, index: number, input: RenderInput): string =>
  input.name ?? `${safe(sku)}_${String(index + 1).padStart(2, '0')}.${ext(input.type)}`;

// Progress goes through a Comlink proxy; a closed port must not fail the render.
const report = (fn: ProgressFn | undefined, p: RenderProgress): void => {
  void Promise.resolve()
    .then(() => fn?.(p))
    .catch(() => undefined);
};

export function createRenderApi<I extends { width: number; height: number }>(env: RenderEnv<I>) {
  // Two surfaces, alternated, so frame i+1 never draws on the canvas frame i encodes from (OffscreenCanvas
  // copies at convertToBlob, but an injected canvas may read while it encodes).
  const surfaces: Array<Surface<I> & { w: number; h: number }> = [];
  const surfaceFor = (slot: number) => (w: number, h: number) => {
    const s = surfaces[slot];
    if (s && s.w === w && s.h === h) return s;
    const fresh = Object.assign(env.createSurface(w, h), { w, h });
    surfaces[slot] = fresh;
    return fresh;
  };

  async function renderFrames(inputs: RenderInput[], onProgress?: ProgressFn): Promise<Blob[]> {
    const n = inputs.length;
    // The background is fetched and decoded once per batch (see fetchFrame).
    const cache = new Map<string, Promise<unknown>>();
    const shared = <T>(key: string, make: () => Promise<T>): Promise<T> => {
      if (!cache.has(key)) cache.set(key, make());
      return cache.get(key) as Promise<T>;
    };
    // Fetching holds only encoded bytes, so it runs a few frames ahead and decoding never waits on the network.
    const fetches: Array<Promise<FetchedFrame>> = [];
    const fetchAhead = (upTo: number) => {
      for (let j = fetches.length; j < Math.min(n, upTo); j++) {
        const p = fetchFrame(env, inputs[j]!, shared);
        p.catch(() => undefined); // awaited in turn; until then a failure must not be "unhandled"
        fetches.push(p);
      }
    };
    const out: Blob[] = [];
    fetchAhead(FETCH_AHEAD);
    let next: Promise<Prepared<I>> | undefined =
      n > 0 ? fetches[0]!.then((f) => decodeFrame(env, inputs[0]!, f, shared)) : undefined;
    // The previous frame's encode, awaited one frame later, so its result is collected in order.
    let encoding: Promise<void> | undefined;
    try {
      for (let i = 0; i < n; i++) {
        report(onProgress, { kind: 'frame', index: i + 1, total: n, message: buildingMessage(i + 1, n) });
        const prepared = await next!;
        next = undefined;
        let composed: ReturnType<typeof composeFrame>;
        try {
          fetchAhead(i + 1 + FETCH_AHEAD);
          // Start frame i+1's decodes now: convertToBlob below blocks this thread, and they run beside it.
          if (i + 1 < n) {
            next = decodeFrame(env, inputs[i + 1]!, await fetches[i + 1]!, shared);
            next.catch(() => undefined); // awaited next turn
          }
          composed = composeFrame(env, surfaceFor(i % 2), inputs[i]!, prepared);
        } finally {
          prepared.owned.forEach((img) => env.release(img)); // drawn: the canvas holds the pixels now
        }
        const prev = encoding;
        const { started, composeMs } = composed;
        encoding = Promise.all([prev, composed.encoding]).then(([, blob]) => {
          out.push(blob);
          const timing = { decode: prepared.ms, compose: composeMs, encode: env.now() - started };
          report(onProgress, { kind: 'framed', index: i + 1, total: n, timing, bytes: blob.size });
        });
        await prev;
      }
      await encoding;
    } finally {
      // On failure, work may still be in flight: free what it produces, and swallow its errors.
      void encoding?.catch(() => undefined);
      void next?.then((d) => d.owned.forEach((img) => env.release(img))).catch(() => undefined);
      for (const [key, p] of cache)
        if (key.startsWith('image ')) void p.then((img) => env.release(img as I)).catch(() => undefined);
    }
    return out;
  }

  async function zipFrames(entries: ZipEntry[], options: BatchOptions, onProgress?: ProgressFn): Promise<File> {
    report(onProgress, { kind: 'zip', message: ZIP_MESSAGE });
    const t0 = env.now();
    const zip = new JSZip();
    // PNG and JPEG are already compressed: deflate would save under 3 % at 5-10x the time.
    for (const e of entries) zip.file(e.name, await e.blob.arrayBuffer(), { binary: true, compression: 'STORE' });
    const blob = await zip.generateAsync({ type: 'blob', compression: 'STORE', mimeType: 'application/zip' });
    report(onProgress, { kind: 'zipped', ms: env.now() - t0, bytes: blob.size });
    return new File([blob], zipName(options.sku, options.date), { type: 'application/zip' });
  }

  const api = {
    async renderFrame(input: RenderInput): Promise<Blob> {
      const [blob] = await renderFrames([input]);
      return blob!;
    },
    renderFrames,
    zipFrames,
    async renderBatch(inputs: RenderInput[], options: BatchOptions, onProgress?: ProgressFn): Promise<File> {
      const blobs = await renderFrames(inputs, onProgress);
      const entries = blobs.map((blob, i) => ({ name: entryName(options.sku, i, inputs[i]!), blob }));
      return zipFrames(entries, options, onProgress);
    },
  };
  return api;
}
