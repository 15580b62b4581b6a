// The demo's studio layers, drawn from each kind's 3D model (demo-models.ts): beauty (the lit model on
// a transparent ground), shadow (soft contact and cast shadows) and reflection (the model mirrored
// under a glossy floor, fading out). Drawn in a 2400-unit square at any pixel size (DEMO_LAYER_PX:
// 2400 px by default, so no demo retailer's size enlarges them), on first read (demo-files.ts); the
// seed's pictures of products come from the same code.
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { ELEVATION, HANGING, MODELS } from './demo-models.ts';
import { frame, modelSvg, project, type Camera } from './demo-render.ts';
import type { Part } from './demo-shapes.ts';
import { shadowSvg } from './demo-shadow.ts';
import type { Kind } from './seed-kinds.ts';

/** The side of the square every demo drawing is made in (SVG units), whatever its size in pixels. */
const DEMO_UNITS = 2400;

/** The kind's model in one finish, at its catalogue size or at `size` (height, width, depth in inches). */
export function partsOf(kind: Kind, colour: string, size: readonly number[] = kind.size): Part[] {
  const [h, w, d] = size.map((v) => v * 0.0254) as [number, number, number];
  return MODELS[kind.slug]!(colour, w, h, d);
}

const scenes = new Map<string, { parts: Part[]; cam: Camera }>();
function scene(kind: Kind, variant: number) {
  const key = `${kind.slug}-${variant}`;
  if (!scenes.has(key)) {
    const parts = partsOf(kind, kind.colours[variant as 0 | 1]);
    scenes.set(key, { parts, cam: frame(parts, DEMO_UNITS, ELEVATION[kind.slug] ?? 12, HANGING.has(kind.slug)) });
  }
  return scenes.get(key)!;
}

const svg = (inner: string, width: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${width}" viewBox="0 0 ${DEMO_UNITS} ${DEMO_UNITS}">${inner}</svg>`,
  );
const png = (img: Sharp) => img.png({ compressionLevel: 6 }).toBuffer();
const rawPng = (data: Buffer, width: number) => png(sharp(data, { raw: { width, height: width, channels: 4 } }));
const empties = new Map<number, Promise<Buffer>>();
const empty = (width: number) => {
  if (!empties.has(width)) empties.set(width, rawPng(Buffer.alloc(width * width * 4), width));
  return empties.get(width)!;
};

export function beauty(kind: Kind, variant: number, angle: number, width: number): Promise<Buffer> {
  const { parts, cam } = scene(kind, variant);
  return png(sharp(svg(modelSvg(parts, cam, angle, false, width > 800), width)));
}

/** The model mirrored under the floor, fading out below the floor line (a glossy floor). */
export async function reflection(kind: Kind, variant: number, angle: number, width: number): Promise<Buffer> {
  if (HANGING.has(kind.slug)) return empty(width);
  const { parts, cam } = scene(kind, variant);
  const { data } = await sharp(svg(modelSvg(parts, cam, angle, true, width > 800), width))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scale = width / DEMO_UNITS;
  const floor = project(cam, [0, 0, 0])[1] * scale;
  const fade = (floor - project(cam, [0, cam.top, 0])[1] * scale) * 0.45;
  for (let y = 0; y < width; y++) {
    const f = 0.85 * (y < floor ? 1 : Math.max(0, 1 - (y - floor) / fade) ** 2);
    for (let i = y * width * 4 + 3, end = (y + 1) * width * 4; i < end; i += 4) data[i] = Math.round(data[i]! * f);
  }
  return rawPng(data, width);
}

/**
 * The model on a backdrop, for catalogue pictures and customer photos: `under` (SVG elements in the
 * layers' 2400-unit square) first, then the shadow, the model and `over`.
 */
export async function studioPicture(
  kind: Kind,
  variant: number,
  angle: number,
  width: number,
  under: string,
  over = '',
): Promise<Sharp> {
  const { parts, cam } = scene(kind, variant);
  const layers: OverlayOptions[] = [];
  if (!HANGING.has(kind.slug)) {
    const small = Math.max(40, Math.round(width / 8));
    const alpha = await sharp(svg(shadowSvg(parts, cam, angle), small))
      .ensureAlpha()
      .extractChannel(3)
      .raw()
      .toBuffer();
    layers.push({ input: enlargeAlpha(alpha, small, width), raw: { width, height: width, channels: 4 } });
  }
  layers.push({ input: svg(modelSvg(parts, cam, angle, false, width > 800) + over, width) });
  return sharp(svg(under, width)).composite(layers);
}

/**
 * Soft shadows (contact, cast by a high key light, ambient), drawn at an eighth of the size and enlarged
 * bilinearly here: they hold no detail, and libvips' enlargement costs five times the drawing.
 */
export async function shadow(kind: Kind, angle: number, width: number): Promise<Buffer> {
  if (HANGING.has(kind.slug)) return empty(width);
  const { parts, cam } = scene(kind, 0);
  const small = Math.max(100, Math.round(width / 8));
  const alpha = await sharp(svg(shadowSvg(parts, cam, angle), small))
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer();
  return rawPng(enlargeAlpha(alpha, small, width), width);
}

/** A w x w alpha plane enlarged to `to` x `to` black RGBA pixels (bilinear). */
function enlargeAlpha(a: Buffer, w: number, to: number): Buffer {
  const out = Buffer.alloc(to * to * 4);
  const f = w / to;
  const x0 = new Int32Array(to);
  const wx = new Float32Array(to);
  for (let x = 0; x < to; x++) {
    const sx = Math.min(w - 1.001, Math.max(0, (x + 0.5) * f - 0.5));
    x0[x] = Math.floor(sx);
    wx[x] = sx - x0[x]!;
  }
  for (let y = 0; y < to; y++) {
    const sy = Math.min(w - 1.001, Math.max(0, (y + 0.5) * f - 0.5));
    const r0 = Math.floor(sy) * w;
    const r1 = r0 + w;
    const wy = sy - Math.floor(sy);
    for (let x = 0, o = y * to * 4 + 3; x < to; x++, o += 4) {
      const i = x0[x]!;
      const t = wx[x]!;
      const top = a[r0 + i]! + (a[r0 + i + 1]! - a[r0 + i]!) * t;
      const bottom = a[r1 + i]! + (a[r1 + i + 1]! - a[r1 + i]!) * t;
      out[o] = (top + (bottom - top) * wy + 0.5) | 0;
    }
  }
  return out;
}
