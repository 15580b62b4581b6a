// The server's last confirmed version of every product, template and saved-view row a queued action changes, so
// that Discard puts it back at once, offline too. Recorded in the mutation's own transaction the
// first time a queued action touches the row (the row as it is then is the server's: nothing queued
// has changed it); replaced when a pull or a reply brings the server's version while entries still
// change the row; dropped when no entry touches it any more. Every function runs inside its caller's
// transaction, which must include `confirmed`, `outbox` and the tables the row lives in.
import { deleteInSlices, outboxNaming, putInSlices } from './bulk-io.ts';
import { db } from './db.ts';
import { forgetPaged, ownIds, pageCopies, productRows } from './product-pages.ts';
import { entityId, entityKind, isTemp } from './tempids.ts';
import type { ConfirmedRow, DescriptionRow, ProductFileRow, ProductRow, SavedViewRow, TemplateRow } from './types.ts';

type ProductVersion = Extract<ConfirmedRow, { kind: 'product' }>;

const KINDS = new Set(['product', 'template', 'savedView']);
const kept = (entity: string) => KINDS.has(entityKind(entity)) && !isTemp(entityId(entity));
const queuedOn = async (entity: string) => (await db().outbox.where('entities').equals(entity).count()) > 0;

/** Which of the entities some queued entry changes (one query for a bulk action's many rows). */
async function queuedAmong(entities: string[]): Promise<Set<string>> {
  if (!entities.length) return new Set();
  if (entities.length === 1) return new Set((await queuedOn(entities[0]!)) ? entities : []);
  const wanted = new Set(entities);
  const hit = new Set<string>();
  for (const e of await outboxNaming(entities)) for (const x of e.entities) if (wanted.has(x)) hit.add(x);
  return hit;
}

/**
 * Call first in a mutation's transaction, before it queues or changes anything: each row that no
 * queued entry changes yet is recorded as it is (the server's last version). A row some entry
 * already changes keeps the version recorded then (or by a pull since). Products are read in batches.
 * `read`: rows the caller has just read in this transaction (a bulk action's), not read again.
 * `pagedIsServer`: the change leaves first-sync pages as they are and no block or file (a bulk action
 * other than delete), so a row that only a page holds needs no record: the page's copy is the
 * server's version, and Discard drops the own record the change writes (restoreConfirmed). A bulk
 * action on 10,000 paged rows writes no record.
 */
export async function keepConfirmed(entities: string[], read?: readonly ProductRow[], pagedIsServer = false): Promise<void> {
  const d = db();
  const busy = await queuedAmong(entities.filter(kept));
  const fresh = entities.filter((e) => kept(e) && !busy.has(e));
  for (const entity of fresh.filter((e) => entityKind(e) === 'template')) {
    await d.confirmed.put({ entity, kind: 'template', rows: await d.templates.where('id').equals(entityId(entity)).toArray() });
  }
  for (const entity of fresh.filter((e) => entityKind(e) === 'savedView')) {
    await d.confirmed.put({ entity, kind: 'savedView', row: await d.savedViews.get(entityId(entity)) });
  }
  const wanted = fresh.filter((e) => entityKind(e) === 'product').map(entityId);
  const known = new Map(read?.map((r) => [r.id, r]));
  const found = wanted.every((id) => known.has(id)) ? wanted.map((id) => known.get(id)) : await productRows(wanted);
  const own = pagedIsServer ? await ownIds(wanted) : undefined;
  // Found but not in an own record: a page's copy, which stays the server's version.
  const keep = wanted.map((id, i) => !own || own.has(id) || !found[i]);
  const ids = wanted.filter((_, i) => keep[i]);
  const rows = found.filter((_, i) => keep[i]);
  if (!pagedIsServer) {
    // Rows a bulk action changes without a record (above): recorded now from their pages, before this change.
    const busyIds = [...busy].filter((e) => entityKind(e) === 'product');
    const records = busyIds.length ? await d.confirmed.bulkGet(busyIds) : [];
    const unrecorded = busyIds.filter((_, i) => !records[i]);
    const open = new Set(unrecorded);
    const byBulk = new Set<number>();
    for (const e of unrecorded.length ? await outboxNaming(unrecorded) : []) {
      if (e.call.command === 'productBulk.apply') for (const x of e.entities) if (open.has(x)) byBulk.add(entityId(x));
    }
    for (const [id, row] of await pageCopies([...byBulk])) {
      ids.push(id);
      rows.push(row);
    }
  }
  if (!ids.length) return;
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
  await putInSlices(d.confirmed, ids.map((id, i) => ({
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

/** A pull's row (undefined: the server no longer lists it) of a product, template or saved view that queued entries change. */
export async function confirmPulled(kind: string | undefined, cid: number, id: number, row: object | undefined): Promise<void> {
  if (kind === 'product') await confirmProduct(id, row as ProductRow | undefined);
  else if (kind === 'template') await confirmTemplate(cid, id, row as TemplateRow | undefined);
  else if (kind === 'savedView' && !isTemp(id) && (await queuedOn(`savedView:${id}`))) {
    await db().confirmed.put({ entity: `savedView:${id}`, kind: 'savedView', row: row as SavedViewRow | undefined });
  }
}

/** After a success: rows no queued entry changes any more need no recorded version. */
export async function settleConfirmed(entities: string[]): Promise<void> {
  const list = entities.filter(kept);
  const busy = await queuedAmong(list);
  // Only the records there are (a bulk action on first-sync rows recorded none): the table's keys are few.
  const recorded = new Set(list.length > 1 ? ((await db().confirmed.toCollection().primaryKeys()) as string[]) : list);
  await deleteInSlices(db().confirmed, list.filter((e) => !busy.has(e) && recorded.has(e)));
}

/**
 * Discard (after its entries left the outbox): each row that no remaining entry changes gets the
 * server's recorded version back; a product that a discarded bulk action (`bulk`: its entities)
 * changed without a record (keepConfirmed) loses its own record, so that its page's copy shows again.
 * In batches (a bulk action's 10,000 rows). Returns the products put back.
 */
export async function restoreConfirmed(entities: Iterable<string>, bulk: ReadonlySet<string> = new Set()): Promise<number[]> {
  const d = db();
  const list = [...new Set(entities)].filter(kept);
  const busy = await queuedAmong(list);
  const free = list.filter((e) => !busy.has(e));
  const records = free.length ? await d.confirmed.bulkGet(free) : [];
  const products: ProductVersion[] = [];
  const unrecorded: number[] = [];
  for (const [i, c] of records.entries()) {
    if (c?.kind === 'template') {
      await d.templates.where('id').equals(entityId(c.entity)).delete();
      await d.templates.bulkPut(c.rows);
    } else if (c?.kind === 'savedView') {
      if (c.row) await d.savedViews.put(c.row);
      else await d.savedViews.delete(entityId(c.entity));
    } else if (c) products.push(c);
    else if (bulk.has(free[i]!)) unrecorded.push(entityId(free[i]!));
  }
  await deleteInSlices(d.confirmed, records.flatMap((c) => (c ? [c.entity] : [])));
  const paged = await pageCopies(unrecorded);
  const dropped = unrecorded.filter((id) => paged.has(id));
  await deleteInSlices(d.products, dropped);
  // Its own record wins over a first-sync page's copy (product-pages.ts).
  await putInSlices(d.products, products.flatMap((c) => (c.row ? [c.row] : [])));
  const gone = products.filter((c) => !c.row).map((c) => entityId(c.entity));
  await deleteInSlices(d.products, gone);
  await forgetPaged(gone);
  const withBlocks = products.filter((c) => c.descriptions);
  const withFiles = products.filter((c) => c.files);
  const idsOf = (cs: ProductVersion[]) => cs.map((c) => entityId(c.entity));
  if (withBlocks.length) {
    await d.descriptions.where('productId').anyOf(idsOf(withBlocks)).delete();
    await putInSlices(d.descriptions, withBlocks.flatMap((c) => c.descriptions!));
  }
  if (withFiles.length) {
    await d.productFiles.where('productId').anyOf(idsOf(withFiles)).delete();
    await putInSlices(d.productFiles, withFiles.flatMap((c) => c.files!));
  }
  return [...idsOf(products), ...dropped];
}
