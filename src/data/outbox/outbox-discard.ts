// Discard: the user gives up a queued change (and what depends on it, whole actions at a time).
// Local rows made by it go, rows it changed get the server's last confirmed version back at once
// (confirmed.ts; offline too), and the server's truth is pulled again for everything it touched.
import { discardPlanner } from '../local/index.ts';
import { db } from '../local/index.ts';
import { dropImageryTemp, dropPendingUpload } from './imagery-apply.ts';
import { emitChange, touch } from '../local/index.ts';
import { restoreConfirmed } from '../local/index.ts';
import { entityId, entityKind, isTemp } from '../local/index.ts';
import type { OutboxCall, ProductRow } from '../local/index.ts';

/** The entities and calls of what was discarded (document 3's lists are found by their calls). */
type Refetch = (entities: string[], calls: OutboxCall[]) => Promise<void>;
let refetch: Refetch = async () => undefined;
/** sync.ts provides the re-pull. */
export const setRefetch = (f: Refetch) => void (refetch = f);
/** Pulls the server's truth for what a settled change touched (conflict.ts's Take theirs). */
export const refetchTruth: Refetch = (entities, calls) => refetch(entities, calls);

/**
 * Gives up an entry: it goes with the entries that depend on it and the rest of each action
 * touched (see discardPlanner). Resolves false, dropping nothing, while one of them is being sent.
 */
export async function discardEntry(id: number): Promise<boolean> {
  return discard(async () => [id]);
}

/** Gives up a whole action (the panel's Discard), with what depends on it; then re-pulls the truth. */
export async function discardAction(actionId: string): Promise<boolean> {
  return discard(async () => db().outbox.where('action').equals(actionId).primaryKeys());
}

async function discard(start: () => Promise<number[]>): Promise<boolean> {
  const d = db();
  const entities = new Set<string>();
  const calls: OutboxCall[] = [];
  const products = new Set<number>();
  const bulk = new Set<string>();
  // Planned inside the transaction, so a drain cannot start sending one of them meanwhile.
  const done = await d.transaction('rw', d.tables, async () => {
    const drop = discardPlanner(await d.outbox.orderBy('id').toArray())(await start());
    if (!drop.length || drop.some((e) => e.state === 'sending')) return false;
    for (const e of drop) {
      await d.outbox.delete(e.id!);
      if (e.call.upload) {
        const blobId = e.call.upload.blobId;
        await d.blobs.delete(blobId);
        await d.productFiles.filter((f) => f.pendingBlob === blobId).delete();
        await dropPendingUpload(d, blobId);
        await d.products.filter((p) => !!p.pendingImages?.includes(blobId)).modify((p: ProductRow) => {
          p.pendingImages = p.pendingImages!.filter((b) => b !== blobId);
        });
      }
      if (e.creates) for (const id of await dropTemp(e.creates.kind, e.creates.temp)) products.add(id);
      for (const x of e.entities) entities.add(x);
      if (e.call.command === 'productBulk.apply') for (const x of e.entities) bulk.add(x);
      calls.push(e.call);
    }
    await restoreConfirmed(entities, bulk);
    for (const x of entities) if (entityKind(x) === 'product') products.add(entityId(x));
    touch(entities);
    return true;
  });
  if (!done) return false;
  // The catalogue's index takes the rows put back or dropped (and with them, search).
  emitChange({ table: 'products', ids: [...products] });
  if ([...entities].some((x) => TEMPLATE_KINDS.has(entityKind(x)))) emitChange({ table: 'templates', ids: 'all' });
  await refetch([...entities].filter((x) => !isTemp(entityId(x))), calls);
  return true;
}

const TEMPLATE_KINDS = new Set(['template', 'ambient', 'templateTag']);

/** Drops the rows a discarded create made; returns the products whose rows changed besides its own. */
async function dropTemp(kind: string, temp: number): Promise<number[]> {
  const d = db();
  const changed: number[] = [];
  if (kind === 'product') {
    await d.products.delete(temp);
    await d.descriptions.where('productId').equals(temp).delete();
    await d.productFiles.where('productId').equals(temp).delete();
  } else if (kind === 'tag') {
    await d.tags.delete(temp);
    await d.products.filter((p) => p.tags.some((t) => t.id === temp)).modify((p: ProductRow) => {
      p.tags = p.tags.filter((t) => t.id !== temp);
      changed.push(p.id);
    });
  } else if (kind === 'description') await d.descriptions.delete(temp);
  else if (kind === 'template') await d.templates.where('id').equals(temp).delete();
  else if (kind === 'ambient') await d.ambients.delete(temp);
  else if (kind === 'templateTag') await d.templateTags.delete(temp);
  else if (kind === 'preset' || kind === 'uploadGroup') await dropImageryTemp(d, kind, temp);
  else if (kind === 'savedView') await d.savedViews.delete(temp);
  return changed;
}

