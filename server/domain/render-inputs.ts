// What the server's renders read: a stored preset as layoutFrame takes it, and the product's layer views.
import type { PresetSection } from '../../src/api/contract/rules/preset.ts';
import type { RenderPreset } from '../../src/render/layout.ts';
import type { Db } from '../db/index.ts';
import { layers } from './imagery-files.ts';
import { loadPreset } from './imagery-presets.ts';

export interface StoredPreset {
  id: number;
  productId: number;
  section: PresetSection;
  version: number;
  preset: RenderPreset;
}

/** A preset of the product (any section), or undefined; another product's preset looks missing. */
export async function storedPreset(db: Db, productId: number, presetId: number): Promise<StoredPreset | undefined> {
  const head = await db.one<{ section: PresetSection }>('SELECT section FROM product_presets WHERE id = $1 AND product_id = $2', [
    presetId,
    productId,
  ]);
  if (!head) return undefined;
  const row = await loadPreset(db, head.section, productId, presetId);
  if (!row) return undefined;
  const {
    background,
    hasShadow,
    shadow,
    hasReflection,
    reflection,
    saturation,
    brightness,
    image_scale,
    image_offset_x,
    image_offset_y,
    bg_scale,
    bg_offset_x,
    bg_offset_y,
  } = row as unknown as RenderPreset;
  const preset: RenderPreset = {
    section: head.section,
    background,
    hasShadow,
    shadow,
    hasReflection,
    reflection,
    saturation,
    brightness,
    image_scale,
    image_offset_x,
    image_offset_y,
    ...(head.section === 'vignette' && { bg_scale, bg_offset_x, bg_offset_y }),
  };
  return {
    id: presetId,
    productId,
    section: head.section,
    version: Number((row as unknown as { version: number }).version),
    preset,
  };
}

/** The product's layer views of a section, by angle (one for silo and vignette). */
export const viewLayers = (db: Db, productId: number, section: PresetSection) => layers(db, productId, section);
