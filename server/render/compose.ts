// The server's half of "what you see is what you download": a frame laid out by layoutFrame (the same
// function as the CSS preview and the worker) and drawn with sharp as src/render/compose.ts draws it on
// a canvas: background, reflection, shadow, beauty; opacities; saturate, then brightness (CSS order).
import sharp, { type OverlayOptions } from 'sharp';
import { visibleCrop } from '../../src/render/crop.ts';
import { frameSize, layoutFrame, type DrawOp, type RenderPreset, type Size } from '../../src/render/layout.ts';
import { alphaBox, reachOf, type Box } from './content-box.ts';

/** 8-bit RGBA, not premultiplied (sharp's raw output). */
export interface RawImage extends Size {
  data: Buffer;
  /** A decoded layer: where its alpha is not 0 (null: nowhere); undefined means everywhere. */
  content?: Box | null;
  /** A composed frame whose every pixel is opaque (its alpha channel can be dropped as is). */
  opaque?: boolean;
}

export interface DecodedLayers {
  beauty: RawImage;
  shadow?: RawImage;
  reflection?: RawImage;
  /** The vignette picture, when the preset's background is one. */
  background?: RawImage;
}

/** Decodes a stored picture to raw RGBA once, and finds its content; frames of a job reuse it at every width. */
export async function decodeRaw(input: Buffer | string): Promise<RawImage> {
  const { data, info } = await sharp(input).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, content: alphaBox(data, info.width, info.height) ?? null };
}

export const rawOf = (img: RawImage) => sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } });

export interface Rgba {
  r: number;
  g: number;
  b: number;
  alpha: number;
}

/** '#rgb', '#rrggbb', '#rrggbbaa' as RGBA; other CSS colours are left for sharp to read. */
export function parseColour(colour: string): Rgba | string {
  const hex = /^#([0-9a-f]{3,8})$/i.exec(colour.trim())?.[1];
  if (!hex || ![3, 6, 8].includes(hex.length)) return colour;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const byte = (i: number) => parseInt(full.slice(i, i + 2), 16);
  return { r: byte(0), g: byte(2), b: byte(4), alpha: full.length === 8 ? byte(6) / 255 : 1 };
}

/** saturate(s%) brightness(b%) from layoutFrame's filter string; undefined for 'none'. */
export function filterAmounts(filter: string): { saturate: number; brightness: number } | undefined {
  if (filter === 'none') return undefined;
  const pct = (name: string) => Number(new RegExp(`${name}\\(([\\d.]+)%\\)`).exec(filter)?.[1] ?? 100) / 100;
  return { saturate: pct('saturate'), brightness: pct('brightness') };
}

/**
 * The CSS filter chain on unpremultiplied pixels, as a canvas applies it: the saturate matrix of
 * Filter Effects (feColorMatrix, clamped), then brightness (clamped); and the layer's opacity on alpha.
 */
export function applyFilterAndOpacity(data: Buffer, filter: string, opacity: number): void {
  const f = filterAmounts(filter);
  if (!f && opacity >= 1) return;
  const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
  const s = f?.saturate ?? 1;
  const b = f?.brightness ?? 1;
  const m = [
    0.213 + 0.787 * s,
    0.715 - 0.715 * s,
    0.072 - 0.072 * s,
    0.213 - 0.213 * s,
    0.715 + 0.285 * s,
    0.072 - 0.072 * s,
    0.213 - 0.213 * s,
    0.715 - 0.715 * s,
    0.072 + 0.928 * s,
  ] as const;
  for (let i = 0; i < data.length; i += 4) {
    if (f) {
      const r = data[i]!,
        g = data[i + 1]!,
        bl = data[i + 2]!;
      data[i] = Math.round(clamp(clamp(m[0] * r + m[1] * g + m[2] * bl) * b));
      data[i + 1] = Math.round(clamp(clamp(m[3] * r + m[4] * g + m[5] * bl) * b));
      data[i + 2] = Math.round(clamp(clamp(m[6] * r + m[7] * g + m[8] * bl) * b));
    }
    if (opacity < 1) data[i + 3] = Math.round(data[i + 3]! * opacity);
  }
}

/**
 * One drawn layer: the visible part cropped and scaled as the worker's decode does (bilinear when
 * enlarging or near 1:1, a high-quality kernel when shrinking), then filter and opacity. The whole crop is
 * resized, but only the frame pixels its content reaches are computed and returned (libvips works on
 * demand): the same pixels at a fraction of the cost for a mostly transparent layer.
 */
async function drawLayer(op: DrawOp<RawImage> & { kind: 'image' }, frame: Size): Promise<OverlayOptions | undefined> {
  const v = visibleCrop(op, op.src, frame);
  if (!v || op.src.content === null) return undefined;
  const { crop, at } = v;
  // The outer columns and rows may round a pixel past the frame; composite refuses an overlay outside it.
  const clip = {
    x0: Math.max(0, at.x),
    y0: Math.max(0, at.y),
    x1: Math.min(at.x + crop.dw, frame.width),
    y1: Math.min(at.y + crop.dh, frame.height),
  };
  const r = op.src.content ? reachOf(op.src.content, crop, at, clip) : clip.x1 > clip.x0 && clip.y1 > clip.y0 ? clip : undefined;
  if (!r) return undefined;
  const width = r.x1 - r.x0;
  const height = r.y1 - r.y0;
  const data = await rawOf(op.src)
    .extract({ left: crop.sx, top: crop.sy, width: crop.sw, height: crop.sh })
    .resize(crop.dw, crop.dh, { fit: 'fill', kernel: op.rect.w < op.src.width * 0.75 ? 'lanczos3' : 'linear' })
    .extract({ left: r.x0 - at.x, top: r.y0 - at.y, width, height })
    .raw()
    .toBuffer();
  applyFilterAndOpacity(data, op.filter, op.opacity);
  return { input: data, raw: { width, height, channels: 4 }, left: r.x0, top: r.y0 };
}

/** Milliseconds spent per step, added up over a job's frames (the export bench reads them). */
export type StepTimes = Partial<Record<'resize' | 'compose' | 'encode' | 'search' | 'check' | 'zip', number>>;
export const addTime = (t: StepTimes | undefined, step: keyof StepTimes, since: number) => {
  if (t) t[step] = (t[step] ?? 0) + (performance.now() - since);
};

export interface ComposeOptions {
  /** JPEG and RGB outputs have no alpha: a transparent background becomes white, as the canvas does. */
  opaque?: boolean;
  /** resize: each layer cropped, scaled and filtered; compose: laid over the background. */
  timings?: StepTimes;
}

type Placed = OverlayOptions & { input: Buffer; raw: { width: number; height: number }; left: number; top: number };
const sharpCreate = (width: number, height: number, background: Rgba | string) =>
  sharp({ create: { width, height, channels: 4, background } });

/**
 * The overlays over a plain background. libvips blends every pixel of the frame, so only the box the
 * overlays cover is composited; the rest is the background's pixel, repeated (the same bytes).
 */
async function layOver(base: Rgba | string, size: Size, overlays: OverlayOptions[]): Promise<Buffer> {
  const placed = overlays.filter((o): o is Placed => Buffer.isBuffer(o.input) && !!o.raw);
  if (placed.length !== overlays.length || !placed.length)
    return sharpCreate(size.width, size.height, base).composite(overlays).raw().toBuffer();
  const x0 = Math.min(...placed.map((o) => o.left));
  const y0 = Math.min(...placed.map((o) => o.top));
  const w = Math.max(...placed.map((o) => o.left + o.raw.width)) - x0;
  const h = Math.max(...placed.map((o) => o.top + o.raw.height)) - y0;
  const [box, pixel] = await Promise.all([
    sharpCreate(w, h, base)
      .composite(placed.map((o) => ({ ...o, left: o.left - x0, top: o.top - y0 })))
      .raw()
      .toBuffer(),
    sharpCreate(1, 1, base).raw().toBuffer(),
  ]);
  const out = Buffer.alloc(size.width * size.height * 4, pixel);
  for (let y = 0; y < h; y++) box.copy(out, ((y0 + y) * size.width + x0) * 4, y * w * 4, (y + 1) * w * 4);
  return out;
}

/**
 * The frame as raw RGBA: `width` px wide with the beauty layer's aspect (as the worker renders), or
 * exactly `{width, height}` (a retailer's pixels; the product is contained in it, as layoutFrame says).
 */
export async function composeFrame(
  preset: RenderPreset,
  layers: DecodedLayers,
  width: number | Size,
  options: ComposeOptions = {},
): Promise<RawImage> {
  const sized = (img: RawImage | undefined) => img && { src: img, width: img.width, height: img.height };
  const size = typeof width === 'number' ? frameSize(width, layers.beauty) : width;
  const frame = layoutFrame(
    preset,
    {
      beauty: sized(layers.beauty)!,
      shadow: sized(layers.shadow),
      reflection: sized(layers.reflection),
      background: sized(layers.background),
    },
    size,
  );
  const first = frame.ops[0];
  const fill = first?.kind === 'fill' ? parseColour(first.color) : undefined;
  const seeThrough = typeof fill === 'object' && fill.alpha < 1;
  const white = { r: 255, g: 255, b: 255, alpha: 1 };
  // Opaque outputs start white; a colour with alpha then goes over it, as fillRect over the white fill does.
  const base = options.opaque ? (fill && !seeThrough ? fill : white) : (fill ?? { r: 0, g: 0, b: 0, alpha: 0 });
  const overlays: OverlayOptions[] = [];
  if (options.opaque && fill && seeThrough) {
    overlays.push({ input: { create: { width: size.width, height: size.height, channels: 4, background: fill } } });
  }
  let t = performance.now();
  for (const op of frame.ops) {
    if (op.kind !== 'image') continue;
    const o = await drawLayer(op, size);
    if (o) overlays.push(o);
  }
  addTime(options.timings, 'resize', t);
  t = performance.now();
  const data = await layOver(base, size, overlays);
  addTime(options.timings, 'compose', t);
  return {
    data,
    width: size.width,
    height: size.height,
    opaque: options.opaque || (typeof base === 'object' && base.alpha >= 1),
  };
}
