// Document 3 §7: uploads of each section, 360 groups, the viewer's lazy-load image, product resource
// delete, and "Download All Images" (zip name, then url). The guard has checked company, product, slug.
import { imageryUploads as contract } from '../../src/api/contract/imagery-uploads.ts';
import { readOf, type SectionSlug } from '../../src/api/contract/slugs.ts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { displayName, type UploadSection } from '../domain/imagery-files.ts';
import { buildZip, liveZip, numbered, sweepExpiredZips, type ZipEntry } from '../domain/imagery-zips.ts';
import { iso, removeProductFile } from '../domain/products.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { recordAnswer } from '../http/idempotency/index.ts';
import type { UploadedFile } from '../http/multipart.ts';
import { implement } from '../http/routes.ts';
import type { Services } from '../services.ts';
import { txWithFiles } from '../storage/files.ts';
import { companyOf } from './products.ts';

interface Upload {
  section: UploadSection;
  productId: number;
  customerId: number;
  userId: number;
  file: UploadedFile;
  groupId?: number;
}

/**
 * The file (and its thumbnail) and the row in one go: a refused or failed insert leaves no file. Images
 * were decoded by the multipart reader before anything was written.
 */
async function storeUpload(s: Services & { req: FastifyRequest }, u: Upload) {
  const folder = `products/${u.customerId}/${u.productId}/uploads/${u.section}${u.groupId ? `/${u.groupId}` : ''}`;
  return txWithFiles(s, async (t, files) => {
    const path = await files.save(folder, u.file.ext, u.file.bytes);
    const r = await t.one<{ id: number }>(
      `INSERT INTO product_uploads (product_id, section, group_id, path, name, extension, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [u.productId, u.section, u.groupId ?? null, path, displayName(u.file.filename, u.file.ext), u.file.ext, u.userId],
    );
    if (u.groupId)
      await t.query(`UPDATE upload_groups SET updated_at = date_trunc('milliseconds', now()) WHERE id = $1`, [u.groupId]);
    return recordAnswer(t, s.req, { success: true as const, message: 'Uploaded successfully', path_image: path, id: r!.id });
  });
}

type UploadCtx = Services & {
  req: FastifyRequest;
  body: { id_product: number };
  files: Record<string, UploadedFile | undefined>;
  auth: Parameters<typeof companyOf>[0];
};
const upload = (section: UploadSection) => (c: UploadCtx) =>
  storeUpload(c, {
    section,
    productId: c.body.id_product,
    customerId: companyOf(c.auth),
    userId: c.auth.user.id,
    file: c.files.file_image!,
  });

async function skuOf(db: Db, productId: number): Promise<string> {
  const p = await db.one<{ sku: string; name: string }>('SELECT sku, name FROM products WHERE id = $1', [productId]);
  return p!.sku || p!.name;
}

async function uploadPaths(db: Db, productId: number, section: UploadSection, groupId?: number): Promise<string[]> {
  const rows = await db.query<{ path: string }>(
    `SELECT path FROM product_uploads WHERE product_id = $1 AND section = $2 AND ($3::int IS NULL OR group_id = $3) ORDER BY group_id, id`,
    [productId, section, groupId ?? null],
  );
  return rows.map((r) => r.path);
}

export const imageryUploadRoutes = implement(contract, {
  siloStore: upload('silo'),
  vignetteStore: upload('vignette'),
  store3dFile: upload('3dfiles'),
  storeVideo: upload('videos'),

  async newGroup360({ db, query, auth }) {
    // An empty group of the same user is handed out again, so repeated asks cannot pile up groups.
    const id = await db.tx(async (t) => {
      const empty = await t.one<{ id: number }>(
        `SELECT g.id FROM upload_groups g WHERE g.product_id = $1 AND g.created_by = $2
            AND NOT EXISTS (SELECT 1 FROM product_uploads u WHERE u.group_id = g.id) ORDER BY g.id DESC LIMIT 1`,
        [query.id_product, auth.user.id],
      );
      return (
        empty ??
        (await t.one<{ id: number }>('INSERT INTO upload_groups (product_id, created_by) VALUES ($1, $2) RETURNING id', [
          query.id_product,
          auth.user.id,
        ]))!
      );
    });
    return { success: true, new_id: id.id };
  },

  async store360(c) {
    const group = await c.db.one('SELECT id FROM upload_groups WHERE id = $1 AND product_id = $2', [
      c.body.id_folder,
      c.body.id_product,
    ]);
    if (!group) throw notFound('Folder');
    return storeUpload(c, {
      section: '360',
      productId: c.body.id_product,
      customerId: companyOf(c.auth),
      userId: c.auth.user.id,
      file: c.files.file_image!,
      groupId: c.body.id_folder,
    });
  },

  async viewerImage(c) {
    const file = c.files.file!;
    const productId = c.body.id_product;
    const { path, old } = await txWithFiles(c, async (t, files) => {
      const stored = await files.save(`products/${companyOf(c.auth)}/${productId}/viewer`, file.ext, file.bytes);
      const prev = await t.one<{ image_lazy_load: string | null }>(
        'SELECT image_lazy_load FROM product_viewers WHERE product_id = $1 FOR UPDATE',
        [productId],
      );
      await t.query(
        `INSERT INTO product_viewers (product_id, image_lazy_load) VALUES ($1, $2)
         ON CONFLICT (product_id) DO UPDATE SET image_lazy_load = $2, updated_at = date_trunc('milliseconds', now())`,
        [productId, stored],
      );
      return { path: stored, old: prev?.image_lazy_load };
    });
    // The old picture goes only once the new one is recorded (and only if no other row uses it).
    if (old && !(await c.db.one('SELECT 1 FROM product_viewers WHERE image_lazy_load = $1', [old]))) await c.storage.remove(old);
    return { success: true, message: 'Image uploaded successfully', path };
  },

  async resourceDelete({ db, storage, query }) {
    if (!(await removeProductFile(db, storage, 'product_images', query.id_product, query.image))) throw notFound('Image');
    return { success: true, message: 'Image deleted successfully' };
  },

  async zipSilo({ db, storage, query, auth }) {
    const sku = await skuOf(db, query.id_product);
    const entries = numbered(sku, await uploadPaths(db, query.id_product, 'silo'));
    return { success: true, name_zip: await zip(db, storage, auth, query.id_product, 'silo', `${sku}_silo`, entries) };
  },

  async zipVignette({ db, storage, query, auth }) {
    const sku = await skuOf(db, query.id_product);
    const entries = numbered(sku, await uploadPaths(db, query.id_product, 'vignette'));
    return { success: true, name_zip: await zip(db, storage, auth, query.id_product, 'vignette', `${sku}_vignette`, entries) };
  },

  async zip360({ db, storage, query, auth }) {
    const sku = await skuOf(db, query.id_product);
    let entries: ZipEntry[];
    if (query.id_image) {
      if (!(await db.one('SELECT 1 FROM upload_groups WHERE id = $1 AND product_id = $2', [query.id_image, query.id_product])))
        throw notFound('Folder');
      entries = numbered(sku, await uploadPaths(db, query.id_product, '360', query.id_image));
    } else {
      // Every group in its own folder, numbered in upload order.
      const groups = await db.query<{ id: number }>(
        'SELECT DISTINCT group_id AS id FROM product_uploads WHERE product_id = $1 AND section = $2 ORDER BY group_id',
        [query.id_product, '360'],
      );
      entries = [];
      for (const [i, g] of groups.entries()) {
        entries.push(
          ...numbered(sku, await uploadPaths(db, query.id_product, '360', g.id), `group-${String(i + 1).padStart(2, '0')}/`),
        );
      }
    }
    return { success: true, name_zip: await zip(db, storage, auth, query.id_product, '360', `${sku}_360`, entries) };
  },

  async download({ db, storage, query, auth }) {
    await sweepExpiredZips(db, storage);
    const z = await liveZip(db, query.zip_name);
    if (!z) throw notFound('Zip');
    // The route admits any of the three sections' slugs; this zip needs its own section's.
    if (!auth.isStaff && !readOf(z.section as SectionSlug).some((s) => auth.slugs.has(s))) throw forbidden();
    return { success: true, url: storage.url(z.path), expires_at: iso(z.expires_at) };
  },
});

function zip(
  db: Db,
  storage: Services['storage'],
  auth: Parameters<typeof companyOf>[0],
  productId: number,
  section: string,
  label: string,
  entries: ZipEntry[],
) {
  return buildZip(db, storage, { customerId: companyOf(auth), productId, section, userId: auth.user.id, label, entries });
}
