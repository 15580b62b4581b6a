// The product's imagery lists as the API answers them (uploads, 360 groups, files, layers), and the
// display name an upload keeps.
import type { Static } from '@sinclair/typebox';
import type { FileLink, Layer, UploadGroup, UploadedImage } from '../../src/api/contract/imagery-schemas.ts';
import type { Db } from '../db/index.ts';
import { iso } from './products.ts';

export type UploadSection = 'silo' | 'vignette' | '360' | '3dfiles' | 'videos';
type Stamped = { created_at?: Date | string; updated_at: Date | string };

/** Timestamps as ISO strings (pg gives Dates, json_agg strings). */
export function stamped<T extends Stamped>(r: T) {
  return { ...r, updated_at: iso(r.updated_at), ...(r.created_at !== undefined && { created_at: iso(r.created_at) }) };
}

export async function uploadedImages(
  db: Db,
  productId: number,
  section: 'silo' | 'vignette',
): Promise<Static<typeof UploadedImage>[]> {
  const rows = await db.query<Static<typeof UploadedImage>>(
    `SELECT id, path AS photo, name, created_at, updated_at FROM product_uploads
      WHERE product_id = $1 AND section = $2 ORDER BY id`,
    [productId, section],
  );
  return rows.map(stamped);
}

/** 360 upload groups with their photos; a group nothing was uploaded to is left out. */
export async function uploadGroups(db: Db, productId: number): Promise<Static<typeof UploadGroup>[]> {
  const rows = await db.query<Static<typeof UploadGroup>>(
    `SELECT g.id, array_agg(u.path ORDER BY u.id) AS photo, g.created_at, g.updated_at
       FROM upload_groups g JOIN product_uploads u ON u.group_id = g.id
      WHERE g.product_id = $1 GROUP BY g.id ORDER BY g.id`,
    [productId],
  );
  return rows.map(stamped);
}

/** Uploaded 3D files or videos. */
export async function uploadedFiles(
  db: Db,
  productId: number,
  section: '3dfiles' | 'videos',
): Promise<Static<typeof FileLink>[]> {
  const rows = await db.query<Static<typeof FileLink>>(
    `SELECT id, path AS link, extension, name, created_at, updated_at FROM product_uploads
      WHERE product_id = $1 AND section = $2 ORDER BY id`,
    [productId, section],
  );
  return rows.map(stamped);
}

/** The studio's videos or 3D files. */
export async function automationFiles(db: Db, productId: number, kind: 'video' | '3dfile'): Promise<Static<typeof FileLink>[]> {
  const rows = await db.query<Static<typeof FileLink>>(
    `SELECT id, path AS link, extension, name, created_at, updated_at FROM product_automation_files
      WHERE product_id = $1 AND kind = $2 ORDER BY id`,
    [productId, kind],
  );
  return rows.map(stamped);
}

export async function layers(db: Db, productId: number, section: 'silo' | 'vignette' | '360'): Promise<Static<typeof Layer>[]> {
  const rows = await db.query<Static<typeof Layer>>(
    `SELECT angle, beauty, shadow, reflection, width, height, updated_at FROM product_layers
      WHERE product_id = $1 AND section = $2 ORDER BY angle`,
    [productId, section],
  );
  return rows.map(stamped);
}

/** Document 3's extra fields of GET /gets/product: the silo layers' size and the silo uploads. */
export async function productScreenFields(db: Db, productId: number) {
  const size = await db.one<{ width: number; height: number }>(
    `SELECT width, height FROM product_layers WHERE product_id = $1 AND section = 'silo' ORDER BY angle LIMIT 1`,
    [productId],
  );
  return { sizeImageProduct: size ?? null, images_uploaded: await uploadedImages(db, productId, 'silo') };
}

/**
 * The uploader's file name, for display and download: its last segment, no control characters, at most
 * 200. Browsers send a quote in a multipart file name as %22 (HTML's form-data encoding): turned back.
 */
export function displayName(filename: string, ext: string): string {
  const base = filename.split(/[\\/]/).pop()?.replace(/%22/g, '"') ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(-200);
  return clean && clean !== '.' && clean !== '..' ? clean : `file.${ext}`;
}
