// The preset panel's rules as pure functions (document 3 §2, §3, §4, §5, §9): the palette, the
// defaults of a new preset, each control's range, step and clamp, percent text, which slider is
// available, when Save shows, the tailor request's once-a-day rule, and upload wording.
import type { PresetSection, PresetValues } from '../../data/index.ts';
import { bgScalePercent, imageScalePercent, offsetPercent } from '../../render/layout.ts';

export { bgScalePercent, imageScalePercent, offsetPercent };

/** §3: the silo and 360 palette ('none' is transparent), plus a free colour picker. */
export const PALETTE = [
  'none', '#ffffff', '#bababa', '#414141', '#000000', '#b4cf66', '#ffec5c', '#0897b4',
  '#f3d3b5', '#f0941f', '#ef6024', '#6df2ff', '#872626', '#efd806', '#c4eef2', '#a67458',
] as const;

/** A free colour as the picker gives it (#rrggbb); 'none' and palette values pass too. */
export const isColour = (v: string) => v === 'none' || /^#[0-9a-f]{6}$/i.test(v.trim());

/** §3 defaults: #ffffff (vignette: the first background), shadow on at 35 %, reflection on at 10 %, 100 %, 0. */
export function newPresetValues(section: PresetSection, firstBackground?: string): PresetValues {
  return {
    background: (section === 'vignette' && firstBackground) || '#ffffff',
    hasShadow: 1, shadow: 35, hasReflection: 1, reflection: 10, saturation: 100, brightness: 100,
    image_scale: 0, image_offset_x: 0, image_offset_y: 0,
    ...(section === 'vignette' && { bg_scale: 0, bg_offset_x: 0, bg_offset_y: 0 }),
  };
}

export type NumericKey = Exclude<keyof PresetValues, 'background' | 'hasShadow' | 'hasReflection'>;

export interface ControlSpec {
  key: NumericKey;
  label: string;
  min: number;
  max: number;
  step: number;
  /** Percent text ('35%'), else a transform value with two decimals. */
  percent: boolean;
  /** The accessible name when the label alone is ambiguous ('Background scale'). */
  name?: string;
}

const unit = (key: NumericKey, label: string, min = -1): ControlSpec => ({ key, label, min, max: 1, step: 0.01, percent: false });
const pct = (key: NumericKey, label: string, max: number): ControlSpec => ({ key, label, min: 0, max, step: 1, percent: true });

/**
 * §5 ranges: scale and offsets -1..1 by 0.01 (product scale from 0 for silo and 360, whose server
 * range is 0..1), shadow and reflection 0..100, saturation and brightness 0..200.
 */
export const productTransform = (section: PresetSection): ControlSpec[] => [
  unit('image_scale', 'Scale', section === 'vignette' ? -1 : 0),
  unit('image_offset_x', 'Horizontal Offset'),
  unit('image_offset_y', 'Vertical Offset'),
];
export const BACKGROUND_TRANSFORM: ControlSpec[] = [
  { ...unit('bg_scale', 'Scale'), name: 'Background Scale' },
  { ...unit('bg_offset_x', 'Horizontal Offset'), name: 'Background Horizontal Offset' },
  { ...unit('bg_offset_y', 'Vertical Offset'), name: 'Background Vertical Offset' },
];
export const SHADOW = pct('shadow', 'Drop Shadow', 100);
export const REFLECTION = pct('reflection', 'Reflection', 100);
export const SATURATION = pct('saturation', 'Saturation', 200);
export const BRIGHTNESS = pct('brightness', 'Brightness', 200);

const clampTo = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
/** Two decimals at most, without float dust (0.1 + 0.2). */
export const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * A typed value, clamped to the control's range (§5: transform text to -1..1, product scale from 0;
 * percents to their range). Undefined when nothing numeric was typed (the field goes back).
 */
export function parseControl(spec: ControlSpec, text: string): number | undefined {
  const n = Number(text.trim().replace(/%$/, '').trim().replace(',', '.'));
  if (!text.trim() || !Number.isFinite(n)) return undefined;
  return spec.percent ? Math.round(clampTo(n, spec.min, spec.max)) : round2(clampTo(n, spec.min, spec.max));
}

/** §5: percent text gets a '%' when it lacks one. */
export const withPercent = (text: string) => (text.trim().endsWith('%') ? text.trim() : `${text.trim()}%`);

/** How a control's value reads in its text field. */
export const controlText = (spec: ControlSpec, v: number) => (spec.percent ? withPercent(String(v)) : v.toFixed(2));

/**
 * §5 slider availability: only with a preset selected; the shadow slider and the vertical offset
 * with the shadow on, the reflection slider with the reflection on.
 */
export function sliderEnabled(key: NumericKey, v: Pick<PresetValues, 'hasShadow' | 'hasReflection'>, presetSelected: boolean): boolean {
  if (!presetSelected) return false;
  if (key === 'shadow' || key === 'image_offset_y') return !!v.hasShadow;
  if (key === 'reflection') return !!v.hasReflection;
  return true;
}

/** §2: Save shows only when something was edited, a preset is selected and the user may edit. */
export const saveVisible = (o: { edited: boolean; presetSelected: boolean; canEdit: boolean }) => o.edited && o.presetSelected && o.canEdit;

/** Whether the draft differs from what it started from (the unsaved-changes flag of §4). */
export function isEdited(section: PresetSection, base: PresetValues, draft: PresetValues): boolean {
  const keys = Object.keys(newPresetValues(section)) as (keyof PresetValues)[];
  return keys.some((k) => base[k] !== draft[k]);
}

/** What a mapped value means on screen (vignette scales in percent; offsets as 50 % per unit). */
export function mappedHint(section: PresetSection, key: NumericKey, v: number): string | undefined {
  if (key === 'bg_scale') return `${Math.round(bgScalePercent(v))}%`;
  if (key === 'image_scale') return `${Math.round(imageScalePercent(section, v))}%`;
  return undefined;
}

/** Local date as YYYY-MM-DD (what the tailor request stores). */
export const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** §4: a page counts as already requested while its stored date is today or later. */
export const alreadyRequested = (stored: string | null | undefined, today: Date) => !!stored && stored >= localDay(today);

/** §5: any image type is accepted; only jpg, jpeg and png get a preview. */
export const IMAGE_ACCEPT = 'image/*,.jpg,.jpeg,.png,.webp,.gif,.tif,.tiff,.avif';
export const previewable = (f: Pick<File, 'name'>) => /\.(jpe?g|png)$/i.test(f.name);
/** The export formats of the terms: video mp4 and mov (webm also plays); 3D files fbx, obj, blend, glb, usdz. */
export const VIDEO_ACCEPT = '.mp4,.mov,.webm';
export const MODEL_ACCEPT = '.fbx,.obj,.blend,.glb,.usdz';

/** §4 upload wording. */
export const uploadingText = (n: number, m: number, noun = 'images') => `Uploading ${n} of ${m} ${noun}`;
/** Which file of m is being sent while `left` calls remain (a 360 batch adds its new-group call). */
export const uploadingIndex = (left: number, m: number) => Math.min(m, m - Math.min(left, m) + 1);
export const UPLOAD_COMPLETE = 'Upload complete';

/** §8: 'Error: ' and the server's message (or the network error's). */
export const errorText = (message: string) => (message.startsWith('Error: ') ? message : `Error: ${message}`);
