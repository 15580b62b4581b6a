// The server's last confirmed version of every product and template row a queued action changes, so
// that Discard puts it back at once, offline too. Recorded in the mutation's own transaction the
// first time a queued action touches the row (the row as it is then is the server's: nothing queued
// has changed it); replaced when a pull or a reply brings the server's version while entries still
// change the row; dropped when no entry touches it any more. Every function runs inside its caller's
// transaction, which must include `confirmed`, `outbox` and the tables the row lives in.
import { db } from './db.ts';
import { forgetPaged, productRows } from './product-pages.ts';
import { entityId, entityKind, isTemp } from './tempids.ts';
import type { ConfirmedRow, DescriptionRow, ProductFileRow, ProductRow, TemplateRow } from './types.ts';

type ProductVersion = Extract<ConfirmedRow, { kind: 'product' }>;

const KINDS = new Set(['product', 'template']);
const kept = (entity: string) => KINDS.has(entityKind(entity)) && !isTemp(entityId(entity));
const queuedOn = async (entity: string) => (await db().outbox.where('entities').equals(entity).count()) > 0;

/** Which of the entities some queued entry changes (one query for a bulk action's many rows). */
async function queuedAmong(entities: string[]): Promise<Set<string>> {
  if (!entities.length) return new Set();
  if (entities.length === 1) return new Set((await queuedOn(entities[0]!)) ? entities : []);
  const wanted = new Set(entities);
  const hit = new Set<string>();
  for (const e of await db().outbox.where('entities').anyOf(entities).toArray()) for (const x of e.entities) if (wanted.has(x)) hit.add(x);
  return hit;
}

/**
 * Call first in a mutation's transaction, before it queues or changes anything: each row that no
 * queued entry changes yet is recorded as it is (the server's last version). A row some entry
 * already changes keeps the version recorded then (or by a pull since). Products are read in batches.
 */
export async function keepConfirmed(entities: string[]): Promise<void> {
  const d = db();
  const busy = await queuedAmong(entities.filter(kept));
  const fresh = entities.filter((e) => kept(e) && !busy.has(e));
  for (const entity of fresh.filter((e) => entityKind(e) === 'template')) {
    await d.confirmed.put({ entity, kind: 'template', rows: await d.templates.where('id').equals(entityId(entity)).toArray() });
  }
  const ids = fresh.filter((e) => entityKind(e) === 'product').map(entityId);
  if (!ids.length) return;
  const rows = await productRows(ids);
  const group = <T extends { productId: number }>(list: T[]) => {
    const by = new Map<number, T[]>();
    for (const x of list) {
      const had = by.get(x.productId);
      if (had) had.push(x);
      else by.set(x.productId, [x]);
    }
    return by;
  };
  const blocks = group((await d.descriptions.where('productId').anyOf(ids).toArray()).filter((x) => !isTemp(x.id)));
  const files = group((await d.productFiles.where('productId').anyOf(ids).toArray()).filter((f) => f.pendingBlob === undefined));
  await d.confirmed.bulkPut(ids.map((id, i) => ({
    entity: `product:${id}`, kind: 'product' as const, row: rows[i], descriptions: blocks.get(id) ?? [], files: files.get(id) ?? [],
  })));
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
  const list = entities.filter(kept);
  const busy = await queuedAmong(list);
  await db().confirmed.bulkDelete(list.filter((e) => !busy.has(e)));
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
