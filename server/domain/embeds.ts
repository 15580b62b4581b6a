// The public embeds' answers (issue 14): a spin's frames, the 3D viewer's model, and oEmbed for both
// pages. Every one starts from productByKey: without the product's share key there is nothing (404).
import type { Static } from '@sinclair/typebox';
import type { SpinReply } from '../../src/api/contract/embeds.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { ensureFrameSet, framesOf, latestReady, type Source } from './frame-sets.ts';
import { productByKey, type SharedProduct } from './share-keys.ts';

export const NOT_FOUND = () => new ApiError(404, 'Not found.');

export type Spin = Static<typeof SpinReply>;

export interface SpinAsk {
  id_product: number;
  id_customization?: number;
  frames?: 24 | 48;
  uploadimage?: number;
  key?: string;
}

/**
 * With uploadimage=1, the upload group the embed names: id_customization is the group's id (issue 27: the
 * 360 panel's code for the selected group), and without it the product's newest group with photos.
 * A group of another product answers 404 like a wrong preset.
 */
async function groupOf(db: Db, productId: number, groupId: number | undefined): Promise<number | undefined> {
  const g = await db.one<{ id: number }>(
    `SELECT g.id FROM upload_groups g WHERE g.product_id = $1 AND ($2::int IS NULL OR g.id = $2)
        AND EXISTS (SELECT 1 FROM product_uploads u WHERE u.group_id = g.id) ORDER BY g.id DESC LIMIT 1`,
    [productId, groupId ?? null],
  );
  return g?.id;
}

/** The source the embed names: a 360 preset of this product, or one of its upload groups. */
async function sourceOf(db: Db, product: SharedProduct, ask: SpinAsk): Promise<Source | undefined> {
  if (ask.uploadimage === 1) {
    const g = await groupOf(db, product.id, ask.id_customization);
    if (g === undefined && ask.id_customization !== undefined) throw NOT_FOUND();
    return g === undefined ? undefined : { groupId: g };
  }
  if (ask.id_customization === undefined || ask.frames === undefined) throw NOT_FOUND();
  const p = await db.one('SELECT 1 FROM product_presets WHERE id = $1 AND product_id = $2 AND section = $3', [
    ask.id_customization,
    product.id,
    '360',
  ]);
  if (!p) throw NOT_FOUND();
  return { presetId: ask.id_customization };
}

/**
 * The newest frames of the source: the set of its current version when ready; otherwise (queued now if
 * new) the last ready set, or none, with status 'rendering' ('failed' if the current one could not be made).
 */
export async function spinOf(s: Services, ask: SpinAsk): Promise<Spin> {
  const product = await productByKey(s.db, ask.id_product, ask.key);
  if (!product) throw NOT_FOUND();
  const head = { success: true as const, name: product.name, sku: product.sku };
  const source = await sourceOf(s.db, product, ask);
  const current = source && (await ensureFrameSet(s.db, s.jobs, product.id, source, s.config.jobs.spinWidths));
  if (!source || !current) return { ...head, width: 0, height: 0, status: 'ready', frames: [] };
  const shown = current.status === 'ready' ? current : await latestReady(s.db, source);
  const n = ask.uploadimage === 1 ? undefined : ask.frames;
  return {
    ...head,
    width: shown?.width ?? 0,
    height: shown?.height ?? 0,
    status: current.status,
    frames: shown ? framesOf(shown, s.storage, n) : [],
  };
}

export async function viewerOf(s: Services, productId: number, key: string | undefined) {
  const product = await productByKey(s.db, productId, key);
  if (!product) throw NOT_FOUND();
  const v = await s.db.one<{ file_glb: string | null; file_usdz: string | null; image_lazy_load: string | null }>(
    'SELECT file_glb, file_usdz, image_lazy_load FROM product_viewers WHERE product_id = $1',
    [product.id],
  );
  const url = (p: string | null | undefined) => (p ? s.storage.url(p) : null);
  return {
    success: true as const,
    name: product.name,
    file_glb: url(v?.file_glb),
    file_usdz: url(v?.file_usdz),
    poster: url(v?.image_lazy_load),
  };
}

const idIn = (v: unknown) =>
  typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2147483647 ? Number(v) : undefined;

/**
 * Whether a public page's query names something it may show: the product by its share key, and for
 * /iframe/360 a 360 preset of that product with 24 or 48 frames, or uploadimage=1. Undefined: 404.
 */
export async function pageProduct(s: Services, path: string, q: Record<string, unknown>): Promise<{ title: string } | undefined> {
  const id = idIn(q.id_product);
  const key = typeof q.key === 'string' ? q.key : undefined;
  if (!id || !key) return undefined;
  const product = await productByKey(s.db, id, key);
  if (!product) return undefined;
  if (path !== '/iframe/360') return { title: `${product.name} (3D view)` };
  if (q.uploadimage === '1') {
    const group = q.id_customization === undefined ? undefined : idIn(q.id_customization);
    if (q.id_customization !== undefined && (!group || (await groupOf(s.db, product.id, group)) === undefined)) return undefined;
    return { title: `${product.name} (photos)` };
  }
  const preset = idIn(q.id_customization);
  if (!preset || (q.frames !== '24' && q.frames !== '48')) return undefined;
  const p = await s.db.one('SELECT 1 FROM product_presets WHERE id = $1 AND product_id = $2 AND section = $3', [
    preset,
    product.id,
    '360',
  ]);
  return p ? { title: `${product.name} (360° view)` } : undefined;
}
