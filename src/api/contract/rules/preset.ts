// A preset (customization) of silo, vignette and 360 (document 3 §3, §5, §9), as data: its fields per
// section with their ranges, the defaults of a new one and the background rule. The server builds
// its schemas and fills a new row from here; the preset panel takes its controls' ranges and its
// defaults from here, and the data layer checks a preset with presetErrors before queuing it.
import { FLAG, labelled as l, number, tableErrors, text, type FieldErrors } from './check.ts';
import type { ValuesOf } from './schema.ts';

/** The automated sections, which have presets and layers. */
export const PRESET_SECTIONS = ['silo', 'vignette', '360'] as const;
export type PresetSection = (typeof PRESET_SECTIONS)[number];

/** §5: scale and offsets -1..1 in steps of 0.01 (silo and 360 product scale from 0). */
const unit = (min = -1) => number(min, 1, { step: 0.01 });
/** §5: percents, stored as plain numbers without the % sign. */
const percent = (max: number) => number(0, max, { step: 1, unit: '%' });

// Each field labelled as the preset panel names its control (issue 43): the words and the conflict
// dialog name it so.
const common = {
  background: l('Background', text(500, 1)),
  hasShadow: l('Drop Shadow on', FLAG),
  shadow: l('Drop Shadow', percent(100)),
  hasReflection: l('Reflection on', FLAG),
  reflection: l('Reflection', percent(100)),
  saturation: l('Saturation', percent(200)),
  brightness: l('Brightness', percent(200)),
  image_scale: l('Scale', unit(0)),
  image_offset_x: l('Horizontal Offset', unit()),
  image_offset_y: l('Vertical Offset', unit()),
};
/** Vignette's background transform. */
const backgroundTransform = {
  bg_scale: l('Background Scale', unit()),
  bg_offset_x: l('Background Horizontal Offset', unit()),
  bg_offset_y: l('Background Vertical Offset', unit()),
};

export const presetRules = {
  silo: common,
  '360': common,
  vignette: { ...common, image_scale: l('Scale', unit()), ...backgroundTransform },
} as const;

/** The preset fields of §3 as sent and stored (0/1 flags, percents without '%'); bg_ ones for vignette only. */
export type PresetValues = ValuesOf<typeof common> & Partial<ValuesOf<typeof backgroundTransform>>;
export type PresetField = keyof PresetValues;
export const presetKeys = (section: PresetSection) => Object.keys(presetRules[section]) as PresetField[];

/** §3 defaults: #ffffff (vignette: the product's first background), shadow on at 35 %, reflection on at 10 %, 100 %, 0. */
export function presetDefaults(section: PresetSection, firstBackground?: string): PresetValues {
  return {
    background: (section === 'vignette' && firstBackground) || '#ffffff',
    hasShadow: 1,
    shadow: 35,
    hasReflection: 1,
    reflection: 10,
    saturation: 100,
    brightness: 100,
    image_scale: 0,
    image_offset_x: 0,
    image_offset_y: 0,
    ...(section === 'vignette' && { bg_scale: 0, bg_offset_x: 0, bg_offset_y: 0 }),
  };
}

const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
/** 'none' (transparent) or a #rgb, #rrggbb or #rrggbbaa colour. */
export const isColour = (v: string) => v.trim().toLowerCase() === 'none' || COLOUR.test(v.trim());

/**
 * A background is a colour or, for vignette, one of the product's background pictures (the server
 * reads them from the database; a portal without the list leaves pictures to it). The message, or undefined.
 */
export function backgroundError(section: PresetSection, value: string, backgrounds?: readonly string[]): string | undefined {
  if (isColour(value)) return undefined;
  if (section !== 'vignette') return "The background must be a colour (#rrggbb) or 'none'.";
  return !backgrounds || backgrounds.includes(value.trim())
    ? undefined
    : "The background must be a colour (#rrggbb), 'none', or one of the product's backgrounds.";
}

/** Every broken rule of a preset's fields (those given), by field; `backgrounds`: the product's pictures. */
export function presetErrors(
  section: PresetSection,
  v: Readonly<Partial<Record<PresetField, unknown>>>,
  backgrounds?: readonly string[],
): FieldErrors {
  const errors = tableErrors(presetRules[section], v);
  if (!errors.background && typeof v.background === 'string') {
    const wrong = backgroundError(section, v.background, backgrounds);
    if (wrong) errors.background = [wrong];
  }
  return errors;
}
