// The render worker: layers fetched and decoded here with createImageBitmap (cropped and scaled where
// compose.ts says so), frames drawn on OffscreenCanvas and encoded with convertToBlob. In a pipeline,
// drawn frames leave as ImageBitmaps (transferred, not copied) for the peer worker to encode.
import * as Comlink from 'comlink';
import type { RenderEnv } from '../render/compose.ts';
import { createRenderApi, PICTURES_OFFLINE } from './render-api.ts';

const env: RenderEnv<ImageBitmap, ImageBitmap> = {
  async fetch(src) {
    if (typeof src !== 'string') return src;
    // Words for the person who asked for the zip, not a fetch's own ("Failed to fetch").
    const res = await fetch(src).catch(() => {
      throw new Error(PICTURES_OFFLINE);
    });
    if (!res.ok) throw new Error(`A picture of the product could not be loaded (the server answered ${res.status}).`);
    return res.blob();
  },
  decode: (blob, c) =>
    c
      ? createImageBitmap(blob, c.sx, c.sy, c.sw, c.sh, { resizeWidth: c.dw, resizeHeight: c.dh, resizeQuality: c.quality })
      : createImageBitmap(blob),
  release: (bitmap) => bitmap.close(),
  createSurface(width, height) {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No 2D context on OffscreenCanvas');
    return {
      ctx,
      encode: (type, quality) => canvas.convertToBlob({ type, quality }),
      // Reading one pixel makes Chromium run the recorded draws.
      flush: () => void ctx.getImageData(0, 0, 1, 1),
      take: () => canvas.transferToImageBitmap(),
    };
  },
  // Drawn onto an ordinary 2D canvas, not adopted by a bitmaprenderer context: WebKit 2.50 fails
  // convertToBlob at 3840 px on a bitmaprenderer canvas holding a transferred bitmap (decisions.md).
  encodeImage(bitmap, type, quality) {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No 2D context on OffscreenCanvas');
    ctx.drawImage(bitmap, 0, 0);
    bitmap.close();
    return canvas.convertToBlob({ type, quality });
  },
  transferList: (bitmap) => [bitmap],
  now: () => performance.now(),
};

const api = createRenderApi(env);
export type RenderApi = typeof api;

Comlink.expose(api);
