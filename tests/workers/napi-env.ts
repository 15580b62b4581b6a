// @napi-rs/canvas standing in for OffscreenCanvas and createImageBitmap, for the Node tests.
import { createCanvas, loadImage, type Canvas, type Image } from '@napi-rs/canvas';
import type { Ctx2D, ImageType, RenderEnv } from '../../src/render/compose.ts';

/** A drawn frame as plain pixels: structured-cloneable, and its buffer transferable, like an ImageBitmap. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

async function encodeCanvas(canvas: Canvas, type: ImageType, quality: number | undefined): Promise<Blob> {
  const buf =
    type === 'image/jpeg' ? await canvas.encode('jpeg', Math.round((quality ?? 0.92) * 100)) : await canvas.encode('png');
  return new Blob([new Uint8Array(buf)], { type });
}

export interface NapiEnvStats {
  loaded: number;
  released: number;
}

/** `sources` maps layer addresses to PNG bytes (no network in unit tests). */
export function napiEnv(sources: Record<string, Uint8Array> = {}): RenderEnv<Image | Canvas, Pixels> & { stats: NapiEnvStats } {
  const stats = { loaded: 0, released: 0 };
  return {
    stats,
    async fetch(src) {
      if (typeof src !== 'string') return src;
      const bytes = sources[src];
      if (!bytes) throw new Error(`unknown layer ${src}`);
      return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' });
    },
    async decode(blob, c) {
      stats.loaded++;
      const img = await loadImage(Buffer.from(await blob.arrayBuffer()));
      if (!c) return img;
      const out = createCanvas(c.dw, c.dh);
      const ctx = out.getContext('2d');
      ctx.imageSmoothingQuality = c.quality;
      ctx.drawImage(img, c.sx, c.sy, c.sw, c.sh, 0, 0, c.dw, c.dh);
      return out;
    },
    release: () => void stats.released++,
    createSurface(width, height) {
      const canvas = createCanvas(width, height);
      const ctx = canvas.getContext('2d') as unknown as Ctx2D<Image | Canvas>;
      return {
        ctx,
        encode: (type, quality) => encodeCanvas(canvas, type, quality),
        flush: () => undefined, // @napi-rs/canvas draws at once
        take() {
          const { data } = canvas.getContext('2d').getImageData(0, 0, width, height);
          ctx.clearRect(0, 0, width, height);
          return { width, height, data };
        },
      };
    },
    encodeImage(frame, type, quality) {
      const canvas = createCanvas(frame.width, frame.height);
      const ctx = canvas.getContext('2d');
      const image = ctx.createImageData(frame.width, frame.height);
      image.data.set(frame.data);
      ctx.putImageData(image, 0, 0);
      return encodeCanvas(canvas, type, quality);
    },
    transferList: (frame) => [frame.data.buffer as ArrayBuffer],
    now: () => performance.now(),
  };
}

/** A PNG of the given size drawn by `paint`. */
export function png(
  width: number,
  height: number,
  paint: (ctx: ReturnType<ReturnType<typeof createCanvas>['getContext']>) => void,
): Uint8Array {
  const c = createCanvas(width, height);
  paint(c.getContext('2d'));
  return new Uint8Array(c.toBuffer('image/png'));
}

/** RGBA at (x, y) of an encoded image. */
export async function pixelAt(blob: Blob, x: number, y: number): Promise<number[]> {
  const img = await loadImage(Buffer.from(await blob.arrayBuffer()));
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return Array.from(ctx.getImageData(x, y, 1, 1).data);
}

export async function sizeOf(bytes: Uint8Array | Blob): Promise<{ width: number; height: number }> {
  const buf = bytes instanceof Blob ? new Uint8Array(await bytes.arrayBuffer()) : bytes;
  const img = await loadImage(Buffer.from(buf));
  return { width: img.width, height: img.height };
}
