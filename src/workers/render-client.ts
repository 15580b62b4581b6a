// The only way the UI reaches the render worker: started on first use, ended when idle,
// cancel = terminate + discard. A batch may be split over two workers (see chooseWorkers).
import * as Comlink from 'comlink';
import type { RenderInput } from '../render/compose.ts';
import type { BatchOptions, ProgressFn, RenderProgress } from './render-api.ts';
import { buildingMessage, entryName } from './render-api.ts';
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
  /** Workers for a batch: 'auto' uses two only where chooseWorkers says it pays. */
  workers?: 1 | 2 | 'auto';
  createWorker?: () => WorkerLike;
  supported?: () => boolean;
}

export const canRenderInWorker = (): boolean =>
  typeof Worker === 'function' &&
  typeof OffscreenCanvas === 'function' &&
  typeof OffscreenCanvas.prototype.convertToBlob === 'function';

/** Two workers only with cores to spare: on 2 cores the encoder threads already fill the machine (bench/results). */
export const chooseWorkers = (frames: number, cores = globalThis.navigator?.hardwareConcurrency ?? 1): 1 | 2 =>
  frames >= 4 && cores >= 4 ? 2 : 1;

const defaultWorker = (): WorkerLike =>
  new Worker(new URL('./render.worker.ts', import.meta.url), { type: 'module', name: 'facet-render' });

interface Slot {
  worker: WorkerLike;
  api: Comlink.Remote<RenderApi>;
}

export function createRenderClient(options: RenderClientOptions = {}) {
  const { idleMs = 30_000, createWorker = defaultWorker, supported = canRenderInWorker } = options;
  let pool: Slot[] = [];
  let running = 0;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const failHooks = new Set<(e: Error) => void>();

  const failAll = (e: Error) => {
    for (const fail of [...failHooks]) fail(e);
  };

  function stop(): void {
    for (const slot of pool) slot.worker.terminate();
    pool = [];
  }

  function ensure(count: number): Slot[] {
    if (!supported()) throw new RenderUnsupported();
    while (pool.length < count) {
      const worker = createWorker();
      worker.addEventListener('error', (e) => {
        stop();
        failAll(new Error(`The render worker failed: ${(e as ErrorEvent).message ?? 'unknown error'}`));
      });
      pool.push({ worker, api: Comlink.wrap<RenderApi>(worker) });
    }
    return pool.slice(0, count);
  }

  // Every job races a failure hook, so cancel (or a dead worker) settles it at once and its result is dropped.
  async function run<T>(count: number, job: (slots: Slot[]) => Promise<T>): Promise<T> {
    clearTimeout(idleTimer);
    running++;
    let hook: (e: Error) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => (hook = reject));
    failHooks.add(hook);
    try {
      return await Promise.race([job(ensure(count)), failed]);
    } finally {
      failHooks.delete(hook);
      if (--running === 0) idleTimer = setTimeout(stop, idleMs);
    }
  }

  const proxied = (fn?: ProgressFn) => (fn ? Comlink.proxy(fn) : undefined);

  async function splitBatch(slots: Slot[], inputs: RenderInput[], opts: BatchOptions, onProgress?: ProgressFn) {
    const n = inputs.length;
    const half = Math.ceil(n / 2);
    let done = 0;
    // Each worker counts its own half; the customer sees one count over the whole batch.
    const merge = (p: RenderProgress) => {
      if (p.kind !== 'framed') return;
      done++;
      onProgress?.({ ...p, index: done, total: n });
      if (done < n) onProgress?.({ kind: 'frame', index: done + 1, total: n, message: buildingMessage(done + 1, n) });
    };
    onProgress?.({ kind: 'frame', index: 1, total: n, message: buildingMessage(1, n) });
    const parts = [inputs.slice(0, half), inputs.slice(half)];
    const blobs = (await Promise.all(parts.map((part, w) => slots[w]!.api.renderFrames(part, proxied(merge))))).flat();
    const entries = blobs.map((blob, i) => ({ name: entryName(opts.sku, i, inputs[i]!), blob }));
    return slots[0]!.api.zipFrames(entries, opts, proxied(onProgress));
  }

  return {
    renderFrame: (input: RenderInput): Promise<Blob> => run(1, ([s]) => s!.api.renderFrame(input)),

    /** Renders in turn and zips in the worker; resolves to a File named <SKU>_<YYYY-MM-DD>.zip. */
    renderBatch(inputs: RenderInput[], opts: BatchOptions, onProgress?: ProgressFn, workers = options.workers ?? 'auto') {
      const count = workers === 'auto' ? chooseWorkers(inputs.length) : workers;
      return run(count, (slots) =>
        count === 2 ? splitBatch(slots, inputs, opts, onProgress) : slots[0]!.api.renderBatch(inputs, opts, proxied(onProgress)),
      );
    },

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

export type RenderClient = ReturnType<typeof createRenderClient>;
