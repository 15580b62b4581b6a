// One pure layout for a frame: the CSS preview, the worker (canvas) and the server (sharp) all draw
// this list, so what the customer sees is what they download. Mappings: specs 03 §5, docs/decisions.md.

export type Section = 'silo' | '360' | 'vignette';

/** The preset fields that drive a frame (specs 03 §3), as stored: numbers, percents without '%'. */
export interface RenderPreset {
  section: Section;
  /** '#rrggbb' (or any CSS colour), 'none' for transparent, or for vignette a picture's address. */
  background: string;
  hasShadow: number | boolean;
  shadow: number;
  hasReflection: number | boolean;
  reflection: number;
  saturation: number;
  brightness: number;
  image_scale: number;
  image_offset_x: number;
  image_offset_y: number;
  bg_scale?: number;
  bg_offset_x?: number;
  bg_offset_y?: number;
}

export type LayerName = 'background' | 'reflection' | 'shadow' | 'beauty';

/** A layer with its natural size; S is whatever the consumer draws (URL, ImageBitmap, Image…). */
export interface Sized<S> {
  src: S;
  width: number;
  height: number;
}

export interface FrameLayers<S> {
  beauty: Sized<S>;
  shadow?: Sized<S>;
  reflection?: Sized<S>;
  /** The vignette picture, when the preset's background is one. */
  background?: Sized<S>;
}

export interface Size {
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type DrawOp<S> =
  | { kind: 'fill'; layer: 'background'; color: string }
  | { kind: 'image'; layer: LayerName; src: S; rect: Rect; opacity: number; filter: string };

export interface Frame<S> extends Size {
  ops: DrawOp<S>[];
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, Number.isFinite(v) ? v : 0));

/** Background scale -1..1 → 100..200 % (vignette). */
export const bgScalePercent = (s: number): number => 150 + 50 * clamp(s, -1, 1);

/** Image scale: vignette -1..1 → 75..175 %; silo and 360 (minimum 0) 0..1 → 100..200 %. */
export const imageScalePercent = (section: Section, s: number): number =>
  section === 'vignette' ? 125 + 50 * clamp(s, -1, 1) : 100 + 100 * clamp(s, 0, 1);

/** Image offset: 50 per unit, in percent of the frame's width (x) or height (y); +x right, +y down. */
export const offsetPercent = (o: number): number => 50 * clamp(o, -1, 1);

/** Background offset -1..1 pans across the picture's overflow, so the picture always covers the frame. */
export const bgOffsetShift = (o: number, overflow: number): number => (clamp(o, -1, 1) * Math.max(0, overflow)) / 2;

/** Shadow or reflection opacity 0..1; 0 when the layer is switched off. */
export const layerOpacity = (on: number | boolean, percent: number): number => (on ? clamp(percent, 0, 100) / 100 : 0);

/** The beauty layer's filter; saturation first, then brightness, both 0..200 %. */
export function productFilter(saturation: number, brightness: number): string {
  const sat = clamp(saturation, 0, 200);
  const bri = clamp(brightness, 0, 200);
  return sat === 100 && bri === 100 ? 'none' : `saturate(${sat}%) brightness(${bri}%)`;
}

/** Whether the preset's background is a picture to fetch (vignette) rather than a colour. */
export function hasPictureBackground(preset: RenderPreset): boolean {
  const bg = preset.background.trim();
  return preset.section === 'vignette' && bg !== '' && !/^(#|none$|transparent$|rgba?\(|hsla?\()/i.test(bg);
}

/** The frame takes the beauty layer's aspect (all three layers are renders of the same frame). */
export const frameSize = (width: number, beauty: Size): Size => ({
  width: Math.round(width),
  height: Math.max(1, Math.round((width * beauty.height) / beauty.width)),
});

/**
 * How many frame pixels one pixel of the product's layers becomes: contained in the frame, then the
 * preset's scale. Above 1 the frame is drawn larger than its source (the export's UPSCALED check).
 */
export const productScale = (preset: Pick<RenderPreset, 'section' | 'image_scale'>, beauty: Size, frame: Size): number =>
  Math.min(frame.width / beauty.width, frame.height / beauty.height) *
  (imageScalePercent(preset.section, preset.image_scale) / 100);

export function layoutFrame<S>(preset: RenderPreset, layers: FrameLayers<S>, size: Size): Frame<S> {
  const { width: W, height: H } = size;
  const ops: DrawOp<S>[] = [];

  if (layers.background && hasPictureBackground(preset)) {
    // Cover the frame, then scale about the centre and pan within the overflow.
    const bg = layers.background;
    const k = Math.max(W / bg.width, H / bg.height) * (bgScalePercent(preset.bg_scale ?? 0) / 100);
    const w = bg.width * k;
    const h = bg.height * k;
    const x = (W - w) / 2 + bgOffsetShift(preset.bg_offset_x ?? 0, w - W);
    const y = (H - h) / 2 + bgOffsetShift(preset.bg_offset_y ?? 0, h - H);
    ops.push({ kind: 'image', layer: 'background', src: bg.src, rect: { x, y, w, h }, opacity: 1, filter: 'none' });
  } else if (!/^(none|transparent)?$/i.test(preset.background.trim())) {
    ops.push({ kind: 'fill', layer: 'background', color: preset.background.trim() });
  }

  // One transform for the three product layers: contain, scale about the centre, offset.
  const b = layers.beauty;
  const k = productScale(preset, b, size);
  const w = b.width * k;
  const h = b.height * k;
  const rect: Rect = {
    x: (W - w) / 2 + (offsetPercent(preset.image_offset_x) / 100) * W,
    y: (H - h) / 2 + (offsetPercent(preset.image_offset_y) / 100) * H,
    w,
    h,
  };

  const reflection = layerOpacity(preset.hasReflection, preset.reflection);
  if (layers.reflection && reflection > 0) {
    ops.push({ kind: 'image', layer: 'reflection', src: layers.reflection.src, rect, opacity: reflection, filter: 'none' });
  }
  const shadow = layerOpacity(preset.hasShadow, preset.shadow);
  if (layers.shadow && shadow > 0) {
    ops.push({ kind: 'image', layer: 'shadow', src: layers.shadow.src, rect, opacity: shadow, filter: 'none' });
  }
  const filter = productFilter(preset.saturation, preset.brightness);
  ops.push({ kind: 'image', layer: 'beauty', src: b.src, rect, opacity: 1, filter });

  return { width: W, height: H, ops };
}
