// Issue 14: queued retailer exports, the Downloads panel's list and retry, and the mailed link.
import { exportJobs as contract } from '../../src/api/contract/exports.ts';
import { enqueueExport, jobOut, liveExport, productExports, retryExport } from '../domain/exports.ts';
import { notFound } from '../http/errors.ts';
import { implement } from '../http/routes.ts';
import { companyOf } from './products.ts';

const QUEUED = 'Your download is being prepared. An e-mail with the link will follow.';

export const exportRoutes = implement(contract, {
  async enqueue(c) {
    const { id_product, id_product_config, retailer, note } = c.body;
    const row = await enqueueExport(c, c.auth, {
      productId: id_product,
      customerId: companyOf(c.auth),
      presetId: id_product_config,
      retailerId: retailer ?? 0,
      note,
    });
    return { success: true, message: QUEUED, export: jobOut(c, row) };
  },

  async list(c) {
    return { success: true, exports: (await productExports(c.db, c.auth, c.query.id_product)).map((r) => jobOut(c, r)) };
  },

  async retry(c) {
    const row = await retryExport(c, c.auth, c.body.id);
    return { success: true, message: QUEUED, export: jobOut(c, row) };
  },

  async download(c) {
    const row = await liveExport(c.db, c.query.token);
    // From whichever store holds it (local disk or S3); a zip already swept is a 404, not a 500.
    const body = row?.path ? await c.storage.readStream(row.path).catch(() => undefined) : undefined;
    if (!row || !body) throw notFound('Download');
    const name = row.path!.slice(row.path!.lastIndexOf('/') + 1);
    c.reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store');
    if (row.bytes !== null) c.reply.header('content-length', Number(row.bytes));
    return c.reply.send(body) as never;
  },
});
