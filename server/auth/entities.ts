// Which company owns a row named by id. Unknown and foreign rows look the same to the caller.
import type { EntityKind } from '../../src/api/contract/define.ts';
import type { Db } from '../db/index.ts';
import { authCacheOf } from './cache.ts';

export interface Owner {
  customerId: number | null;
  public?: boolean;
}

const lookups: Record<EntityKind, string> = {
  product: 'SELECT customer_id AS "customerId" FROM products WHERE id = $1 AND deleted_at IS NULL',
  deletedProduct: 'SELECT customer_id AS "customerId" FROM products WHERE id = $1 AND deleted_at IS NOT NULL',
  template: 'SELECT customer_id AS "customerId", public = 1 AS public FROM templates WHERE id = $1 AND deleted_at IS NULL',
  description: `SELECT p.customer_id AS "customerId" FROM product_descriptions d
                  JOIN products p ON p.id = d.product_id AND p.deleted_at IS NULL WHERE d.id = $1`,
  role: 'SELECT customer_id AS "customerId" FROM roles WHERE id = $1',
  // A user's company is checked per call (users can belong to several); existence only here.
  user: 'SELECT NULL::integer AS "customerId" FROM users WHERE id = $1',
  // An expired zip is gone, whether or not the sweep has removed it yet.
  zip: 'SELECT customer_id AS "customerId" FROM download_zips WHERE token = $1 AND expires_at > now()',
  export: 'SELECT customer_id AS "customerId" FROM exports WHERE id = $1',
  reviewRound: 'SELECT customer_id AS "customerId" FROM dashboard_rounds WHERE id = $1',
};

export const entityNames: Record<EntityKind, string> = {
  product: 'Product',
  deletedProduct: 'Product',
  template: 'Template',
  description: 'Product information',
  role: 'Role',
  user: 'User',
  zip: 'Zip',
  export: 'Export',
  reviewRound: 'Round',
};

/**
 * A product's owner is asked on every product call: kept in the auth cache, dropped with the
 * company's 'products:<id>' notice (a delete, or a move). Unknown ids are not kept.
 */
export async function ownerOf(db: Db, kind: EntityKind, id: number | string): Promise<Owner | undefined> {
  const read = () => db.one<Owner>(lookups[kind], [id]);
  const cache = authCacheOf(db);
  if (kind !== 'product' || !cache) return read();
  return cache.get('owner.product', String(id), async () => {
    const owner = await read();
    return owner && { value: owner, user: 0, group: `products:${owner.customerId}` };
  });
}
