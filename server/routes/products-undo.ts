// Undo of a product delete (src/api/contract/products-undo.ts). The guard found the product deleted
// and in one of the caller's companies; the row's own update tells the list caches (migration 007).
import { productUndo as contract } from '../../src/api/contract/products-undo.ts';
import { productWords } from '../../src/api/contract/rules/product.ts';
import { BUMP, loadProduct } from '../domain/products.ts';
import { recordAnswer } from '../http/idempotency/index.ts';
import { notFound } from '../http/errors.ts';
import { implement } from '../http/routes.ts';

export const productUndoRoutes = implement(contract, {
  async restore({ db, body, req }) {
    return db.tx(async (t) => {
      const row = await t.one(
        `UPDATE products SET deleted_at = NULL, ${BUMP} WHERE id = $1 AND deleted_at IS NOT NULL RETURNING id`,
        [body.id_product],
      );
      if (!row) throw notFound('Product');
      // A delta since the delete would carry both the row and its tombstone: the tombstone goes.
      await t.query(`DELETE FROM tombstones WHERE entity = 'product' AND entity_id = $1`, [body.id_product]);
      const product = await loadProduct(t, body.id_product);
      if (!product) throw notFound('Product');
      // Written with the work: a retry of a restore whose answer was lost gets this answer, not a 404.
      return recordAnswer(t, req, { success: true as const, message: productWords.restored, product });
    });
  },
});
