// The server's last confirmed version of every product and template row a queued action changes, so
// that Discard puts it back at once, offline too. Recorded in the mutation's own transaction the
// first time a queued action touches the row (the row as it is then is the server's: nothing queued
// has changed it); replaced when a pull or a reply brings the server's version while entries still
// change the row; dropped when no entry touches it any more. Every function runs inside its caller's
// transaction, which must include `confirmed`, `outbox` and the tables the row lives in.
import { db } from './db.ts';
import { forgetPaged, productRow } from './product-pages.ts';
import { entityId, entityKind, isTemp } from './tempids.ts';
import type { ConfirmedRow, DescriptionRow, ProductFileRow, ProductRow, TemplateRow } from './types.ts';

type ProductVersion = Extract<ConfirmedRow, { kind: 'product' }>;

const KINDS = new Set(['product', 'template']);
const kept = (entity: string) => KINDS.has(entityKind(entity)) && !isTemp(entityId(entity));
const queuedOn = async (entity: string) => (await db().outbox.where('entities').equals(entity).count()) > 0;

/**
 * Call first in a mutation's transaction, before it queues or changes anything: each row that no
 * queued entry changes yet is recorded as it is (the server's last version). A row some entry
 * already changes keeps the version recorded then (or by a pull since).
 */
export async function keepConfirmed(entities: string[]): Promise<void> {
  const d = db();
  for (const entity of entities.filter(kept)) {
    if (await queuedOn(entity)) continue;
    const id = entityId(entity);
    if (entityKind(entity) === 'template') {
      await d.confirmed.put({ entity, kind: 'template', rows: await d.templates.where('id').equals(id).toArray() });
      continue;
    }
    await d.confirmed.put({
      entity, kind: 'product', row: await productRow(id),
      descriptions: (await d.descriptions.where('productId').equals(id).toArray()).filter((x) => !isTemp(x.id)),
      files: (await d.productFiles.where('productId').equals(id).toArray()).filter((f) => f.pendingBlob === undefined),
    });
  }
}

/**
 * The server's version of a product that queued entries change, from a pull or a reply (row
 * undefined: the server has no such product). Blocks and files not given keep what was recorded.
 */
export async function confirmProduct(id: number, row: ProductRow | undefined, parts: { descriptions?: DescriptionRow[]; files?: ProductFileRow[] } = {}): Promise<void> {
  const entity = `product:${id}`;
  if (isTemp(id) || !(await queuedOn(entity))) return;
  const was = (await db().confirmed.get(entity)) as ProductVersion | undefined;
  await db().confirmed.put({
    entity, kind: 'product', row,
    descriptions: row ? (parts.descriptions ?? was?.descriptions) : [],
    files: row ? (parts.files ?? was?.files) : [],
  });
}

/** The server's version of a template in company cid's list (undefined: gone from it), from a pull. */
export async function confirmTemplate(cid: number, id: number, row: TemplateRow | undefined): Promise<void> {
  const entity = `template:${id}`;
  if (isTemp(id) || !(await queuedOn(entity))) return;
  const was = await db().confirmed.get(entity);
  const others = was?.kind === 'template' ? was.rows.filter((r) => r.cid !== cid) : [];
  await db().confirmed.put({ entity, kind: 'template', rows: row ? [...others, row] : others });
}

/** A pull's row (undefined: the server no longer lists it) of a product or template that queued entries change. */
export async function confirmPulled(kind: string | undefined, cid: number, id: number, row: object | undefined): Promise<void> {
  if (kind === 'product') await confirmProduct(id, row as ProductRow | undefined);
  else if (kind === 'template') await confirmTemplate(cid, id, row as TemplateRow | undefined);
}

/** After a success: rows no queued entry changes any more need no recorded version. */
export async function settleConfirmed(entities: string[]): Promise<void> {
  for (const entity of entities.filter(kept)) if (!(await queuedOn(entity))) await db().confirmed.delete(entity);
}

/**
 * Discard (after its entries left the outbox): each row that no remaining entry changes gets the
 * server's recorded version back. Returns the products put back.
 */
export async function restoreConfirmed(entities: Iterable<string>): Promise<number[]> {
  const d = db();
  const products: number[] = [];
  for (const entity of [...entities].filter(kept)) {
    const c = await d.confirmed.get(entity);
    if (!c || (await queuedOn(entity))) continue;
    await d.confirmed.delete(entity);
    const id = entityId(entity);
    if (c.kind === 'template') {
      await d.templates.where('id').equals(id).delete();
      await d.templates.bulkPut(c.rows);
      continue;
    }
    products.push(id);
    // Its own record wins over a first-sync page's copy (product-pages.ts).
    if (c.row) await d.products.put(c.row);
    else {
      await d.products.delete(id);
      await forgetPaged([id]);
    }
    if (c.descriptions) {
      await d.descriptions.where('productId').equals(id).delete();
      await d.descriptions.bulkPut(c.descriptions);
    }
    if (c.files) {
      await d.productFiles.where('productId').equals(id).delete();
      await d.productFiles.bulkPut(c.files);
    }
  }
  return products;
}
