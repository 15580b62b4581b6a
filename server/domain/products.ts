// The product as the API returns it: one query with array_agg/json_agg per part (no N+1),
// shared by the list, the single product and every call that answers with a product.
import type { Static } from '@sinclair/typebox';
import type { Product, ProductRow } from '../../src/api/contract/products.ts';
import type { Db } from '../db/index.ts';

export type ProductOut = Static<typeof Product>;
export type ProductListRow = Static<typeof ProductRow>;

/**
 * The parts are aggregated per table over the selected products and joined by hash: for a
 * 10,000-product list this is about twice as fast as one correlated sub-select per row.
 */
function productSql(where: string, heavy: boolean): string {
  const heavyCtes = heavy ? `,
    ds AS (SELECT d.product_id, json_agg(json_build_object('id', d.id, 'title', d.title, 'notes', d.notes) ORDER BY d.id) AS descriptions
             FROM product_descriptions d JOIN ps ON ps.id = d.product_id GROUP BY d.product_id),
    fs AS (SELECT a.product_id, array_agg(a.path ORDER BY a.created_at, a.id) AS files
             FROM product_assets a JOIN ps ON ps.id = a.product_id GROUP BY a.product_id)` : '';
  return `
    WITH ps AS (SELECT * FROM products p WHERE p.deleted_at IS NULL AND ${where}),
    im AS (SELECT i.product_id, array_agg(i.path ORDER BY i.created_at, i.id) AS images
             FROM product_images i JOIN ps ON ps.id = i.product_id GROUP BY i.product_id),
    sc AS (SELECT l.product_id, array_agg(l.subcategory_id ORDER BY l.subcategory_id) AS subcategories,
                  json_agg(json_build_object('id', c.id, 'name', c.category, 'id_subcategory', s.id, 'subcategory', s.subcategory) ORDER BY s.id) AS categories
             FROM product_subcategory_links l JOIN ps ON ps.id = l.product_id
             JOIN product_subcategories s ON s.id = l.subcategory_id JOIN product_categories c ON c.id = s.category_id
            GROUP BY l.product_id),
    tg AS (SELECT pt.product_id, json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name, t.id) AS tags
             FROM product_tags pt JOIN ps ON ps.id = pt.product_id JOIN tags t ON t.id = pt.tag_id GROUP BY pt.product_id)${heavyCtes}
    SELECT p.id, p.id AS id_product, p.customer_id AS id_customer, p.sku, p.name, p.collection,
           p.automation_system, p.cancelable_as, p.created_at, p.updated_at,
           p.height, p.width, p.depth, p.finish, p.note, p.measure,
           COALESCE(im.images, '{}') AS images, COALESCE(sc.subcategories, '{}') AS subcategories,
           COALESCE(sc.categories, '[]') AS categories, COALESCE(tg.tags, '[]') AS tags
           ${heavy ? `, COALESCE(ds.descriptions, '[]') AS descriptions, COALESCE(fs.files, '{}') AS files` : ''}
      FROM ps p LEFT JOIN im ON im.product_id = p.id LEFT JOIN sc ON sc.product_id = p.id LEFT JOIN tg ON tg.product_id = p.id
           ${heavy ? 'LEFT JOIN ds ON ds.product_id = p.id LEFT JOIN fs ON fs.product_id = p.id' : ''}
     ORDER BY p.id DESC`;
}

type Raw = Omit<ProductListRow, 'created_at' | 'updated_at'> & { created_at: Date | string; updated_at: Date | string };

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function mapRow<T extends Raw>(r: T) {
  return { ...r, created_at: iso(r.created_at), updated_at: iso(r.updated_at) };
}

/**
 * Every live product of a company, id descending (customerId null: every company); with `since`
 * (delta sync) only those changed after it. A cursor has ms precision and covers its whole ms.
 */
export async function listProducts(db: Db, customerId: number | null, since?: Date): Promise<ProductListRow[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (customerId !== null) where.push(`p.customer_id = $${params.push(customerId)}`);
  if (since) where.push(`p.updated_at >= $${params.push(since)}::timestamptz + interval '1 millisecond'`);
  const sql = productSql(where.join(' AND ') || 'true', false);
  const rows = await db.tx(async (t) => {
    // PostgreSQL's JIT triples this query's time (measured: 0.25 s -> 1.5 s for 10,000 rows).
    await t.query('SET LOCAL jit = off');
    return t.query<Raw>(sql, params);
  });
  return rows.map(mapRow);
}

/** One live product with its heavy parts, or undefined. */
export async function loadProduct(db: Db, id: number): Promise<ProductOut | undefined> {
  const r = await db.one<Raw & Pick<ProductOut, 'descriptions' | 'files'>>(productSql('p.id = $1', true), [id]);
  return r && mapRow(r);
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

/** Compares at millisecond precision: the ISO strings clients hold carry no more. */
export const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

export interface ProductFields {
  name: string; sku: string; collection: string; automation_system: 0 | 1;
  height: string; width: string; depth: string; finish: string; note: string; measure: string;
}

export const DEFAULT_NOTE = 'Some more details to inform about technical aspects of the product.';

/** The rules shared by store and edit; returns the message of the first broken one. */
export function productRuleError(p: ProductFields): string | undefined {
  if (!p.name && !p.sku) return 'You need to add a name or sku to the product';
  if (p.automation_system === 1 && (!p.width || !p.height || !p.depth)) return 'You need to add the dimensions to the product';
  return undefined;
}

/** Trims the free-text fields the client sends, keeping absent ones absent. */
export function trimFields<T extends Partial<Record<keyof ProductFields, unknown>>>(b: T): T {
  const out = { ...b };
  for (const k of ['name', 'sku', 'collection', 'height', 'width', 'depth', 'finish', 'note'] as const) {
    const v = out[k];
    if (typeof v === 'string') (out as Record<string, unknown>)[k] = v.trim();
  }
  return out;
}
