// Studio layers are mostly transparent (a product, its shadow, its reflection on a 2400 px square).
// A layer is still resized as a whole, so every pixel keeps the value it has today, but libvips computes
// only the pixels asked for: the frame pixels within reach of the layer's visible content.
import type { Crop } from '../../src/render/crop.ts';

/** Half-open pixel box [x0, x1) x [y0, y1). */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The smallest box holding every pixel whose alpha is not 0 (RGBA); undefined when there is none. */
export function alphaBox(data: Buffer, width: number, height: number): Box | undefined {
  const row = width * 4;
  const rowHas = (y: number) => {
    for (let i = y * row + 3, end = i + row; i < end; i += 4) if (data[i]) return true;
    return false;
  };
  let y0 = 0;
  while (y0 < height && !rowHas(y0)) y0++;
  if (y0 === height) return undefined;
  let y1 = height;
  while (!rowHas(y1 - 1)) y1--;
  // Columns: each row only looks left of the best left edge and right of the best right edge so far.
  let x0 = width;
  let x1 = 0;
  for (let y = y0; y < y1; y++) {
    const base = y * row + 3;
    for (let x = 0; x < x0; x++)
      if (data[base + x * 4]) {
        x0 = x;
        break;
      }
    for (let x = width - 1; x >= x1; x--)
      if (data[base + x * 4]) {
        x1 = x + 1;
        break;
      }
  }
  return { x0, y0, x1, y1 };
}

/**
 * The frame pixels a layer's content can reach once `crop` is scaled and placed at `at`, widened by the
 * resampling kernel's reach (lanczos3 or bilinear, plus libvips' box pre-shrink) and clipped to `clip`.
 */
export function reachOf(content: Box, crop: Crop, at: { x: number; y: number }, clip: Box): Box | undefined {
  const axis = (c0: number, c1: number, s: number, sLen: number, dLen: number, pos: number, lo: number, hi: number) => {
    const f = dLen / sLen;
    const margin = Math.ceil(2 * Math.max(1, f)) + 4;
    const a = Math.max(lo, pos + Math.floor((c0 - s) * f) - margin);
    const b = Math.min(hi, pos + Math.ceil((c1 - s) * f) + margin);
    return b > a ? ([a, b] as const) : undefined;
  };
  const x = axis(content.x0, content.x1, crop.sx, crop.sw, crop.dw, at.x, clip.x0, clip.x1);
  const y = axis(content.y0, content.y1, crop.sy, crop.sh, crop.dh, at.y, clip.y0, clip.y1);
  return x && y ? { x0: x[0], x1: x[1], y0: y[0], y1: y[1] } : undefined;
}
