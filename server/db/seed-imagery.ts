// The demo's imagery (document 3): per product the studio's layers (silo, vignette, 48 angles of 360,
// drawn from the kind's 3D model on first read: demo-layers.ts), presets of each section, vignette
// backgrounds, an automation video, 3D files (glb and obj, from the same model) with the viewer, and a
// few customer uploads. Shared files are written once; rows are inserted set-wise.
import { readFileSync } from 'node:fs';
import type { Storage } from '../storage/files.ts';
import type { Db } from './index.ts';
import { inPool, posterPicture, roomPicture } from './seed-images.ts';
import { DEMO_USDZ, DEMO_USDZ_KIND, DEMO_VIDEO } from './demo-assets.ts';
import { DEMO_ANGLES, demoLayerPaths } from './demo-files.ts';
import { partsOf, studioPicture } from './demo-layers.ts';
import { glb, obj } from './seed-models.ts';
import type { Kind } from './seed-kinds.ts';

export interface DemoAssets {
  backgrounds: string[];
  video: string;
  /** The Armchair's model for AR Quick Look (demo-assets.ts). */
  usdz: string;
}

/** A demo product as the imagery seed needs it. */
export interface SeededProduct {
  id: number;
  customerId: number;
  sku: string;
  name: string;
  index: number;
  kindIndex: number;
  kind: Kind;
  colour: string;
  variant: 0 | 1;
  image: string;
}

/** The files every company shares: the vignette rooms, the sample video and the AR model for iOS (layers are drawn on first read). */
export async function seedDemoAssets(storage: Storage): Promise<DemoAssets> {
  const backgrounds = await inPool(
    [0, 3, 6, 9, 12, 15].map((i) => async () => storage.save('automation/backgrounds', 'jpg', await roomPicture(i))),
  );
  const video = await storage.save('automation/videos', 'mp4', readFileSync(DEMO_VIDEO));
  const usdz = await storage.save('automation/models', 'usdz', readFileSync(DEMO_USDZ));
  return { backgrounds, video, usdz };
}

/** Inserts rows column-wise: one statement for any number of rows. */
async function insertRows(db: Db, table: string, columns: Record<string, string>, rows: Record<string, unknown>[]) {
  if (!rows.length) return;
  const names = Object.keys(columns);
  await db.query(
    `INSERT INTO ${table} (${names.join(', ')}) SELECT * FROM unnest(${names.map((n, i) => `$${i + 1}::${columns[n]}[]`).join(', ')})`,
    names.map((n) => rows.map((r) => r[n] ?? null)),
  );
}

const PRESET_COLUMNS = {
  product_id: 'int',
  section: 'text',
  background: 'text',
  has_shadow: 'smallint',
  shadow: 'float8',
  has_reflection: 'smallint',
  reflection: 'float8',
  saturation: 'float8',
  brightness: 'float8',
  image_scale: 'float8',
  image_offset_x: 'float8',
  image_offset_y: 'float8',
  bg_scale: 'float8',
  bg_offset_x: 'float8',
  bg_offset_y: 'float8',
  number: 'int',
};
const BASE = {
  has_shadow: 1,
  shadow: 35,
  has_reflection: 1,
  reflection: 10,
  saturation: 100,
  brightness: 100,
  image_scale: 0,
  image_offset_x: 0,
  image_offset_y: 0,
  bg_scale: 0,
  bg_offset_x: 0,
  bg_offset_y: 0,
};
const PALETTE = ['#ffffff', '#bababa', '#f3d3b5', '#c4eef2', '#b4cf66', '#ffec5c'];

/** Each preset with its number in its section (1, 2…), given here: the migration's trigger would look each one up. */
function presetsOf(p: SeededProduct, rooms: string[]) {
  const id = { product_id: p.id };
  const made: Record<string, number> = {};
  return [
    { ...BASE, ...id, section: 'silo', background: '#ffffff' },
    {
      ...BASE,
      ...id,
      section: 'silo',
      background: PALETTE[p.index % PALETTE.length],
      has_reflection: 0,
      shadow: 55,
      image_scale: 0.15,
    },
    {
      ...BASE,
      ...id,
      section: 'vignette',
      background: rooms[0],
      shadow: 55,
      has_reflection: 0,
      bg_scale: 0.2,
      image_scale: -0.4,
      image_offset_y: 0.3,
    },
    { ...BASE, ...id, section: 'vignette', background: '#ffec5c', shadow: 55, reflection: 80 },
    { ...BASE, ...id, section: '360', background: p.index % 2 ? '#f3d3b5' : '#ffffff' },
  ].map((r) => ({ ...r, number: (made[r.section] = (made[r.section] ?? 0) + 1) }));
}

const inches = (p: SeededProduct) => p.kind.size.map((v, k) => v * (1 + ((p.index + k) % 3) * 0.05)) as [number, number, number];

/** A customer's photo of the product: its model against a wall, on a wooden floor (JPEG, as cameras make). */
async function photo(p: SeededProduct, angle: number): Promise<Buffer> {
  const room = '<rect width="2400" height="2400" fill="#d9d2c5"/><rect y="1500" width="2400" height="900" fill="#a98f72"/>';
  return (await studioPicture(p.kind, p.variant, angle, 720, room)).jpeg({ quality: 80 }).toBuffer();
}

async function seedUploads(db: Db, storage: Storage, p: SeededProduct) {
  const folder = `products/${p.customerId}/${p.id}/uploads`;
  const save = async (section: string, angle: number, sub = '') =>
    storage.save(`${folder}/${section}${sub}`, 'jpg', await photo(p, angle));
  const rows: Record<string, unknown>[] = [];
  for (const section of ['silo', 'vignette']) {
    for (const [n, angle] of [0, 45].entries())
      rows.push({ section, path: await save(section, angle), name: `${p.sku}-${section}-${n + 1}.jpg` });
  }
  const group = (await db.one<{ id: number }>('INSERT INTO upload_groups (product_id) VALUES ($1) RETURNING id', [p.id]))!.id;
  for (const angle of [0, 90, 180, 270])
    rows.push({ section: '360', group_id: group, path: await save('360', angle, `/${group}`), name: `IMG_${1000 + angle}.jpg` });
  await insertRows(
    db,
    'product_uploads',
    { product_id: 'int', section: 'text', group_id: 'int', path: 'text', name: 'text', extension: 'text' },
    rows.map((r) => ({ ...r, product_id: p.id, extension: 'jpg' })),
  );
}

/**
 * Everything a company's products get, their layers `layerPx` pixels square; the first `withUploads`
 * products also get customer uploads.
 */
export async function seedProductImagery(
  db: Db,
  storage: Storage,
  assets: DemoAssets,
  products: SeededProduct[],
  layerPx: number,
  withUploads = 2,
) {
  const layerRows: Record<string, unknown>[] = [];
  const backgroundRows: Record<string, unknown>[] = [];
  const presetRows: Record<string, unknown>[] = [];
  const fileRows: Record<string, unknown>[] = [];
  const viewerRows: Record<string, unknown>[] = [];
  const files = await inPool(
    products.map((p) => async () => {
      const parts = partsOf(p.kind, p.colour, inches(p));
      const folder = `products/${p.customerId}/${p.id}/automation`;
      return {
        glb: await storage.save(folder, 'glb', await glb(parts, p.name)),
        obj: await storage.save(folder, 'obj', obj(parts, p.name)),
        // Its own poster: the catalogue picture carries the SKU, which a shopper's viewer must not show.
        poster: await storage.save(`products/${p.customerId}/${p.id}/viewer`, 'png', await posterPicture(p.kind, p.variant, 0)),
      };
    }),
  );
  for (const [n, p] of products.entries()) {
    const size = { width: layerPx, height: layerPx };
    for (const section of ['silo', 'vignette'])
      layerRows.push({ product_id: p.id, section, ...demoLayerPaths(p.kind, p.variant, 0, layerPx), ...size });
    for (const angle of DEMO_ANGLES)
      layerRows.push({ product_id: p.id, section: '360', ...demoLayerPaths(p.kind, p.variant, angle, layerPx), ...size });
    // Each product lists every room, starting at a different one.
    const rooms = assets.backgrounds.map((_, k) => assets.backgrounds[(k + p.index) % assets.backgrounds.length]!);
    rooms.forEach((path, position) => backgroundRows.push({ product_id: p.id, path, position }));
    presetRows.push(...presetsOf(p, rooms));
    const slug = p.sku || p.kind.slug;
    fileRows.push({ product_id: p.id, kind: 'video', path: assets.video, extension: 'mp4', name: `${slug}-turntable.mp4` });
    fileRows.push({ product_id: p.id, kind: '3dfile', path: files[n]!.glb, extension: 'glb', name: `${slug}.glb` });
    fileRows.push({ product_id: p.id, kind: '3dfile', path: files[n]!.obj, extension: 'obj', name: `${slug}.obj` });
    // The .usdz is the kind's first finish at its nominal size: the products of that kind and finish get it (iOS AR).
    const usdz = p.kind.slug === DEMO_USDZ_KIND && p.variant === 0 ? assets.usdz : null;
    viewerRows.push({ product_id: p.id, file_glb: files[n]!.glb, file_usdz: usdz, image_lazy_load: files[n]!.poster });
  }
  await insertRows(
    db,
    'product_layers',
    {
      product_id: 'int',
      section: 'text',
      angle: 'int',
      beauty: 'text',
      shadow: 'text',
      reflection: 'text',
      width: 'int',
      height: 'int',
    },
    layerRows,
  );
  await insertRows(db, 'product_backgrounds', { product_id: 'int', path: 'text', position: 'int' }, backgroundRows);
  await insertRows(db, 'product_presets', PRESET_COLUMNS, presetRows);
  await insertRows(
    db,
    'product_automation_files',
    { product_id: 'int', kind: 'text', path: 'text', extension: 'text', name: 'text' },
    fileRows,
  );
  await insertRows(
    db,
    'product_viewers',
    { product_id: 'int', file_glb: 'text', file_usdz: 'text', image_lazy_load: 'text' },
    viewerRows,
  );
  for (const p of products.slice(0, withUploads)) await seedUploads(db, storage, p);
}
