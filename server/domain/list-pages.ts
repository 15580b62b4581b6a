// Our paging extension of the product list (a client that sends `limit`): the resumable first sync
// of a big company. Pages go by id, newest first, with a keyset cursor (`before`), so a page read
// again after a dropped connection holds the same rows, and rows added meanwhile are not skipped:
// the first page's `cursor` is taken before any row is read, so the delta that follows the last
// page brings every change made while the pages were fetched. The first page also gives the bounds
// of the later pages, so that a client may fetch several at once (`from` and `before`).
import type { Db } from '../db/index.ts';
import { settledNow } from './delta.ts';
import { listProducts, type ListPage } from './products.ts';

export async function listPage(db: Db, customerId: number | null, page: ListPage) {
  const cursor = await settledNow(db);
  const rows = await listProducts(db, customerId, undefined, { ...page, limit: page.limit + 1 });
  const more = rows.length > page.limit;
  const products = more ? rows.slice(0, page.limit) : rows;
  // A range between the first page's bounds (`from` given) needs only its rows: the first page gave
  // the total and the bounds. A keyset continuation (`before` alone) still gets the total.
  const first = page.before === undefined && page.from === undefined;
  const total =
    page.from === undefined
      ? (await db.one<{ total: number }>(
          'SELECT count(*)::int AS total FROM products WHERE deleted_at IS NULL AND ($1::int IS NULL OR customer_id = $1)',
          [customerId],
        ))!.total
      : undefined;
  return {
    success: true as const,
    products,
    cursor,
    ...(total !== undefined ? { total } : {}),
    ...(more ? { next: products[products.length - 1]!.id } : {}),
    ...(first && more ? { bounds: await pageBounds(db, customerId, products[products.length - 1]!.id, page.limit) } : {}),
  };
}

/**
 * The last id of every page after the first (one index scan of ids): a client fetches the ranges
 * between them side by side. Ids only grow, so no product can appear inside a range later.
 */
async function pageBounds(db: Db, customerId: number | null, below: number, limit: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id DESC) AS n FROM products
                      WHERE deleted_at IS NULL AND ($1::int IS NULL OR customer_id = $1) AND id < $2) AS ranked
      WHERE n % $3 = 0 ORDER BY id DESC`,
    [customerId, below, limit],
  );
  return rows.map((r) => r.id);
}
