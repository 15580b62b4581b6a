// Document 2 §7: what registration and the Info edit attach to a product and take off it.
// Every change moves the product's updated_at. The guard has already checked the product's company.
import { productInfo as contract } from '../../src/api/contract/products-info.ts';
import type { Db } from '../db/index.ts';
import { ASSET_NAME, removeProductFile, touchProduct } from '../domain/products.ts';
import { displayName } from '../domain/imagery-files.ts';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../auth/guard.ts';
import { tableErrors } from '../../src/api/contract/rules/check.ts';
import { descriptionRules, productTagRules } from '../../src/api/contract/rules/product.ts';
import { notFound, refuseBroken } from '../http/errors.ts';
import type { UploadedFile } from '../http/multipart.ts';
import { implement } from '../http/routes.ts';
import type { Services } from '../services.ts';
import { txWithFiles } from '../storage/files.ts';
import { recordAnswer } from '../http/idempotency/index.ts';
import { companyOf } from './products.ts';

async function companyTag(db: Db, tagId: number, customerId: number) {
  const tag = await db.one('SELECT id FROM tags WHERE id = $1 AND customer_id = $2', [tagId, customerId]);
  if (!tag) throw notFound('Tag');
}

async function subcategory(db: Db, id: number) {
  if (!(await db.one('SELECT id FROM product_subcategories WHERE id = $1', [id]))) throw notFound('Subcategory');
}

/** An information block of this very product (ids of another product's blocks look missing). */
async function ownDescription(db: Db, id: number, productId: number) {
  if (!(await db.one('SELECT id FROM product_descriptions WHERE id = $1 AND product_id = $2', [id, productId]))) {
    throw notFound('Product information');
  }
}

/** A block's title and notes by the contract's table (spaces alone are no value), trimmed as stored. */
function block(b: { title: string; notes: string }) {
  refuseBroken(tableErrors(descriptionRules, b));
  return { title: b.title.trim(), notes: b.notes.trim() };
}

/** Runs a change and moves updated_at when it changed something, in one transaction. */
async function change(db: Db, productId: number, sql: string, params: unknown[]): Promise<void> {
  await db.tx(async (t) => {
    if ((await t.query(sql, params)).length) await touchProduct(t, productId);
  });
}

type Ctx = Services & { auth: Auth; req: FastifyRequest };

/**
 * The file and its row in one step: if the row cannot be written, the file goes too. A technical file
 * keeps the name it was uploaded with (Info, its download); an image is named after the product.
 */
async function storeFile<R>(
  s: Ctx,
  productId: number,
  file: UploadedFile,
  to: { table: 'product_images' | 'product_assets'; sub: string; name?: string },
  answer: (path: string) => R,
) {
  return txWithFiles(s, async (t, pending) => {
    const path = await pending.save(`products/${companyOf(s.auth)}/${productId}${to.sub}`, file.ext, file.bytes);
    await change(
      t,
      productId,
      `INSERT INTO ${to.table} (product_id, path${to.name === undefined ? '' : ', name'}) VALUES ($1, $2${to.name === undefined ? '' : ', $3'}) RETURNING id`,
      [productId, path, ...(to.name === undefined ? [] : [to.name])],
    );
    return recordAnswer(t, s.req, answer(path));
  });
}

export const productPartRoutes = implement(contract, {
  async tagStore({ db, body }) {
    refuseBroken(tableErrors(productTagRules, body));
    const name = body.name.trim();
    // The unique index is on (customer, lower(name)): the same name returns the existing tag.
    const tag =
      (await db.one<{ id: number; name: string }>(
        `INSERT INTO tags (customer_id, name) VALUES ($1, $2) ON CONFLICT (customer_id, lower(name)) DO NOTHING RETURNING id, name`,
        [body.id_customer, name],
      )) ??
      (await db.one<{ id: number; name: string }>(
        'SELECT id, name FROM tags WHERE customer_id = $1 AND lower(name) = lower($2)',
        [body.id_customer, name],
      ));
    return { success: true, tag: tag! };
  },

  async tags({ db, query }) {
    const tags = await db.query<{ id: number; name: string }>(
      'SELECT t.id, t.name FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = $1 ORDER BY t.name, t.id',
      [query.id_product],
    );
    return { success: true, tags };
  },

  async tagAttach({ db, body, auth }) {
    await companyTag(db, body.id_tag, companyOf(auth));
    await change(
      db,
      body.id_product,
      'INSERT INTO product_tags (product_id, tag_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING tag_id',
      [body.id_product, body.id_tag],
    );
    return { success: true };
  },

  async tagDetach({ db, query, auth }) {
    await companyTag(db, query.id_tag, companyOf(auth));
    await change(db, query.id_product, 'DELETE FROM product_tags WHERE product_id = $1 AND tag_id = $2 RETURNING tag_id', [
      query.id_product,
      query.id_tag,
    ]);
    return { success: true };
  },

  async subcategoryAttach({ db, body }) {
    await subcategory(db, body.id_product_subcategory);
    await change(
      db,
      body.id_product,
      'INSERT INTO product_subcategory_links (product_id, subcategory_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING product_id',
      [body.id_product, body.id_product_subcategory],
    );
    return { success: true };
  },

  async subcategoryDetach({ db, query }) {
    await subcategory(db, query.id_product_subcategory);
    await change(
      db,
      query.id_product,
      'DELETE FROM product_subcategory_links WHERE product_id = $1 AND subcategory_id = $2 RETURNING product_id',
      [query.id_product, query.id_product_subcategory],
    );
    return { success: true };
  },

  async imageStore(s) {
    return storeFile(s, s.body.id_product, s.files.image!, { table: 'product_images', sub: '' }, (path) => ({
      success: true as const,
      message: 'Image uploaded successfully',
      path,
    }));
  },

  async assets({ db, query }) {
    const rows = await db.query<{ path: string; name: string }>(
      `SELECT path, ${ASSET_NAME} AS name FROM product_assets a WHERE product_id = $1 ORDER BY created_at, id`,
      [query.id_product],
    );
    return { success: true, files: rows.map((r) => r.path), file_names: Object.fromEntries(rows.map((r) => [r.path, r.name])) };
  },

  async assetStore(s) {
    const file = s.files.file!;
    const name = displayName(file.filename, file.ext);
    return storeFile(s, s.body.id_product, file, { table: 'product_assets', sub: '/files', name }, (path) => ({
      success: true as const,
      message: 'File uploaded successfully',
      path,
      name,
    }));
  },

  async assetDelete({ db, storage, query }) {
    if (!(await removeProductFile(db, storage, 'product_assets', query.id_product, query.file))) throw notFound('File');
    return { success: true };
  },

  async descriptions({ db, query }) {
    const descriptions = await db.query<{ id: number; title: string; notes: string }>(
      'SELECT id, title, notes FROM product_descriptions WHERE product_id = $1 ORDER BY id',
      [query.id_product],
    );
    return { success: true, descriptions };
  },

  async descriptionStore({ db, body, req }) {
    const { title, notes } = block(body);
    return db.tx(async (t) => {
      const r = await t.one<{ id: number }>(
        'INSERT INTO product_descriptions (product_id, title, notes) VALUES ($1, $2, $3) RETURNING id',
        [body.id_product, title, notes],
      );
      await touchProduct(t, body.id_product);
      return recordAnswer(t, req, { success: true as const, id_product_description: r!.id });
    });
  },

  async descriptionEdit({ db, body }) {
    const { title, notes } = block(body);
    await ownDescription(db, body.id_product_description, body.id_product);
    await change(
      db,
      body.id_product,
      'UPDATE product_descriptions SET title = $2, notes = $3, updated_at = now() WHERE id = $1 RETURNING id',
      [body.id_product_description, title, notes],
    );
    return { success: true };
  },

  async descriptionDelete({ db, query }) {
    await ownDescription(db, query.id_product_description, query.id_product);
    await change(db, query.id_product, 'DELETE FROM product_descriptions WHERE id = $1 RETURNING id', [
      query.id_product_description,
    ]);
    return { success: true };
  },
});
