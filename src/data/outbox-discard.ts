// Discard: the user gives up a queued change (and what depends on it). Local rows made by it
// go, and the server's truth is pulled again for everything it touched.
import { db } from './db.ts';
import { retryEntry } from './outbox.ts';
import { emitChange, touch } from './store.ts';
import { entityId, entityKind, isTemp } from './tempids.ts';
import type { OutboxEntry, ProductRow } from './types.ts';

type Refetch = (entities: string[]) => Promise<void>;
let refetch: Refetch = async () => undefined;
/** sync.ts provides the re-pull. */
export const setRefetch = (f: Refetch) => void (refetch = f);

export async function discardEntry(id: number): Promise<void> {
  const d = db();
  const all = await d.outbox.orderBy('id').toArray();
  const first = all.find((e) => e.id === id);
  if (!first || first.state === 'sending') return;
  const gone = new Set([id]);
  const drop: OutboxEntry[] = [first];
  for (const e of all) {
    if (!gone.has(e.id!) && e.dependsOn.some((x) => gone.has(x))) {
      gone.add(e.id!);
      drop.push(e);
    }
  }
  const entities = new Set<string>();
  await d.transaction('rw', d.tables, async () => {
    for (const e of drop) {
      await d.outbox.delete(e.id!);
      if (e.call.upload) {
        const blobId = e.call.upload.blobId;
        await d.blobs.delete(blobId);
        await d.productFiles.filter((f) => f.pendingBlob === blobId).delete();
        await d.products.filter((p) => !!p.pendingImages?.includes(blobId)).modify((p: ProductRow) => {
          p.pendingImages = p.pendingImages!.filter((b) => b !== blobId);
        });
      }
      if (e.creates) await dropTemp(e.creates.kind, e.creates.temp);
      for (const x of e.entities) entities.add(x);
    }
    touch(entities);
  });
  emitChange({ table: 'products', ids: 'all' });
  emitChange({ table: 'templates', ids: 'all' });
  await refetch([...entities].filter((x) => !isTemp(entityId(x))));
}

async function dropTemp(kind: string, temp: number) {
  const d = db();
  if (kind === 'product') {
    await d.products.delete(temp);
    await d.descriptions.where('productId').equals(temp).delete();
    await d.productFiles.where('productId').equals(temp).delete();
  } else if (kind === 'tag') {
    await d.tags.delete(temp);
    await d.products.filter((p) => p.tags.some((t) => t.id === temp)).modify((p: ProductRow) => {
      p.tags = p.tags.filter((t) => t.id !== temp);
    });
  } else if (kind === 'description') await d.descriptions.delete(temp);
  else if (kind === 'template') await d.templates.where('id').equals(temp).delete();
  else if (kind === 'ambient') await d.ambients.delete(temp);
  else if (kind === 'templateTag') await d.templateTags.delete(temp);
}

/** A 409: 'mine' sends my edit again over the server's version; 'theirs' drops mine. */
export async function resolveConflict(id: number, choice: 'mine' | 'theirs'): Promise<void> {
  if (choice === 'mine') return retryEntry(id);
  return discardEntry(id);
}

export const productEntities = (entities: string[]) => entities.filter((e) => entityKind(e) === 'product').map(entityId);
