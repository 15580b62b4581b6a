// Renders a batch's frames in order, pipelined:
// - layers are fetched FETCH_AHEAD frames ahead (encoded bytes only, so memory stays small);
// - frame i+1's decodes start before frame i is composed and encoded;
// - the encode runs on this thread (one worker) or in a peer worker (`encoder`, the two-worker pipeline),
//   which takes the drawn frame as a transferred image while this thread goes on decoding and composing.
// In Chromium, convertToBlob blocks its thread for the whole encode, and createImageBitmap needs that
// thread to read its Blob before decoding off-thread; hence the hand-off pause in the one-worker mode,
// and the pipeline, where the decoding thread blocks only to rasterise, never to encode.
import {
  composeFrame,
  decodeFrame,
  fetchFrame,
  type FetchedFrame,
  type FrameTiming,
  type ImageType,
  type Prepared,
  type RenderEnv,
  type RenderInput,
  type Surface,
} from '../render/compose.ts';
import type { Size } from '../render/layout.ts';

export interface Encoded {
  blob: Blob;
  /** Time the encoder spent on this frame. */
  ms: number;
}

/** Encodes a frame taken from a surface (usually in another worker). */
export type EncodeFn<F> = (frame: F, type: ImageType, quality: number) => Promise<Encoded>;

export interface FrameHooks {
  /** Frame i+1 of n is being built. */
  onStart?(index: number, total: number): void;
  /** Frame `index` (0-based) is encoded. */
  onFrame?(index: number, blob: Blob, timing: FrameTiming): void;
}

const FETCH_AHEAD = 4;
/** Encodes handed out and not yet back: one encoding, one waiting, so the encoder never idles. */
const IN_FLIGHT = 2;
/** Long enough for the next frame's Blob reads to start before convertToBlob holds the thread (measured 5-10 ms). */
export const HANDOFF_MS = 10;

const noop = (): void => undefined;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function timed<T>(env: { now(): number }, work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = env.now();
  const value = await work();
  return { value, ms: env.now() - t0 };
}

export function createFrameRenderer<I extends Size, F>(env: RenderEnv<I, F>) {
  // Two surfaces, alternated, so frame i+1 is never drawn on the canvas frame i is encoding from.
  const surfaces: Array<Surface<I, F> & { w: number; h: number }> = [];
  const surfaceFor = (slot: number) => (w: number, h: number) => {
    const s = surfaces[slot];
    if (s && s.w === w && s.h === h) return s;
    return (surfaces[slot] = Object.assign(env.createSurface(w, h), { w, h }));
  };

  return async function renderFrames(inputs: RenderInput[], hooks: FrameHooks = {}, encoder?: EncodeFn<F>): Promise<Blob[]> {
    const n = inputs.length;
    // The background is the same picture (and crop) on every frame: fetched and decoded once per batch.
    const cache = new Map<string, Promise<unknown>>();
    const shared = <T>(key: string, make: () => Promise<T>): Promise<T> => {
      if (!cache.has(key)) cache.set(key, make());
      return cache.get(key) as Promise<T>;
    };
    const fetches: Array<Promise<FetchedFrame>> = [];
    const fetchAhead = (upTo: number) => {
      for (let j = fetches.length; j < Math.min(n, upTo); j++) {
        const p = fetchFrame(env, inputs[j]!, shared);
        p.catch(noop); // awaited in turn; until then a failure must not be "unhandled"
        fetches.push(p);
      }
    };
    const decode = (j: number) => fetches[j]!.then((f) => decodeFrame(env, inputs[j]!, f, shared));
    const out: Blob[] = [];
    const encodes: Array<Promise<void>> = [];
    fetchAhead(FETCH_AHEAD);
    let next: Promise<Prepared<I>> | undefined = n > 0 ? decode(0) : undefined;
    try {
      for (let i = 0; i < n; i++) {
        hooks.onStart?.(i, n);
        const prepared = await next!;
        next = undefined;
        const type = inputs[i]!.type ?? 'image/png';
        const quality = inputs[i]!.quality ?? 0.92;
        let drawn: ReturnType<typeof composeFrame<I, Surface<I, F>>>;
        let encoded: Promise<Encoded>;
        let raster: number;
        try {
          if (i >= IN_FLIGHT) await encodes[i - IN_FLIGHT]; // frees that frame's surface, bounds the queue
          fetchAhead(i + 1 + FETCH_AHEAD);
          if (i + 1 < n) {
            next = decode(i + 1);
            next.catch(noop); // awaited next turn
          }
          drawn = composeFrame(env, surfaceFor(i % 2), inputs[i]!, prepared);
          if (!encoder && next) await pause(HANDOFF_MS);
          // Canvas 2D records draws and rasterises them later (Chromium and WebKit alike); doing that
          // here, timed, keeps it out of the encode (and out of the hand-over), before any layer is released.
          const t0 = env.now();
          drawn.surface.flush();
          const taken = encoder ? drawn.surface.take() : undefined;
          raster = env.now() - t0;
          const surface = drawn.surface;
          encoded =
            taken !== undefined
              ? encoder!(taken, type, quality)
              : timed(env, () => surface.encode(type, quality)).then(({ value, ms }) => ({ blob: value, ms }));
        } finally {
          // Only now: WebKit's drawImage returns at once and draws from the bitmap when it rasterises
          // (tests/workers/deferred-raster.test.ts), so a layer closed before that was missing from
          // the frame, which came out as its background alone.
          prepared.owned.forEach((img) => env.release(img));
        }
        const done = encoded.then(({ blob, ms }) => {
          out[i] = blob;
          hooks.onFrame?.(i, blob, { decode: prepared.ms, compose: drawn.composeMs, raster, encode: ms });
        });
        done.catch(noop); // awaited below (or by a later frame)
        encodes.push(done);
      }
      await Promise.all(encodes);
    } finally {
      // On failure, work may still be in flight: free what it produces, and swallow its errors.
      void next?.then((d) => d.owned.forEach((img) => env.release(img))).catch(noop);
      for (const [key, p] of cache) if (key.startsWith('image ')) void p.then((img) => env.release(img as I)).catch(noop);
    }
    return out;
  };
}
