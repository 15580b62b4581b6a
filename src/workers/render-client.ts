// The only way the UI reaches the render worker: started on first use, ended when idle,
// cancel = terminate + discard. A batch may run on two workers, one composing and one encoding
// (see chooseWorkers and frames.ts).
import * as Comlink from 'comlink';
import type { RenderInput } from '../render/compose.ts';
import type { BatchOptions, ProgressFn, RenderProgress } from './render-api.ts';
import type { RenderApi } from './render.worker.ts';

export type { RenderInput, BatchOptions, RenderProgress };

/** Downloads are 3840 px wide divided by the device pixel ratio (specs 03 §4, §9). */
export const downloadWidth = (dpr: number = globalThis.devicePixelRatio || 1): number => Math.round(3840 / dpr);

export const UNSUPPORTED_MESSAGE =
  'This browser cannot build the images in the background (OffscreenCanvas is missing). ' +
  'Please update your browser, or use the queued download and we will e-mail the images.';

export class RenderCancelled extends Error {
  override name = 'AbortError';
  constructor() {
    super('Download cancelled');
  }
}

export class RenderUnsupported extends Error {
  constructor() {
    super(UNSUPPORTED_MESSAGE);
  }
}

export interface WorkerLike extends Comlink.Endpoint {
  terminate(): void;
}

export interface RenderClientOptions {
  /** End the workers after this long without work (ms). */
  idleMs?: number;
  /** Workers for a batch: 2 = a compose worker feeding an encode worker; 'auto' asks chooseWorkers. */
  workers?: 1 | 2 | 'auto';
  createWorker?: () => WorkerLike;
  supported?: () => boolean;
}

export const canRenderInWorker = (): boolean =>
  typeof Worker === 'function' &&
  typeof OffscreenCanvas === 'function' &&
  typeof OffscreenCanvas.prototype.convertToBlob === 'function';

/**
 * The pipeline measured 4-11 % faster than one worker on 2 cores for 8 and 24 frames, PNG and JPEG
 * (bench/results/render.json), for 50-100 MB more memory. On one core it would only add a hop.
 */
export const chooseWorkers = (frames: number, cores = globalThis.navigator?.hardwareConcurrency ?? 1): 1 | 2 =>
  frames >= 2 && cores >= 2 ? 2 : 1;

const defaultWorker = (): WorkerLike =>
  new Worker(new URL('./render.worker.ts', import.meta.url), { type: 'module', name: 'facet-render' });

interface Slot {
  worker: WorkerLike;
  api: Comlink.Remote<RenderApi>;
}

/** Slot 1 encodes for slot 0 over a channel of their own, set up once per pair. */
async function pair([composer, encoder]: Slot[]): Promise<void> {
  const { port1, port2 } = new MessageChannel();
  await encoder!.api.serveEncoder(Comlink.transfer(port2, [port2]));
  await composer!.api.connectEncoder(Comlink.transfer(port1, [port1]));
}

export function createRenderClient(options: RenderClientOptions = {}) {
  const { idleMs = 30_000, createWorker = defaultWorker, supported = canRenderInWorker } = options;
  let pool: Slot[] = [];
  let paired: Promise<void> | undefined;
  let running = 0;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const failHooks = new Set<(e: Error) => void>();

  const failAll = (e: Error) => {
    for (const fail of [...failHooks]) fail(e);
  };

  function stop(): void {
    for (const slot of pool) slot.worker.terminate();
    pool = [];
    paired = undefined;
  }

  async function ensure(count: number): Promise<Slot[]> {
    if (!supported()) throw new RenderUnsupported();
    while (pool.length < count) {
      const worker = createWorker();
      worker.addEventListener('error', (e) => {
        stop();
        failAll(new Error(`The render worker failed: ${(e as ErrorEvent).message ?? 'unknown error'}`));
      });
      pool.push({ worker, api: Comlink.wrap<RenderApi>(worker) });
    }
    const slots = pool.slice(0, count);
    if (count === 2) await (paired ??= pair(slots));
    return slots;
  }

  // Every job races a failure hook, so cancel (or a dead worker) settles it at once and its result is
  // dropped. `live()` is the run's identity: false from the moment it is cancelled or fails, so a
  // progress message the worker had already sent (still queued on the page's side) is not reported.
  async function run<T>(count: number, job: (slots: Slot[], live: () => boolean) => Promise<T>): Promise<T> {
    clearTimeout(idleTimer);
    running++;
    let settled = false;
    let hook: (e: Error) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => (hook = (e) => ((settled = true), reject(e))));
    failHooks.add(hook);
    try {
      return await Promise.race([ensure(count).then((slots) => job(slots, () => !settled)), failed]);
    } finally {
      failHooks.delete(hook);
      if (--running === 0) idleTimer = setTimeout(stop, idleMs);
    }
  }

  /** The worker's progress reaches the caller only while its run is live. */
  const proxied = (live: () => boolean, fn?: ProgressFn) =>
    fn ? Comlink.proxy((p: RenderProgress) => (live() ? fn(p) : undefined)) : undefined;

  return {
    renderFrame: (input: RenderInput): Promise<Blob> => run(1, ([s]) => s!.api.renderFrame(input)),

    /** Renders in turn and zips in the worker; resolves to a File named <SKU>_<YYYY-MM-DD>.zip. */
    renderBatch(inputs: RenderInput[], opts: BatchOptions, onProgress?: ProgressFn, workers = options.workers ?? 'auto') {
      const count = workers === 'auto' ? chooseWorkers(inputs.length) : workers;
      return run(count, ([first], live) =>
        count === 2
          ? first!.api.renderBatchPiped(inputs, opts, proxied(live, onProgress))
          : first!.api.renderBatch(inputs, opts, proxied(live, onProgress)),
      );
    },

    /** Zips finished images in a worker (the bench's measure of jszip throughput). */
    zip: (entries: Array<{ name: string; blob: Blob }>, opts: BatchOptions): Promise<File> =>
      run(1, ([s]) => s!.api.zipFrames(entries, opts)),

    /** Ends the workers; the pending call rejects with RenderCancelled and its partial result is lost. */
    cancel(): void {
      stop();
      failAll(new RenderCancelled());
    },

    /** Live workers (for tests and the bench). */
    get workerCount(): number {
      return pool.length;
    },

    dispose(): void {
      clearTimeout(idleTimer);
      this.cancel();
    },
  };
}
