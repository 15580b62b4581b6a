// A product's share key: the public embeds (/iframe/360, /viewer/, oEmbed and their calls) need it, so
// product ids cannot be walked. Random 128 bits, made on first ask, rotated on demand.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/index.ts';

const newKey = () => randomBytes(16).toString('base64url');

/** The product's key, made now if it has none (two first asks at once agree on one). */
export async function shareKeyOf(db: Db, productId: number): Promise<string> {
  await db.query('INSERT INTO product_share_keys (product_id, key) VALUES ($1, $2) ON CONFLICT (product_id) DO NOTHING', [
    productId,
    newKey(),
  ]);
  return (await db.one<{ key: string }>('SELECT key FROM product_share_keys WHERE product_id = $1', [productId]))!.key;
}

/** A new key; every embed made with the old one answers 404 from now on. */
export async function rotateShareKey(db: Db, productId: number): Promise<string> {
  const key = newKey();
  await db.query(
    `INSERT INTO product_share_keys (product_id, key) VALUES ($1, $2)
     ON CONFLICT (product_id) DO UPDATE SET key = $2, rotated_at = now()`,
    [productId, key],
  );
  return key;
}

export interface SharedProduct {
  id: number;
  name: string;
  sku: string;
  customerId: number;
}

/** The live product when `key` is its share key; undefined for anything else (the caller answers 404). */
export async function productByKey(db: Db, productId: number, key: string | undefined): Promise<SharedProduct | undefined> {
  if (!key) return undefined;
  const row = await db.one<SharedProduct & { key: string }>(
    `SELECT p.id, p.name, p.sku, p.customer_id AS "customerId", k.key FROM products p
       JOIN product_share_keys k ON k.product_id = p.id WHERE p.id = $1 AND p.deleted_at IS NULL`,
    [productId],
  );
  if (!row) return undefined;
  const a = Buffer.from(row.key);
  const b = Buffer.from(key);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return undefined;
  return { id: row.id, name: row.name, sku: row.sku, customerId: row.customerId };
}
