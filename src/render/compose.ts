// Realises a laid-out frame on a 2D context. The canvas and decoder are injected (RenderEnv), so the same
// code runs on OffscreenCanvas in the worker and on @napi-rs/canvas in the Node tests.
// In Chromium's worker, convertToBlob blocks the thread for the whole encode; createImageBitmap decodes off
// the thread once it has read its Blob (see frames.ts), but its crop+resize takes the thread (see scaleInDecode).
import { headerSize } from './image-size.ts';
import { visibleCrop, type Crop } from './crop.ts';
import { frameSize, hasPictureBackground, layoutFrame, type DrawOp, type Frame, type RenderPreset, type Size } from './layout.ts';

/** The part of CanvasRenderingContext2D we use; both OffscreenCanvas and @napi-rs/canvas fit it. */
export interface Ctx2D<I> {
  globalAlpha: number;
  filter: string;
  fillStyle: unknown;
  imageSmoothingEnabled: boolean;
  imageSmoothingQuality: unknown;
  save(): void;
  restore(): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  drawImage(image: I, dx: number, dy: number, dw: number, dh: number): void;
}

export type ImageType = 'image/png' | 'image/jpeg';

export interface Surface<I, F = I> {
  ctx: Ctx2D<I>;
  encode(type: ImageType, quality?: number): Promise<Blob>;
  /** Rasterises the recorded draws now (Chromium defers them to the next read: encode or take). */
  flush(): void;
  /** Hands the drawn pixels over as a frame another worker can encode (transferToImageBitmap); the surface is left blank. */
  take(): F;
}

/** A layer address, or bytes already at hand (the UI may pass Blobs). */
export type LayerSource = string | Blob;

/** I: a decoded picture; F: a composed frame handed to an encoder (ImageBitmap in Chromium). */
export interface RenderEnv<I extends Size, F = I> {
  fetch(src: LayerSource): Promise<Blob>;
  /** Decode, optionally cropped and scaled. */
  decode(blob: Blob, crop?: Crop): Promise<I>;
  /** Free a decoded image (ImageBitmap.close()). */
  release(image: I): void;
  createSurface(width: number, height: number): Surface<I, F>;
  /** Encode a frame taken from a surface (in the encoding worker of a pipeline); consumes the frame. */
  encodeImage(frame: F, type: ImageType, quality?: number): Promise<Blob>;
  /** What to transfer (not copy) when a frame is posted to another worker. */
  transferList(frame: F): Transferable[];
  now(): number;
}

export interface RenderInput {
  preset: RenderPreset;
  layers: { beauty: LayerSource; shadow?: LayerSource; reflection?: LayerSource };
  /** Output width in px; the UI asks for 3840 / devicePixelRatio. */
  width: number;
  type?: ImageType;
  /** JPEG quality 0..1. */
  quality?: number;
  /** Name inside a zip; defaults to <SKU>_<nn>.<ext>. */
  name?: string;
}

export interface FrameTiming {
  decode: number;
  /** Recording the draws. */
  compose: number;
  /** Rasterising them (flush, then take in a pipeline). */
  raster: number;
  encode: number;
}

export function drawFrame<I>(ctx: Ctx2D<I>, frame: Frame<I>, opaque = false): void {
  ctx.save();
  ctx.globalAlpha = 1;
  ctx.filter = 'none';
  ctx.clearRect(0, 0, frame.width, frame.height);
  // JPEG has no alpha: a transparent background would come out black, so it gets white.
  if (opaque && frame.ops[0]?.kind !== 'fill') {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, frame.width, frame.height);
  }
  // Layers that still need scaling here are enlarged or near 1:1, where bilinear is what CSS does too.
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'low';
  for (const op of frame.ops) {
    if (op.kind === 'fill') {
      ctx.fillStyle = op.color;
      ctx.fillRect(0, 0, frame.width, frame.height);
      continue;
    }
    ctx.globalAlpha = op.opacity;
    ctx.filter = op.filter;
    ctx.drawImage(op.src, op.rect.x, op.rect.y, op.rect.w, op.rect.h);
  }
  ctx.restore();
}

/**
 * Crop and scale while decoding (createImageBitmap) only the background (once per batch) and shrunk layers
 * (high-quality resampling). In Chromium that resize takes the worker thread, and measured slower than
 * drawing the layer scaled (bilinear), filter included, so everything else is drawn scaled.
 */
export const scaleInDecode = (op: DrawOp<unknown> & { kind: 'image' }, src: Size): boolean =>
  op.layer === 'background' || op.rect.w < src.width * 0.75;

/** A frame whose pictures are decoded, ready to draw. */
export interface Prepared<I> {
  frame: Frame<I>;
  owned: I[];
  ms: number;
}

interface Fetched {
  blob: Blob;
  size: Size;
}

/** Fetch and measure (header, or a throw-away decode for other formats). */
export async function fetchLayer<I extends Size, F>(env: RenderEnv<I, F>, src: LayerSource): Promise<Fetched> {
  const blob = await env.fetch(src);
  const size = headerSize(new Uint8Array(await blob.slice(0, 65536).arrayBuffer()));
  if (size) return { blob, size };
  const img = await env.decode(blob);
  env.release(img);
  return { blob, size: { width: img.width, height: img.height } };
}

type Shared = <T>(key: string, make: () => Promise<T>) => Promise<T>;
const noCache: Shared = (_key, make) => make();

/** A frame's layers fetched and measured, not yet decoded (small: the encoded bytes). */
export interface FetchedFrame {
  beauty: Fetched;
  shadow?: Fetched;
  reflection?: Fetched;
  background?: Fetched;
}

/**
 * `shared` caches the background (the same picture and crop on every frame of a batch) under keys
 * 'fetch …' and 'image …'; the batch releases the 'image …' entries, the frame does not own them.
 */
export async function fetchFrame<I extends Size, F>(
  env: RenderEnv<I, F>,
  input: RenderInput,
  shared: Shared = noCache,
): Promise<FetchedFrame> {
  const bgSrc = hasPictureBackground(input.preset) ? input.preset.background : undefined;
  const [beauty, shadow, reflection, background] = await Promise.all([
    fetchLayer(env, input.layers.beauty),
    input.layers.shadow === undefined ? undefined : fetchLayer(env, input.layers.shadow),
    input.layers.reflection === undefined ? undefined : fetchLayer(env, input.layers.reflection),
    bgSrc === undefined ? undefined : shared(`fetch ${bgSrc}`, () => fetchLayer(env, bgSrc)),
  ]);
  return { beauty, shadow, reflection, background };
}

/**
 * Lay out, then decode each visible layer. Every decode is started before the first await, so a caller
 * that yields briefly and then blocks the thread (convertToBlob) still has them running beside it.
 */
export async function decodeFrame<I extends Size, F>(
  env: RenderEnv<I, F>,
  input: RenderInput,
  fetched: FetchedFrame,
  shared: Shared = noCache,
): Promise<Prepared<I>> {
  const t0 = env.now();
  const sized = (f: Fetched | undefined) => f && { src: f, width: f.size.width, height: f.size.height };
  const size = frameSize(input.width, fetched.beauty.size);
  const layers = {
    beauty: sized(fetched.beauty)!,
    shadow: sized(fetched.shadow),
    reflection: sized(fetched.reflection),
    background: sized(fetched.background),
  };
  const layout = layoutFrame(input.preset, layers, size);
  const owned: I[] = [];
  const ops = await Promise.all(
    layout.ops.map(async (op): Promise<DrawOp<I> | undefined> => {
      if (op.kind === 'fill') return op;
      if (!scaleInDecode(op, op.src.size)) {
        const img = await env.decode(op.src.blob);
        owned.push(img);
        return { ...op, src: img };
      }
      const v = visibleCrop(op, op.src.size, size);
      if (!v) return undefined;
      const decode = () => env.decode(op.src.blob, v.crop);
      const isShared = op.layer === 'background' && shared !== noCache;
      const img = isShared ? await shared(`image ${input.preset.background} ${JSON.stringify(v.crop)}`, decode) : await decode();
      if (!isShared) owned.push(img);
      return { ...op, src: img, rect: { x: v.at.x, y: v.at.y, w: img.width, h: img.height } };
    }),
  );
  const frame = { ...size, ops: ops.filter((o): o is DrawOp<I> => o !== undefined) };
  return { frame, owned, ms: env.now() - t0 };
}

/** Draw a prepared frame on a surface; the surface and the compose time. */
export function composeFrame<I, S extends Surface<I, unknown>>(
  env: { now(): number },
  surfaceFor: (width: number, height: number) => S,
  input: RenderInput,
  prepared: Prepared<I>,
): { surface: S; composeMs: number } {
  const t0 = env.now();
  const { frame } = prepared;
  const surface = surfaceFor(frame.width, frame.height);
  drawFrame(surface.ctx, frame, (input.type ?? 'image/png') === 'image/jpeg');
  return { surface, composeMs: env.now() - t0 };
}
