// The render worker's API, built over an injected RenderEnv so the Node tests run it on @napi-rs/canvas.
// One worker renders a batch alone; two workers make a pipeline: this one fetches, decodes, composes and
// zips, its peer (connected by a MessagePort) only encodes. See frames.ts for why.
import * as Comlink from 'comlink';
import type { FrameTiming, ImageType, RenderEnv, RenderInput } from '../render/compose.ts';
import type { Size } from '../render/layout.ts';
import { createFrameRenderer, timed, type EncodeFn, type Encoded } from './frames.ts';
import { entryName, openZip, zipName } from './zip.ts';

export type RenderProgress =
  | { kind: 'frame'; index: number; total: number; message: string }
  | { kind: 'framed'; index: number; total: number; timing: FrameTiming; bytes: number }
  | { kind: 'zip'; message: string }
  /** ms: from the last frame to the finished zip (the zip is written beside the frames). */
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

const zipFile = (blob: Blob, options: BatchOptions): File =>
  new File([blob], zipName(options.sku, options.date), { type: 'application/zip' });

export const buildingMessage = (i: number, n: number): string => `Building Image ${i} of ${n}`;
export const ZIP_MESSAGE = 'Creating a zip file...';
/** A layer or background that is neither on this device nor reachable. */
export const PICTURES_OFFLINE = "The product's pictures are not on this device yet: building the images needs a connection.";

// Progress goes through a Comlink proxy; a closed port must not fail the render.
const report = (fn: ProgressFn | undefined, p: RenderProgress): void => {
  void Promise.resolve()
    .then(() => fn?.(p))
    .catch(() => undefined);
};

interface EncoderPeer {
  encodeImage(frame: unknown, type: ImageType, quality?: number): Promise<Encoded>;
}

export function createRenderApi<I extends Size, F>(env: RenderEnv<I, F>) {
  const renderFrames = createFrameRenderer(env);
  let peer: Comlink.Remote<EncoderPeer> | undefined;

  async function renderBatch(inputs: RenderInput[], options: BatchOptions, onProgress?: ProgressFn, encoder?: EncodeFn<F>) {
    const zip = openZip(inputs.map((input, i) => entryName(options.sku, i, input)));
    try {
      await renderFrames(
        inputs,
        {
          onStart: (i, n) => report(onProgress, { kind: 'frame', index: i + 1, total: n, message: buildingMessage(i + 1, n) }),
          onFrame: (i, blob, timing) => {
            zip.put(i, blob);
            report(onProgress, { kind: 'framed', index: i + 1, total: inputs.length, timing, bytes: blob.size });
          },
        },
        encoder,
      );
    } catch (e) {
      zip.abort(e);
      throw e;
    }
    report(onProgress, { kind: 'zip', message: ZIP_MESSAGE });
    const { value: blob, ms } = await timed(env, () => zip.done);
    report(onProgress, { kind: 'zipped', ms, bytes: blob.size });
    return zipFile(blob, options);
  }

  const api = {
    async renderFrame(input: RenderInput): Promise<Blob> {
      const [blob] = await renderFrames([input]);
      return blob!;
    },

    /** Renders in turn and zips beside; resolves to a File named <SKU>_<YYYY-MM-DD>.zip. */
    renderBatch: (inputs: RenderInput[], options: BatchOptions, onProgress?: ProgressFn) =>
      renderBatch(inputs, options, onProgress),

    /** The same, with the encodes done by the peer given to connectEncoder. */
    renderBatchPiped(inputs: RenderInput[], options: BatchOptions, onProgress?: ProgressFn) {
      const remote = peer;
      if (!remote) throw new Error('No encoder connected');
      const encode: EncodeFn<F> = (frame, type, quality) =>
        remote.encodeImage(Comlink.transfer(frame, env.transferList(frame)), type, quality);
      return renderBatch(inputs, options, onProgress, encode);
    },

    /** Encodes a frame handed over by a composing peer, and frees it. */
    async encodeImage(frame: F, type: ImageType, quality?: number): Promise<Encoded> {
      const { value: blob, ms } = await timed(env, () => env.encodeImage(frame, type, quality));
      return { blob, ms };
    },

    /** The composing side of a pipeline: encodes go to the worker holding the other end of `port`. */
    connectEncoder(port: MessagePort): void {
      peer = Comlink.wrap<EncoderPeer>(port);
    },

    /** The encoding side of a pipeline: answers encodeImage on `port`. */
    serveEncoder(port: MessagePort): void {
      Comlink.expose({ encodeImage: api.encodeImage }, port);
    },

    /** Zips finished images (the bench measures jszip's own throughput with it). */
    async zipFrames(entries: ZipEntry[], options: BatchOptions): Promise<File> {
      const zip = openZip(entries.map((e) => e.name));
      entries.forEach((e, i) => zip.put(i, e.blob));
      return zipFile(await zip.done, options);
    },
  };
  return api;
}
