// Bulk actions (src/api/contract/products-bulk.ts): checked whole, then applied in one transaction.
import { productBulk as contract } from '../../src/api/contract/products-bulk.ts';
import { PROVIDER_CONTEXT } from '../../src/api/contract/slugs.ts';
import { tableErrors } from '../../src/api/contract/rules/check.ts';
import { AUTOMATION_LOCKED_MESSAGE, mayRequestAutomation, productTagRules } from '../../src/api/contract/rules/product.ts';
import type { Db } from '../db/index.ts';
import { BUMP } from '../domain/products.ts';
import { recordAnswer } from '../http/idempotency/index.ts';
import { fieldError, forbidden, notFound } from '../http/errors.ts';
import { implement } from '../http/routes.ts';
import { companyOf } from './products.ts';

interface Target {
  id: number;
  customer_id: number;
  automation_system: number;
  cancelable_as: number;
}

/**
 * The products, all live (deleted, for a restore) and of the company (staff in the provider context: of
 * one company), moved (updated_at: one delta each, and an Info edit based on the old version gets its
 * 409) and locked by the one UPDATE that finds them, with `set` besides; else the caller's transaction
 * is rolled back by the refusal. One pass over 10,000 rows instead of a SELECT FOR UPDATE and an UPDATE.
 * automation_system and cancelable_as are the values before `set` (none of them is set with them).
 */
async function targets(
  db: Db,
  ids: number[],
  customerId: number,
  opts: { deleted?: boolean; set?: string; params?: unknown[] } = {},
): Promise<{ rows: Target[]; company: number }> {
  const unique = [...new Set(ids)];
  const rows = await db.query<Target>(
    `UPDATE products SET ${opts.set ? `${opts.set}, ` : ''}${BUMP} WHERE id = ANY($1::int[]) AND deleted_at IS ${opts.deleted ? 'NOT ' : ''}NULL
     RETURNING id, customer_id, automation_system, cancelable_as`,
    [unique, ...(opts.params ?? [])],
  );
  const companies = new Set(rows.map((r) => r.customer_id));
  const foreign = customerId !== PROVIDER_CONTEXT && rows.some((r) => r.customer_id !== customerId);
  // Unknown, deleted and other companies' products look the same: the whole batch is refused.
  if (rows.length !== unique.length || foreign) throw notFound('Product');
  if (companies.size > 1) throw fieldError('ids', 'The products must belong to one company.');
  return { rows, company: rows[0]!.customer_id };
}

async function tagIds(db: Db, company: number, names: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const raw of names) {
    // A tag's rules (spaces alone are no name), said on the list the tags came in.
    const broken = tableErrors(productTagRules, { name: raw }).name?.[0];
    if (broken) throw fieldError('action.tags', broken);
    const name = raw.trim();
    const tag =
      (await db.one<{ id: number }>(
        'INSERT INTO tags (customer_id, name) VALUES ($1, $2) ON CONFLICT (customer_id, lower(name)) DO NOTHING RETURNING id',
        [company, name],
      )) ??
      (await db.one<{ id: number }>('SELECT id FROM tags WHERE customer_id = $1 AND lower(name) = lower($2)', [company, name]));
    ids.push(tag!.id);
  }
  return ids;
}

export const productBulkRoutes = implement(contract, {
  async apply({ db, body, auth, req }) {
    const customerId = companyOf(auth);
    const { action } = body;
    if (action.kind === 'requestAutomation' && !auth.slugs.has('send-products-for-automation')) {
      throw forbidden('You do not have permission to send products for automation.');
    }
    return db.tx(async (t) => {
      const set =
        action.kind === 'setCollection'
          ? { set: 'collection = $2', params: [action.collection.trim()] }
          : action.kind === 'delete'
            ? { set: 'deleted_at = now()' }
            : {};
      const { rows, company } = await targets(t, body.ids, customerId, set);
      const ids = rows.map((r) => r.id);
      if (action.kind === 'addTags') {
        const tags = await tagIds(t, company, action.tags);
        await t.query(
          'INSERT INTO product_tags (product_id, tag_id) SELECT p, g FROM unnest($1::int[]) p CROSS JOIN unnest($2::int[]) g ON CONFLICT DO NOTHING',
          [ids, tags],
        );
      } else if (action.kind === 'removeTags') {
        const own = await t.query<{ id: number }>('SELECT id FROM tags WHERE id = ANY($1::int[]) AND customer_id = $2', [
          action.tags,
          company,
        ]);
        if (own.length !== new Set(action.tags).size) throw notFound('Tag');
        await t.query('DELETE FROM product_tags WHERE product_id = ANY($1::int[]) AND tag_id = ANY($2::int[])', [
          ids,
          action.tags,
        ]);
      } else if (action.kind === 'requestAutomation') {
        if (!rows.every(mayRequestAutomation)) throw fieldError('automation_system', AUTOMATION_LOCKED_MESSAGE);
        await t.query('UPDATE products SET automation_system = 1 WHERE id = ANY($1::int[])', [ids]);
      } else if (action.kind === 'delete') {
        await t.query(
          `INSERT INTO tombstones (entity, entity_id, customer_id) SELECT 'product', p, $2 FROM unnest($1::int[]) p`,
          [ids, company],
        );
      }
      const message = action.kind === 'delete' ? `${ids.length} products deleted` : `${ids.length} products updated`;
      return recordAnswer(t, req, { success: true as const, message, count: ids.length });
    });
  },

  async restore({ db, body, auth, req }) {
    const customerId = companyOf(auth);
    return db.tx(async (t) => {
      const ids = (await targets(t, body.ids, customerId, { deleted: true, set: 'deleted_at = NULL' })).rows.map((r) => r.id);
      // A delta since the delete would carry both the row and its tombstone: the tombstones go.
      await t.query(`DELETE FROM tombstones WHERE entity = 'product' AND entity_id = ANY($1::int[])`, [ids]);
      return recordAnswer(t, req, { success: true as const, message: `${ids.length} products restored`, count: ids.length });
    });
  },
});
