// The product Info save (document 2 §4, in this order): dimension rule; update the product;
// add categories; remove categories; add tags; remove tags; add or update each information
// block (id 0 adds); delete removed blocks; upload added files; delete removed files.
// The update carries the updated_at it was based on (409 → the user chooses). Every call of a
// save touches the product, so a failed step parks the steps after it.
import { db } from '../local/index.ts';
import { claimAction } from '../local/index.ts';
import { keepConfirmed } from '../local/index.ts';
import { enqueue, kick, type Draft } from '../outbox/index.ts';
import { categoriesFor, labelOf, partDrafts, storeBlob, type ProductFieldsInput } from './products.ts';
import { productFieldErrors, productRules } from '../../api/contract/rules/product.ts';
import { refuseBroken, RuleError } from '../local/index.ts';
import { emitChange, touch } from '../local/index.ts';
import { resolveTags } from './tags.ts';
import { isTemp, newTempId } from '../local/index.ts';
import { forgetPaged, productRow } from '../local/index.ts';

export interface InfoChange {
  fields?: ProductFieldsInput;
  addSubcategories?: number[];
  removeSubcategories?: number[];
  /** Typed text (comma-separated) or tag ids. */
  addTags?: (number | string)[];
  removeTags?: number[];
  /** Information blocks; id 0 (or a missing id) adds one. Sent only with a title and notes. */
  blocks?: { id?: number; title: string; notes: string }[];
  removeBlocks?: number[];
  addFiles?: Blob[];
  removeFiles?: string[];
}

/**
 * The id a product has now: a screen opened on a product made offline holds its temp id, and the
 * create may return (and the row move to the real id) while the user edits. Call in a transaction
 * that includes products and idmap.
 */
export async function currentId(productId: number): Promise<number> {
  const d = db();
  if (!isTemp(productId) || (await d.products.get(productId))) return productId; // temp rows are never paged
  return (await d.idmap.get(productId))?.real ?? productId;
}

/** The product's fields as the edit found them: what a conflict's merge compares both sides with. */
const fieldsBefore = (row: object) => Object.fromEntries(Object.keys(productRules).map((k) => [k, (row as Record<string, unknown>)[k]]));

/**
 * The version an edit started from: its updated_at and its fields as the form opened them. A row a
 * pull (or a live update) changed while the form was open is not what the user edited: the edit is
 * based on what they saw, so a colleague's change meanwhile meets a 409 and the field-by-field choice.
 */
interface EditedFrom {
  updated_at?: string;
  fields: object;
}

/** Queues an Info save; a repeat of the same user action (a second click) changes nothing. */
export async function saveProductInfo(customerId: number, givenId: number, change: InfoChange, actionId: string, from?: EditedFrom): Promise<void> {
  const d = db();
  let productId = givenId;
  await d.transaction('rw', [d.products, d.productPages, d.tags, d.outbox, d.blobs, d.descriptions, d.productFiles, d.productCategories, d.idmap, d.actionClaims, d.confirmed], async () => {
    if (!(await claimAction(actionId))) return;
    productId = await currentId(givenId);
    const row = await productRow(productId);
    if (!row) throw new RuleError('Product not found.');
    // The row as the server last confirmed it, for a discard (before anything here changes it).
    await keepConfirmed([`product:${productId}`]);
    const next = { ...row, ...change.fields };
    // The contract's rules on the result, as the server checks it: nothing it would refuse is queued.
    refuseBroken(productFieldErrors(next));
    const label = labelOf(next);
    const action = { id: actionId, label: `Save ${label}` };
    const parts = partDrafts(customerId, productId, label);
    const queue: Draft[] = [];
    if (change.fields && Object.keys(change.fields).length) {
      queue.push({
        label: `Edit product ${label}`, entities: [`product:${productId}`],
        base: (from ? from.updated_at : row.updated_at) ?? undefined, was: fieldsBefore(from?.fields ?? row),
        errorPrefix: 'Error updating product informations: ',
        call: { command: 'products.edit', body: { id_product: productId, ...change.fields } },
      });
    }
    const addSubs = change.addSubcategories ?? [];
    const removeSubs = new Set(change.removeSubcategories ?? []);
    queue.push(...addSubs.map(parts.sub), ...[...removeSubs].map(parts.unsub));
    const added = await resolveTags(customerId, change.addTags ?? [], action);
    const removedTags = new Set(change.removeTags ?? []);
    queue.push(...added.map(parts.tag), ...[...removedTags].map(parts.untag));
    for (const b of change.blocks ?? []) {
      const title = b.title.trim();
      const notes = b.notes.trim();
      if (!title || !notes) continue;
      if (!b.id) {
        const temp = newTempId();
        await d.descriptions.put({ id: temp, productId, title, notes });
        queue.push(parts.addBlock(temp, title, notes));
      } else {
        await d.descriptions.put({ id: b.id, productId, title, notes });
        queue.push(parts.editBlock(b.id, title, notes));
      }
    }
    for (const id of change.removeBlocks ?? []) {
      await d.descriptions.delete(id);
      queue.push(parts.dropBlock(id));
    }
    for (const f of change.addFiles ?? []) {
      const name = (f as File).name || 'file';
      const blobId = await storeBlob(f, name);
      await d.productFiles.put({ productId, path: name, pendingBlob: blobId, name });
      queue.push(parts.file(blobId));
    }
    for (const path of change.removeFiles ?? []) {
      await d.productFiles.delete([productId, path]);
      queue.push(parts.unfile(path));
    }
    if (!queue.length) return;
    await enqueue(queue, action);
    const subs = [...new Set([...row.subcategories.filter((s) => !removeSubs.has(s)), ...addSubs])];
    const tags = [...row.tags.filter((t) => !removedTags.has(t.id)), ...added.filter((t) => !row.tags.some((x) => x.id === t.id))];
    await d.products.put({ ...next, subcategories: subs, categories: await categoriesFor(subs), tags });
    touch([`product:${productId}`]);
  });
  emitChange({ table: 'products', ids: [productId] });
  kick();
}

/** Product delete: the row goes at once; the call follows (a soft delete with a tombstone). */
export async function deleteProduct(customerId: number, givenId: number, actionId: string): Promise<void> {
  const d = db();
  let productId = givenId;
  await d.transaction('rw', [d.products, d.productPages, d.outbox, d.descriptions, d.productFiles, d.idmap, d.actionClaims, d.confirmed], async () => {
    if (!(await claimAction(actionId))) return;
    productId = await currentId(givenId);
    await keepConfirmed([`product:${productId}`]);
    const row = await productRow(productId);
    const label = `Delete product ${row ? labelOf(row) : productId}`;
    await enqueue([{
      label, entities: [`product:${productId}`], errorPrefix: 'Error deleting product: ',
      call: { command: 'products.remove', query: { id_product: productId, id_customer: customerId } },
    }], { id: actionId, label });
    await d.products.delete(productId);
    await forgetPaged([productId]);
    await d.descriptions.where('productId').equals(productId).delete();
    await d.productFiles.where('productId').equals(productId).delete();
    touch([`product:${productId}`]);
  });
  emitChange({ table: 'products', ids: [productId] });
  kick();
}
