// The preset panel's rules as pure functions (document 3 §2, §3, §4, §5, §9): the palette, each
// control's clamp and percent text (ranges, steps and defaults are the contract's preset rules),
// which slider is available, when Save shows, the tailor request's once-a-day rule, and upload wording.
import type { PresetSection, PresetValues } from '../../data/index.ts';
import type { FieldRule, NumberRule, RuleTable } from '../../api/contract/rules/check.ts';
import { presetDefaults, presetKeys, presetRules } from '../../api/contract/rules/preset.ts';
import { bgScalePercent, imageScalePercent, offsetPercent } from '../../render/layout.ts';
import { formatIsoDay } from '../../ui/format.ts';

export { bgScalePercent, imageScalePercent, offsetPercent };

/** §3: the silo and 360 palette ('none' is transparent), plus a free colour picker. */
export const PALETTE = [
  'none',
  '#ffffff',
  '#bababa',
  '#414141',
  '#000000',
  '#b4cf66',
  '#ffec5c',
  '#0897b4',
  '#f3d3b5',
  '#f0941f',
  '#ef6024',
  '#6df2ff',
  '#872626',
  '#efd806',
  '#c4eef2',
  '#a67458',
] as const;

/** §3 defaults of a new preset (the contract's, which the server fills a new row with). */
export const newPresetValues = presetDefaults;

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

/**
 * A control from the contract's rule of its field: range, step, whether it is a percent, and its
 * accessible name (the contract's label) where the label shown beside it is shorter ('Scale').
 */
function control(section: PresetSection, key: NumericKey, label: string): ControlSpec {
  const r = (presetRules[section] as RuleTable)[key] as Extract<FieldRule, NumberRule>;
  const name = r.label !== label ? r.label : undefined;
  return { key, label, min: r.min, max: r.max, step: r.step ?? 1, percent: r.unit === '%', ...(name && { name }) };
}

/** §5 ranges: scale and offsets -1..1 by 0.01 (product scale from 0 for silo and 360). */
export const productTransform = (section: PresetSection): ControlSpec[] => [
  control(section, 'image_scale', 'Scale'),
  control(section, 'image_offset_x', 'Horizontal Offset'),
  control(section, 'image_offset_y', 'Vertical Offset'),
];
export const BACKGROUND_TRANSFORM: ControlSpec[] = [
  control('vignette', 'bg_scale', 'Scale'),
  control('vignette', 'bg_offset_x', 'Horizontal Offset'),
  control('vignette', 'bg_offset_y', 'Vertical Offset'),
];
/** §5: shadow and reflection 0..100, saturation and brightness 0..200. */
export const SHADOW = control('silo', 'shadow', 'Drop Shadow');
export const REFLECTION = control('silo', 'reflection', 'Reflection');
export const SATURATION = control('silo', 'saturation', 'Saturation');
export const BRIGHTNESS = control('silo', 'brightness', 'Brightness');

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
export function sliderEnabled(
  key: NumericKey,
  v: Pick<PresetValues, 'hasShadow' | 'hasReflection'>,
  presetSelected: boolean,
): boolean {
  if (!presetSelected) return false;
  if (key === 'shadow' || key === 'image_offset_y') return !!v.hasShadow;
  if (key === 'reflection') return !!v.hasReflection;
  return true;
}

/** §2: Save shows only when something was edited, a preset is selected and the user may edit. */
export const saveVisible = (o: { edited: boolean; presetSelected: boolean; canEdit: boolean }) =>
  o.edited && o.presetSelected && o.canEdit;

/** Whether the draft differs from what it started from (the unsaved-changes flag of §4). */
export function isEdited(section: PresetSection, base: PresetValues, draft: PresetValues): boolean {
  return presetKeys(section).some((k) => base[k] !== draft[k]);
}

/** What a mapped value means on screen (vignette scales in percent; offsets as 50 % per unit). */
export function mappedHint(section: PresetSection, key: NumericKey, v: number): string | undefined {
  if (key === 'bg_scale') return `${Math.round(bgScalePercent(v))}%`;
  if (key === 'image_scale') return `${Math.round(imageScalePercent(section, v))}%`;
  return undefined;
}

/** Local date as YYYY-MM-DD (what the tailor request stores). */
export const localDay = (d: Date) => formatIsoDay(d);

/** §4: a page counts as already requested while its stored date is today or later. */
export const alreadyRequested = (stored: string | null | undefined, today: Date) => !!stored && stored >= localDay(today);

/** §5: the preset panel takes any image type the server decodes (the contract's upload kinds); only jpg, jpeg and png get a preview. */
export const previewable = (f: Pick<File, 'name'>) => /\.(jpe?g|png)$/i.test(f.name);

/** §4 upload wording. */
export const uploadingText = (n: number, m: number, noun = 'images') => `Uploading ${n} of ${m} ${noun}`;
/** Which file of m is being sent while `left` calls remain (a 360 batch adds its new-group call). */
export const uploadingIndex = (left: number, m: number) => Math.min(m, m - Math.min(left, m) + 1);
export const UPLOAD_COMPLETE = 'Upload complete';

/** §8: 'Error: ' and the server's message (or the network error's). */
export const errorText = (message: string) => (message.startsWith('Error: ') ? message : `Error: ${message}`);
