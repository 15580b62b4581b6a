// What a successful queued call does locally: the entry leaves the outbox, a create's real
// id replaces its temp id everywhere (rows, later entries), later Info edits of the same product
// are re-based on the server's new updated_at (our own change is no conflict), and its command's
// own success runs (command-replies.ts).
import type { FacetDb } from '../local/index.ts';
import { outboxNaming, putInSlices } from '../local/index.ts';
import { onSuccess } from './command-replies.ts';
import { settleConfirmed } from '../local/index.ts';
import { rekeyImagery } from './imagery-apply.ts';
import { productRows } from '../local/index.ts';
import { emitChange, touch } from '../local/index.ts';
import { entityId, entityKind, rewriteCall, rewriteEntities } from '../local/index.ts';
import { newIdIn } from '../local/index.ts';
import type { DescriptionRow, OutboxEntry, ProductRow, ServerProduct, TempKind } from '../local/index.ts';
import { confirmProduct, fileRows } from '../local/index.ts';
import type { Command } from '../local/index.ts';

const BULK: ReadonlySet<Command> = new Set<Command>(['productBulk.apply', 'productBulk.restore']);

export async function applySuccess(d: FacetDb, e: OutboxEntry, reply: unknown): Promise<void> {
  const changed: number[] = [];
  const rekeyed: [number, number][] = [];
  await d.transaction('rw', d.tables, async () => {
    await d.outbox.delete(e.id!);
    if (e.call.upload) await d.blobs.delete(e.call.upload.blobId);
    let entities = e.entities;
    if (e.creates) {
      const real = newIdIn(reply, e.creates.from);
      if (real === undefined) throw new Error(`No id at ${e.creates.from} in the reply to ${e.call.command}`);
      const { temp, kind } = e.creates;
      await d.idmap.put({ temp, real });
      await rekey(d, kind, temp, real);
      if (kind === 'product') rekeyed.push([temp, real]);
      for (const later of await d.outbox.where('entities').equals(`${kind}:${temp}`).toArray()) {
        await d.outbox.put({ ...later, call: rewriteCall(later.call, temp, real), entities: rewriteEntities(later.entities, temp, real) });
      }
      entities = rewriteEntities(entities, temp, real);
    }
    const product = (reply as { product?: { id?: number; updated_at?: string } } | undefined)?.product;
    const updatedAt = (id: number) => (product?.id === id ? product.updated_at : undefined);
    const moved = entities.filter((x) => entityKind(x) === 'product');
    // The server row moved because of us: later edits are based on its new version (one query for a bulk action's rows).
    const set = new Set(moved);
    const later = await outboxNaming(moved);
    for (const l of later.filter((x) => x.base !== undefined)) {
      const ent = l.entities.filter((x) => set.has(x)).at(-1)!;
      await d.outbox.update(l.id!, { base: updatedAt(entityId(ent)) });
    }
    // A row a queued bulk action still changes keeps updated_at unknown (bulk.ts): the bulk call moves it again,
    // so that call's success has no row to rewrite, and the catalogue's index no row to read again.
    const underBulk = new Set(later.filter((l) => l.call.command !== 'legacy' && BULK.has(l.call.command)).flatMap((l) => l.entities));
    if (e.call.command === 'legacy' || !BULK.has(e.call.command)) changed.push(...moved.map(entityId));
    await onSuccess({ d, e, reply: reply as never, entities, updatedAt: (id) => (underBulk.has(`product:${id}`) ? undefined : updatedAt(id)) });
    await settleConfirmed(entities);
    touch(entities);
  });
  if (rekeyed.length || changed.length) emitChange({ table: 'products', ids: changed, rekeyed });
  if (e.creates?.kind === 'template') emitChange({ table: 'templates', ids: 'all' });
}

/** A product as a reply or a 409 brings it: the row, its blocks, its stored files. */
export type ServerProductReply = ServerProduct & { descriptions?: Omit<DescriptionRow, 'productId'>[]; files?: string[]; file_names?: Record<string, string> };

/** The server's version of a product that queued entries change (a 409's row): what a discard puts back. */
export async function confirmServerProduct(p: ServerProductReply): Promise<void> {
  const { descriptions, files, file_names, ...row } = p;
  await confirmProduct(p.id, { ...row, cid: p.id_customer }, {
    descriptions: descriptions?.map((x) => ({ ...x, productId: p.id })), files: files && fileRows(p.id, files, file_names),
  });
}

/** Moves the local rows of a created entity from its temp id to the real one. */
async function rekey(d: FacetDb, kind: TempKind, temp: number, real: number) {
  if (kind === 'product') {
    const row = await d.products.get(temp);
    if (row) {
      await d.products.delete(temp);
      await d.products.put({ ...row, id: real, id_product: real });
    }
    await d.descriptions.where('productId').equals(temp).modify({ productId: real });
    const files = await d.productFiles.where('productId').equals(temp).toArray();
    await d.productFiles.where('productId').equals(temp).delete();
    await d.productFiles.bulkPut(files.map((f) => ({ ...f, productId: real })));
  } else if (kind === 'tag') {
    const row = await d.tags.get(temp);
    if (row) {
      await d.tags.delete(temp);
      await d.tags.put({ ...row, id: real });
    }
    await swapTagInProducts(d, temp, real);
  } else if (kind === 'description') {
    const row = await d.descriptions.get(temp);
    if (row) {
      await d.descriptions.delete(temp);
      await d.descriptions.put({ ...row, id: real });
    }
  } else if (kind === 'template') {
    for (const row of await d.templates.where('id').equals(temp).toArray()) {
      await d.templates.delete([row.cid, temp]);
      await d.templates.put({ ...row, id: real });
    }
  } else if (kind === 'preset' || kind === 'uploadGroup') {
    await rekeyImagery(d, kind, temp, real);
  } else if (kind === 'savedView') {
    const row = await d.savedViews.get(temp);
    if (row) {
      await d.savedViews.delete(temp);
      await d.savedViews.put({ ...row, id: real });
    }
  } else {
    const table = kind === 'ambient' ? d.ambients : d.templateTags;
    const row = await table.get(temp);
    if (row) {
      await table.delete(temp);
      await table.put({ ...row, id: real });
    }
    const field = kind === 'ambient' ? 'ambients' : 'tags';
    await d.templates.filter((t) => t[field].some((x) => x.id === temp)).modify((t) => {
      t[field] = t[field].map((x) => (x.id === temp ? { ...x, id: real } : x));
    });
  }
}

/** Replaces a temp tag id inside the tag lists of the products that have it (the ones queued). */
async function swapTagInProducts(d: FacetDb, temp: number, real: number) {
  const ids = new Set<number>();
  for (const e of await d.outbox.where('entities').equals(`tag:${temp}`).toArray()) {
    for (const x of e.entities) if (entityKind(x) === 'product') ids.add(entityId(x));
  }
  // One batched write (a bulk action's new tag is on 10,000 products: one put each took seconds).
  const rows = await productRows([...ids]);
  const swapped = rows.filter((p): p is ProductRow => !!p?.tags.some((t) => t.id === temp)).map((p) => ({ ...p, tags: p.tags.map((t) => (t.id === temp ? { ...t, id: real } : t)) }));
  await putInSlices(d.products, swapped);
}
