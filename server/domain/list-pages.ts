// Our paging extension of the product list (a client that sends `limit`): the resumable first sync
// of a big company. Pages go by id, newest first, with a keyset cursor (`before`), so a page read
// again after a dropped connection holds the same rows, and rows added meanwhile are not skipped:
// the first page's `cursor` is taken before any row is read, so the delta that follows the last
// page brings every change made while the pages were fetched.
import type { Db } from '../db/index.ts';
import { settledNow } from './delta.ts';
import { listProducts, type ListPage } from './products.ts';

export async function listPage(db: Db, customerId: number | null, page: ListPage) {
  const cursor = await settledNow(db);
  const rows = await listProducts(db, customerId, undefined, { limit: page.limit + 1, before: page.before });
  const more = rows.length > page.limit;
  const products = more ? rows.slice(0, page.limit) : rows;
  const { total } = (await db.one<{ total: number }>(
    'SELECT count(*)::int AS total FROM products WHERE deleted_at IS NULL AND ($1::int IS NULL OR customer_id = $1)', [customerId]))!;
  return { success: true as const, products, total, cursor, ...(more ? { next: products[products.length - 1]!.id } : {}) };
}
