// The product as the API returns it: one query with array_agg/json_agg per part (no N+1),
// shared by the list, the single product and every call that answers with a product.
import type { Static } from '@sinclair/typebox';
import type { Product, ProductRow } from '../../src/api/contract/products.ts';
import { PRODUCT_TEXT_FIELDS, type ProductFields as ContractFields } from '../../src/api/contract/rules/product.ts';
import type { Db } from '../db/index.ts';
import type { Storage } from '../storage/files.ts';

export type ProductOut = Static<typeof Product>;
export type ProductListRow = Static<typeof ProductRow>;

// Correlated sub-selects, each an index lookup: the plan stays the same whatever the table
// statistics (PGlite never runs autovacuum; a hash-join variant degraded to minutes without ANALYZE).
// Read as JSON (json_agg / row_to_json): ARRAY(...) and timestamps written by to_char here (the
// API's ISO 8601 with ms, truncated as toISOString does) save a pass over the rows in JavaScript.
const isoSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const LIST_CORE = `
  p.id, p.id AS id_product, p.customer_id AS id_customer, p.sku, p.name, p.collection,
  p.automation_system, p.cancelable_as, ${isoSql('p.created_at')} AS created_at, ${isoSql('p.updated_at')} AS updated_at,
  p.height, p.width, p.depth, p.finish, p.note, p.measure,
  ARRAY(SELECT i.path FROM product_images i WHERE i.product_id = p.id ORDER BY i.created_at, i.id) AS images,
  ARRAY(SELECT l.subcategory_id FROM product_subcategory_links l WHERE l.product_id = p.id ORDER BY l.subcategory_id) AS subcategories,
  ARRAY(SELECT json_build_object('id', t.id, 'name', t.name)
          FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = p.id ORDER BY t.name, t.id) AS tags`;
const CORE = `${LIST_CORE},
  ARRAY(SELECT json_build_object('id', c.id, 'name', c.category, 'id_subcategory', s.id, 'subcategory', s.subcategory)
          FROM product_subcategory_links l JOIN product_subcategories s ON s.id = l.subcategory_id
          JOIN product_categories c ON c.id = s.category_id WHERE l.product_id = p.id ORDER BY s.id) AS categories`;

type Category = ProductListRow['categories'][number];
/**
 * Lists take each product's categories from its subcategories here, not by a join per product:
 * that sub-select was 40 % of a 5,000-row page's time on PostgreSQL. Same shape and order (by
 * subcategory id; a subcategory without its category is left out, as the inner join did).
 */
async function categoriesBySubcategory(db: Db): Promise<Map<number, Category>> {
  const rows = await db.query<Category>(
    `SELECT c.id, c.category AS name, s.id AS id_subcategory, s.subcategory
       FROM product_subcategories s JOIN product_categories c ON c.id = s.category_id`,
  );
  return new Map(rows.map((r) => [r.id_subcategory, r]));
}

/** A technical file's name as uploaded; a file from before names were kept goes by its stored name. */
export const ASSET_NAME = `coalesce(a.name, regexp_replace(a.path, '^.*/', ''))`;

const HEAVY = `,
  ARRAY(SELECT json_build_object('id', d.id, 'title', d.title, 'notes', d.notes) FROM product_descriptions d WHERE d.product_id = p.id ORDER BY d.id) AS descriptions,
  ARRAY(SELECT a.path FROM product_assets a WHERE a.product_id = p.id ORDER BY a.created_at, a.id) AS files,
  (SELECT coalesce(json_object_agg(a.path, ${ASSET_NAME}), '{}') FROM product_assets a WHERE a.product_id = p.id) AS file_names`;

/** A timestamp column (Date from pg, string from json_agg) as the API writes it. */
export const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/**
 * Every live product of a company, id descending (customerId null: every company); with `since`
 * (delta sync) only those changed after it. A cursor has ms precision and covers its whole ms.
 */
/** A page of the list: ids below `before`, at most `limit` rows (keyset, so pages stay stable). */
export interface ListPage {
  limit: number;
  before?: number;
  from?: number;
}

export async function listProducts(db: Db, customerId: number | null, since?: Date, page?: ListPage): Promise<ProductListRow[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (customerId !== null) where.push(`p.customer_id = $${params.push(customerId)}`);
  if (since) where.push(`p.updated_at >= $${params.push(since)}::timestamptz + interval '1 millisecond'`);
  if (page?.before) where.push(`p.id < $${params.push(page.before)}`);
  if (page?.from) where.push(`p.id >= $${params.push(page.from)}`);
  const limit = page ? `LIMIT $${params.push(page.limit)}` : '';
  // The rows come as one JSON text: decoding 5,000 rows column by column took 2.3 times as long
  // on PGlite (bench:data's first sync was server-bound).
  const sql = `SELECT json_agg(x ORDER BY x.id DESC)::text AS rows FROM (
    SELECT ${LIST_CORE} FROM products p WHERE p.deleted_at IS NULL ${where.map((w) => `AND ${w}`).join(' ')} ORDER BY p.id DESC ${limit}) x`;
  const [json, categories] = await db.tx(async (t) => {
    // PostgreSQL's JIT nearly doubles this query's time (measured 0.45 s -> 0.8 s for 10,000 rows).
    await t.query('SET LOCAL jit = off');
    return [(await t.one<{ rows: string | null }>(sql, params))!.rows, await categoriesBySubcategory(t)] as const;
  });
  const rows = json ? (JSON.parse(json) as Omit<ProductListRow, 'categories'>[]) : [];
  return rows.map((r) => ({ ...r, categories: r.subcategories.flatMap((id) => categories.get(id) ?? []) }));
}

/** One live product with its heavy parts, or undefined. */
export async function loadProduct(db: Db, id: number): Promise<ProductOut | undefined> {
  const r = await db.one<{ row: string }>(
    `SELECT row_to_json(x)::text AS row FROM (SELECT ${CORE}${HEAVY} FROM products p WHERE p.id = $1 AND p.deleted_at IS NULL) x`,
    [id],
  );
  return r && (JSON.parse(r.row) as ProductOut);
}

/**
 * Moves updated_at forward by at least 1 ms: clients hold ISO strings (ms precision), so two
 * changes within one millisecond must still look different to the 409 check.
 */
export const BUMP = `updated_at = greatest(date_trunc('milliseconds', now()), updated_at + interval '1 millisecond')`;

/** Any change to a product or one of its parts moves its updated_at (delta sync, 409s). */
export async function touchProduct(db: Db, id: number): Promise<void> {
  await db.query(`UPDATE products SET ${BUMP} WHERE id = $1`, [id]);
}

/**
 * Removes one of a product's stored files (an image or a technical file) by its exact stored path and
 * moves the product's updated_at; false when the product has no such file. Only a path read back from
 * the row reaches the disk, and only once no other row still uses it (seed:large shares pictures).
 */
export async function removeProductFile(
  db: Db,
  storage: Storage,
  table: 'product_images' | 'product_assets',
  productId: number,
  path: string,
) {
  const row = await db.tx(async (t) => {
    const r = await t.one<{ path: string }>(
      `DELETE FROM ${table} WHERE id = (SELECT id FROM ${table} WHERE product_id = $1 AND path = $2 LIMIT 1) RETURNING path`,
      [productId, path],
    );
    if (r) await touchProduct(t, productId);
    return r;
  });
  if (!row) return false;
  if (!(await db.one(`SELECT 1 FROM ${table} WHERE path = $1`, [row.path]))) await storage.remove(row.path);
  return true;
}

/** Compares at millisecond precision: the ISO strings clients hold carry no more. */
export const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/** Every field of a stored product (the contract's rule table), as store and edit check them. */
export type ProductFields = Required<ContractFields>;

/** Trims the free-text fields the client sends, keeping absent ones absent. */
export function trimFields<T extends Partial<Record<keyof ProductFields, unknown>>>(b: T): T {
  const out = { ...b };
  for (const k of PRODUCT_TEXT_FIELDS) {
    const v = out[k];
    if (typeof v === 'string') (out as Record<string, unknown>)[k] = v.trim();
  }
  return out;
}
