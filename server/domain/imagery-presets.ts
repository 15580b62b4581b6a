// Presets (customizations) of silo, vignette and 360: the rules the schema cannot say (background,
// defaults, the per-section cap), and the rows as the API answers them.
import type { PresetSection } from '../../src/api/contract/imagery-schemas.ts';
import type { Db } from '../db/index.ts';
import { fieldError } from '../http/errors.ts';
import { BUMP, iso } from './products.ts';

/** A product may keep this many presets per section (a careless client cannot fill the table). */
export const MAX_PRESETS = 50;

/** API field -> column; the bg_ fields are vignette's only. */
const COMMON = {
  background: 'background', hasShadow: 'has_shadow', shadow: 'shadow', hasReflection: 'has_reflection',
  reflection: 'reflection', saturation: 'saturation', brightness: 'brightness',
  image_scale: 'image_scale', image_offset_x: 'image_offset_x', image_offset_y: 'image_offset_y',
} as const;
const BG = { bg_scale: 'bg_scale', bg_offset_x: 'bg_offset_x', bg_offset_y: 'bg_offset_y' } as const;
export const columnsOf = (section: PresetSection): Record<string, string> => (section === 'vignette' ? { ...COMMON, ...BG } : COMMON);

export type PresetValues = Record<string, string | number>;

/** The defaults of §3 for a new preset; a vignette starts on the product's first background. */
export function presetDefaults(section: PresetSection, firstBackground?: string): PresetValues {
  return {
    background: (section === 'vignette' && firstBackground) || '#ffffff',
    hasShadow: 1, shadow: 35, hasReflection: 1, reflection: 10, saturation: 100, brightness: 100,
    image_scale: 0, image_offset_x: 0, image_offset_y: 0,
    ...(section === 'vignette' && { bg_scale: 0, bg_offset_x: 0, bg_offset_y: 0 }),
  };
}

/** Only the preset fields of the section, of those sent (the schema checked their ranges). */
export function presetValues(section: PresetSection, body: Record<string, unknown>): PresetValues {
  const out: PresetValues = {};
  for (const k of Object.keys(columnsOf(section))) if (body[k] !== undefined) out[k] = body[k] as string | number;
  return out;
}

const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export async function backgroundsOf(db: Db, productId: number): Promise<string[]> {
  const rows = await db.query<{ path: string }>('SELECT path FROM product_backgrounds WHERE product_id = $1 ORDER BY position, id', [productId]);
  return rows.map((r) => r.path);
}

/**
 * A background is 'none', a #rgb/#rrggbb/#rrggbbaa colour (stored lower-case), or for vignette one
 * of the product's background pictures; anything else is refused.
 */
export async function checkBackground(db: Db, section: PresetSection, productId: number, value: string): Promise<string> {
  const v = value.trim();
  if (v.toLowerCase() === 'none' || COLOUR.test(v)) return v.toLowerCase();
  if (section === 'vignette') {
    if ((await backgroundsOf(db, productId)).includes(v)) return v;
    throw fieldError('background', "The background must be a colour (#rrggbb), 'none', or one of the product's backgrounds.");
  }
  throw fieldError('background', "The background must be a colour (#rrggbb) or 'none'.");
}

const selectList = (section: PresetSection) =>
  ['id', 'id AS id_product_config', 'product_id AS id_product',
    ...Object.entries(columnsOf(section)).map(([api, col]) => (api === col ? col : `${col} AS "${api}"`)),
    'version', 'created_at', 'updated_at'].join(', ');

type Raw = Record<string, unknown> & { id: number; created_at: Date | string; updated_at: Date | string };
const mapRow = (r: Raw) => ({ ...r, created_at: iso(r.created_at), updated_at: iso(r.updated_at) });

export async function listPresets(db: Db, section: PresetSection, productId: number) {
  const rows = await db.query<Raw>(
    `SELECT ${selectList(section)} FROM product_presets WHERE product_id = $1 AND section = $2 ORDER BY id`, [productId, section]);
  return rows.map(mapRow);
}

/** One preset of this product and section (another product's id looks missing); FOR UPDATE inside a tx. */
export async function loadPreset(db: Db, section: PresetSection, productId: number, id: number, lock = false) {
  const r = await db.one<Raw>(
    `SELECT ${selectList(section)} FROM product_presets WHERE id = $1 AND product_id = $2 AND section = $3${lock ? ' FOR UPDATE' : ''}`,
    [id, productId, section]);
  return r && mapRow(r);
}

export async function insertPreset(db: Db, section: PresetSection, productId: number, userId: number, v: PresetValues) {
  const cols = columnsOf(section);
  const keys = Object.keys(cols);
  const r = await db.one<Raw>(
    `INSERT INTO product_presets (product_id, section, created_by, ${keys.map((k) => cols[k]).join(', ')})
     VALUES ($1, $2, $3, ${keys.map((_, i) => `$${i + 4}`).join(', ')}) RETURNING ${selectList(section)}`,
    [productId, section, userId, ...keys.map((k) => v[k])]);
  return mapRow(r!);
}

/** Writes the fields sent; version and updated_at move even when nothing else does (a save is a save). */
export async function updatePreset(db: Db, section: PresetSection, id: number, v: PresetValues) {
  const cols = columnsOf(section);
  const keys = Object.keys(v);
  const sets = keys.map((k, i) => `${cols[k]} = $${i + 2}`);
  const r = await db.one<Raw>(
    `UPDATE product_presets SET ${[...sets, 'version = version + 1', BUMP].join(', ')}
      WHERE id = $1 RETURNING ${selectList(section)}`,
    [id, ...keys.map((k) => v[k])]);
  return mapRow(r!);
}
