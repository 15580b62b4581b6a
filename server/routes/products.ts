// Document 2 §7: the product list, one product, registration, the Info edit and delete.
import { products as contract } from '../../src/api/contract/products.ts';
import { PROVIDER_CONTEXT } from '../../src/api/contract/slugs.ts';
import type { Auth } from '../auth/guard.ts';
import type { Db } from '../db/index.ts';
import { BUMP, listProducts, loadProduct, sameInstant, trimFields, type ProductFields } from '../domain/products.ts';
import {
  AUTOMATION_LOCKED_MESSAGE,
  automationChangeable,
  DEFAULT_MEASURE,
  DEFAULT_NOTE,
  productFieldErrors,
  productWords,
} from '../../src/api/contract/rules/product.ts';
import { timestampError } from '../../src/api/contract/rules/timestamp.ts';
import { ruleWords } from '../../src/api/contract/rules/words.ts';
import { deltaFor, parseSince } from '../domain/delta.ts';
import { listPage } from '../domain/list-pages.ts';
import { productScreenFields } from '../domain/imagery-files.ts';
import { productListVersion, sendVersioned } from '../domain/list-cache.ts';
import { authCacheOf } from '../auth/cache.ts';
import { recordAnswer } from '../http/idempotency/index.ts';
import { ApiError, fieldError, forbidden, notFound, productGone, refuseBroken } from '../http/errors.ts';
import { implement } from '../http/routes.ts';
import { tutorialHandlers } from './tutorials.ts';

/** The guard resolved the company (from id_customer or the product); a handler needs it. */
export function companyOf(auth: Auth): number {
  if (auth.customerId === undefined) throw new ApiError(422, ruleWords.required('id_customer'));
  return auth.customerId;
}

function mayAutomate(auth: Auth) {
  if (!auth.slugs.has('send-products-for-automation'))
    throw forbidden('You do not have permission to send products for automation.');
}

async function mustLoad(db: Db, id: number) {
  const product = await loadProduct(db, id);
  if (!product) throw productGone();
  return product;
}

type Current = ProductFields & { cancelable_as: number; updated_at: Date };

export const productRoutes = implement(contract, {
  async list({ db, auth, query, req, reply }) {
    const customerId = companyOf(auth);
    const company = customerId === PROVIDER_CONTEXT ? null : customerId;
    const since = parseSince(query.updated_since);
    if (query.limit !== undefined) {
      if (since) throw fieldError('limit', 'The limit field cannot be combined with updated_since.');
      return listPage(db, company, { limit: query.limit, before: query.before, from: query.from });
    }
    const build = async () => {
      const products = await listProducts(db, company, since);
      return {
        success: true as const,
        products,
        ...(await deltaFor(db, { entity: 'product', since, customerId: company, rows: products })),
      };
    };
    if (since) return build();
    // The full list is the costly one: answer it from the versioned cache (and 304 when unchanged).
    const version = await productListVersion(db, company);
    return sendVersioned(req, reply, `products.${company ?? 'all'}`, version, build) as never;
  },

  async get({ db, query }) {
    // The product screen's first call, and the busiest: kept per process until the company's
    // 'products:<id>' notice (any change to the product or its parts, migrations 007 and 010).
    const load = async () => {
      const product = await mustLoad(db, query.id_product);
      const value = { ...product, ...(await productScreenFields(db, query.id_product)) };
      return { value, user: 0, group: `products:${product.id_customer}` };
    };
    const cache = authCacheOf(db);
    const product = cache ? (await cache.get('product', String(query.id_product), load))! : (await load()).value;
    return { success: true, product };
  },

  async store({ db, body, auth, req }) {
    const b = trimFields(body);
    const f: ProductFields = {
      name: b.name ?? '',
      sku: b.sku ?? '',
      collection: b.collection ?? '',
      automation_system: b.automation_system ?? 0,
      height: b.height ?? '',
      width: b.width ?? '',
      depth: b.depth ?? '',
      finish: b.finish ?? '',
      note: b.note ?? DEFAULT_NOTE,
      measure: b.measure ?? DEFAULT_MEASURE,
    };
    if (f.automation_system === 1) mayAutomate(auth);
    // The contract's product rules on the result: name or SKU, dimension formats, dimensions for automation.
    refuseBroken(productFieldErrors(f));
    return db.tx(async (t) => {
      // The row lock serialises concurrent stores, so the cap cannot be overshot. The count is a
      // statement of its own: under READ COMMITTED it then sees what the lock's previous holder committed
      // (a subquery beside FOR UPDATE would keep the snapshot taken before the wait).
      const c = await t.one<{ allowed: number }>('SELECT products_allowed AS allowed FROM customers WHERE id = $1 FOR UPDATE', [
        body.id_customer,
      ]);
      if (!c) throw notFound('Customer');
      const { used } = (await t.one<{ used: number }>(
        'SELECT count(*)::int AS used FROM products WHERE customer_id = $1 AND deleted_at IS NULL',
        [body.id_customer],
      ))!;
      if (used >= c.allowed) throw new ApiError(422, `Your company may register at most ${c.allowed} products.`);
      const row = await t.one<{ id: number }>(
        `INSERT INTO products (customer_id, name, sku, collection, automation_system, height, width, depth, finish, note, measure,
                               created_at, updated_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11, date_trunc('milliseconds', now()), date_trunc('milliseconds', now())) RETURNING id`,
        [
          body.id_customer,
          f.name,
          f.sku,
          f.collection,
          f.automation_system,
          f.height,
          f.width,
          f.depth,
          f.finish,
          f.note,
          f.measure,
        ],
      );
      return recordAnswer(t, req, {
        success: true as const,
        message: 'Product created successfully',
        product: await mustLoad(t, row!.id),
      });
    });
  },

  async edit({ db, body, auth }) {
    const b = trimFields(body);
    const notIso = timestampError('updated_at', b.updated_at);
    if (notIso) throw fieldError('updated_at', notIso);
    await db.tx(async (t) => {
      const cur = await t.one<Current>(
        `SELECT name, sku, collection, automation_system, cancelable_as, height, width, depth, finish, note, measure, updated_at
           FROM products WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
        [b.id_product],
      );
      if (!cur) throw productGone();
      if (b.updated_at !== undefined && !sameInstant(b.updated_at, new Date(cur.updated_at).toISOString())) {
        const product = await mustLoad(t, b.id_product);
        throw new ApiError(409, productWords.changedElsewhere, undefined, { product });
      }
      const f: ProductFields = {
        name: b.name ?? cur.name,
        sku: b.sku ?? cur.sku,
        collection: b.collection ?? cur.collection,
        automation_system: b.automation_system ?? cur.automation_system,
        height: b.height ?? cur.height,
        width: b.width ?? cur.width,
        depth: b.depth ?? cur.depth,
        finish: b.finish ?? cur.finish,
        note: b.note ?? cur.note,
        measure: b.measure ?? cur.measure,
      };
      if (f.automation_system !== cur.automation_system) {
        if (f.automation_system === 1) mayAutomate(auth);
        if (!automationChangeable(cur)) throw fieldError('automation_system', AUTOMATION_LOCKED_MESSAGE);
      }
      refuseBroken(productFieldErrors(f));
      await t.query(
        `UPDATE products SET name = $2, sku = $3, collection = $4, automation_system = $5, height = $6, width = $7,
                depth = $8, finish = $9, note = $10, measure = $11, ${BUMP} WHERE id = $1`,
        [b.id_product, f.name, f.sku, f.collection, f.automation_system, f.height, f.width, f.depth, f.finish, f.note, f.measure],
      );
    });
    return { success: true, message: 'Product updated successfully', product: await mustLoad(db, b.id_product) };
  },

  async remove({ db, query }) {
    await db.tx(async (t) => {
      const row = await t.one<{ customer_id: number }>(
        `UPDATE products SET deleted_at = now(), ${BUMP} WHERE id = $1 AND deleted_at IS NULL RETURNING customer_id`,
        [query.id_product],
      );
      if (!row) throw productGone();
      await t.query(`INSERT INTO tombstones (entity, entity_id, customer_id) VALUES ('product', $1, $2)`, [
        query.id_product,
        row.customer_id,
      ]);
    });
    return { success: true, message: productWords.deleted };
  },

  ...tutorialHandlers,
});
