// Presets (customizations) of silo, vignette and 360: the rules the schema cannot say (the background
// among the product's pictures, the per-section cap; the fields, ranges and defaults are the
// contract's, src/api/contract/rules/preset.ts), and the rows as the API answers them.
import {
  backgroundError,
  isColour,
  presetKeys,
  type PresetField,
  type PresetSection,
  type PresetValues,
} from '../../src/api/contract/rules/preset.ts';
import type { Db } from '../db/index.ts';
import { fieldError } from '../http/errors.ts';
import { BUMP, iso } from './products.ts';

/** A product may keep this many presets per section (a careless client cannot fill the table). */
export const MAX_PRESETS = 50;

/** API field -> column: the same name but the two flags. */
const COLUMN: Partial<Record<PresetField, string>> = { hasShadow: 'has_shadow', hasReflection: 'has_reflection' };
const columnsOf = (section: PresetSection): Record<string, string> =>
  Object.fromEntries(presetKeys(section).map((k) => [k, COLUMN[k] ?? k]));

/** Only the preset fields of the section, of those sent (the schema checked their ranges). */
export function presetValues(section: PresetSection, body: Record<string, unknown>): Partial<PresetValues> {
  return Object.fromEntries(
    presetKeys(section)
      .filter((k) => body[k] !== undefined)
      .map((k) => [k, body[k]]),
  );
}

export async function backgroundsOf(db: Db, productId: number): Promise<string[]> {
  const rows = await db.query<{ path: string }>(
    'SELECT path FROM product_backgrounds WHERE product_id = $1 ORDER BY position, id',
    [productId],
  );
  return rows.map((r) => r.path);
}

/** The contract's background rule with the product's pictures; a colour is stored lower-case. */
export async function checkBackground(db: Db, section: PresetSection, productId: number, value: string): Promise<string> {
  const v = value.trim();
  if (isColour(v)) return v.toLowerCase();
  const wrong = backgroundError(section, v, section === 'vignette' ? await backgroundsOf(db, productId) : []);
  if (wrong) throw fieldError('background', wrong);
  return v;
}

const selectList = (section: PresetSection) =>
  [
    'id',
    'id AS id_product_config',
    'product_id AS id_product',
    ...Object.entries(columnsOf(section)).map(([api, col]) => (api === col ? col : `${col} AS "${api}"`)),
    'number',
    'version',
    'created_at',
    'updated_at',
  ].join(', ');

type Raw = Record<string, unknown> & { id: number; created_at: Date | string; updated_at: Date | string };
const mapRow = (r: Raw) => ({ ...r, created_at: iso(r.created_at), updated_at: iso(r.updated_at) });

export async function listPresets(db: Db, section: PresetSection, productId: number) {
  const rows = await db.query<Raw>(
    `SELECT ${selectList(section)} FROM product_presets WHERE product_id = $1 AND section = $2 ORDER BY id`,
    [productId, section],
  );
  return rows.map(mapRow);
}

/** One preset of this product and section (another product's id looks missing); FOR UPDATE inside a tx. */
export async function loadPreset(db: Db, section: PresetSection, productId: number, id: number, lock = false) {
  const r = await db.one<Raw>(
    `SELECT ${selectList(section)} FROM product_presets WHERE id = $1 AND product_id = $2 AND section = $3${lock ? ' FOR UPDATE' : ''}`,
    [id, productId, section],
  );
  return r && mapRow(r);
}

/** Its number (Preset n) is the next of its product and section: migration 020's trigger gives it. */
export async function insertPreset(db: Db, section: PresetSection, productId: number, userId: number, v: PresetValues) {
  const cols = columnsOf(section);
  const keys = Object.keys(cols);
  const r = await db.one<Raw>(
    `INSERT INTO product_presets (product_id, section, created_by, ${keys.map((k) => cols[k]).join(', ')})
     VALUES ($1, $2, $3, ${keys.map((_, i) => `$${i + 4}`).join(', ')}) RETURNING ${selectList(section)}`,
    [productId, section, userId, ...keys.map((k) => (v as Record<string, unknown>)[k])],
  );
  return mapRow(r!);
}

/** Writes the fields sent; version and updated_at move even when nothing else does (a save is a save). */
export async function updatePreset(db: Db, section: PresetSection, id: number, v: Partial<PresetValues>) {
  const cols = columnsOf(section);
  const keys = Object.keys(v);
  const sets = keys.map((k, i) => `${cols[k]} = $${i + 2}`);
  const r = await db.one<Raw>(
    `UPDATE product_presets SET ${[...sets, 'version = version + 1', BUMP].join(', ')}
      WHERE id = $1 RETURNING ${selectList(section)}`,
    [id, ...keys.map((k) => (v as Record<string, unknown>)[k])],
  );
  return mapRow(r!);
}
