// Document 3 §7 "Product screen" and "Shared and other calls": uploaded lists, the studio's files and
// viewer model, and the tailor request. The guard has checked company, product and slug.
import { TAILOR_PAGES, imagery as contract } from '../../src/api/contract/imagery.ts';
import { automationFiles, uploadGroups, uploadedFiles, uploadedImages } from '../domain/imagery-files.ts';
import { iso } from '../domain/products.ts';
import { ApiError } from '../http/errors.ts';
import { implement } from '../http/routes.ts';
import { STUDIO_EMAIL } from './catalog.ts';
import { companyOf } from './products.ts';

export const MAIL_DOWN = 'Your request could not be sent now. Please try again later.';
export const TAILOR_REPEAT = 'This service was already requested today for this product. We will contact you soon.';

export const imageryRoutes = implement(contract, {
  async uploadedVignette({ db, query }) {
    return { success: true, images_uploaded: await uploadedImages(db, query.id_product, 'vignette') };
  },
  async uploaded360({ db, query }) {
    return { success: true, images_uploaded: await uploadGroups(db, query.id_product) };
  },
  async uploaded3dFiles({ db, query }) {
    return { success: true, files: await uploadedFiles(db, query.id_product, '3dfiles') };
  },
  async uploadedVideos({ db, query }) {
    return { success: true, files: await uploadedFiles(db, query.id_product, 'videos') };
  },
  async automation3dFiles({ db, query }) {
    return { success: true, files: await automationFiles(db, query.id_product, '3dfile') };
  },
  async automationVideos({ db, query }) {
    return { success: true, files: await automationFiles(db, query.id_product, 'video') };
  },

  async viewer({ db, query }) {
    const v = await db.one<{
      file_glb: string | null;
      file_usdz: string | null;
      preset: number;
      image_lazy_load: string | null;
      updated_at: Date;
    }>('SELECT file_glb, file_usdz, preset, image_lazy_load, updated_at FROM product_viewers WHERE product_id = $1', [
      query.id_product,
    ]);
    return {
      success: true,
      file: { file_glb: v?.file_glb ?? null, file_usdz: v?.file_usdz ?? null, preset: v?.preset ?? 1 },
      imageLazyLoad: v?.image_lazy_load ?? null,
      updated_at: v ? iso(v.updated_at) : null,
    };
  },

  async tailor({ db, mailer, auth, body, req: { log } }) {
    const customerId = companyOf(auth);
    const p = await db.one<{ sku: string; name: string; company: string }>(
      'SELECT p.sku, p.name, c.name AS company FROM products p JOIN customers c ON c.id = p.customer_id WHERE p.id = $1',
      [body.id_product],
    );
    // The unique (product, page, day) key holds the once-a-day rule, also for two requests at once;
    // the mail goes inside the transaction, so a failed mail leaves no request behind.
    await db.tx(async (t) => {
      const row = await t.one(
        `INSERT INTO tailor_requests (product_id, customer_id, user_id, page) VALUES ($1, $2, $3, $4)
         ON CONFLICT (product_id, page, requested_on) DO NOTHING RETURNING id`,
        [body.id_product, customerId, auth.user.id, body.page],
      );
      if (!row) throw new ApiError(422, TAILOR_REPEAT, { page: [TAILOR_REPEAT] });
      const label = [p!.sku, p!.name].filter(Boolean).join(' ');
      await mailer
        .send({
          to: STUDIO_EMAIL,
          subject: `Tailor request: ${body.page} for ${label} (${p!.company})`,
          text:
            `${auth.user.name} <${auth.user.email}> of ${p!.company} asks to be contacted about a tailor-made ` +
            `"${body.page}" service for product #${body.id_product} ${label}.\n`,
        })
        .catch((err: unknown) => {
          log.error({ err }, 'tailor request mail failed');
          throw new ApiError(503, MAIL_DOWN);
        });
    });
    return { success: true, message: 'Your request has been sent. We will contact you soon.' };
  },

  // The same (product, page, day) key as the once-a-day rule: what this product's screen shows as requested.
  async tailorRequested({ db, query }) {
    const rows = await db.query<{ page: (typeof TAILOR_PAGES)[number] }>(
      `SELECT DISTINCT page FROM tailor_requests WHERE product_id = $1 AND requested_on >= (now() AT TIME ZONE 'UTC')::date ORDER BY page`,
      [query.id_product],
    );
    return { success: true, pages: rows.map((r) => r.page) };
  },
});
