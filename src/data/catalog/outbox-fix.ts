// Fix (issue 26): a product step the server refused for a reason that sending again cannot fix
// (Add Products' create, an Info edit) is corrected and sent again as the same user action. The
// queued body and the local row take the corrected values, then the step and the steps parked
// behind it (the product's images, files, tags) go back to the queue: retryEntry gives the step a
// new Idempotency-Key, since the server keeps its refusal under the old one.
import { useLiveQuery } from 'dexie-react-hooks';
import { productCodes, productFieldErrors, productRules, type ProductFields } from '../../api/contract/rules/product.ts';
import { isFixable } from '../local/index.ts';
import { db } from '../local/index.ts';
import { retryEntry } from '../outbox/index.ts';
import { productRow } from '../local/index.ts';
import { refuseBroken, RuleError } from '../local/index.ts';
import { emitChange, touch } from '../local/index.ts';
import { entityId, entityKind, isTemp } from '../local/index.ts';
import type { OutboxEntry } from '../local/index.ts';

/** What the Fix form shows: the values as they were queued, the server's words, the files sent with it. */
export interface RefusedProductStep {
  entryId: number;
  command: 'products.store' | 'products.edit';
  productId: number;
  /** The product's fields as the server would see them once the step is sent. */
  values: Partial<ProductFields>;
  /** The server's field errors, by field; `message` is its answer as the panel shows it. */
  errors: Record<string, string[]>;
  message: string;
  /** The names of the files queued with it (images, technical files), sent once the step passes. */
  files: string[];
}

// A product deleted elsewhere is not fixable: no value can pass (Register it again, below).
const fixable = (e: OutboxEntry | undefined): e is OutboxEntry =>
  !!e && e.state === 'parked' && e.refused?.status !== undefined && e.refused.code !== productCodes.gone && isFixable(e.call);

/** The product a step is about: a create's temp row, or the edited product (by its real id once the create has passed). */
async function productIdOf(e: OutboxEntry): Promise<number> {
  if (e.call.command === 'products.store') return e.creates!.temp;
  const id = Number((e.call.body as { id_product?: number } | undefined)?.id_product);
  if (!isTemp(id) || (await db().products.get(id))) return id;
  return (await db().idmap.get(id))?.real ?? id;
}

export async function refusedProductStep(entryId: number): Promise<RefusedProductStep | undefined> {
  const d = db();
  const e = await d.outbox.get(entryId);
  if (!fixable(e)) return undefined;
  const productId = await productIdOf(e);
  const body = (e.call.body ?? {}) as Partial<ProductFields>;
  // An edit carries only what changed: the rest is the product as this device has it.
  const row = e.call.command === 'products.edit' ? await productRow(productId) : undefined;
  const values = { ...pickFields(row ?? {}), ...pickFields(body) };
  const mates = await d.outbox.where('action').equals(e.action).toArray();
  const blobIds = mates.flatMap((m) => (m.call.upload ? [m.call.upload.blobId] : []));
  const files = (await d.blobs.bulkGet(blobIds)).flatMap((b) => (b ? [b.name] : []));
  return {
    entryId, command: e.call.command as RefusedProductStep['command'], productId, values,
    errors: e.refused?.errors ?? {}, message: e.error ?? '', files,
  };
}

/** The product's editable fields, as the contract's table names them. */
const FIELDS = Object.keys(productRules) as (keyof ProductFields)[];
function pickFields(o: object): Partial<ProductFields> {
  const src = o as Record<string, unknown>;
  return Object.fromEntries(FIELDS.filter((k) => src[k] !== undefined && src[k] !== null).map((k) => [k, src[k]])) as Partial<ProductFields>;
}

/** The refused step, live (undefined once it is fixed, discarded or no longer refused). */
export function useRefusedProductStep(entryId: number | undefined): RefusedProductStep | undefined {
  return useLiveQuery(() => (entryId === undefined ? undefined : refusedProductStep(entryId)), [entryId]);
}

/**
 * Puts the corrected fields into the refused step and sends it again (with what waited for it).
 * The contract's product rules judge the result first, as the server will: a value it would refuse
 * again throws a RuleError in its words and changes nothing.
 */
export async function fixRefusedProductStep(entryId: number, corrected: Partial<ProductFields>): Promise<void> {
  const d = db();
  let productId = 0;
  await d.transaction('rw', [d.outbox, d.products, d.productPages, d.idmap, d.blobs], async () => {
    const step = await refusedProductStep(entryId);
    const e = await d.outbox.get(entryId);
    if (!step || !fixable(e)) throw new RuleError('This change is no longer waiting for a fix.');
    productId = step.productId;
    const changed = pickFields(corrected);
    refuseBroken(productFieldErrors({ ...step.values, ...changed }));
    // An edit sends what it sent before plus what the user changed now; a create sends every field.
    const body = { ...e.call.body, ...changed };
    await d.outbox.update(entryId, { call: { ...e.call, body } as OutboxEntry['call'] });
    const row = await productRow(productId);
    if (row) await d.products.put({ ...row, ...changed });
  });
  touch([`product:${productId}`]);
  emitChange({ table: 'products', ids: [productId] });
  await retryEntry(entryId);
}

/** What a new registration of a product deleted elsewhere starts from (Add Products' form). */
export interface DeletedProduct {
  fields: Partial<ProductFields>;
  subcategoryIds: number[];
  /** Its tags: an id for one the server has, a name for one not created yet. */
  tags: { id?: number; name: string }[];
  descriptions: { title: string; notes: string }[];
}

/**
 * Register it again (issue 43): a change refused because its product was deleted by someone else
 * can never pass; the product as this device has it, the change included, starts a new registration.
 */
export async function deletedProductValues(entryId: number): Promise<DeletedProduct | undefined> {
  const d = db();
  const e = await d.outbox.get(entryId);
  const entity = e?.entities.find((x) => entityKind(x) === 'product');
  if (e?.refused?.code !== productCodes.gone || !entity) return undefined;
  const id = entityId(entity);
  const row = await productRow(id);
  const edit = e.call.command === 'products.edit' ? e.call.body : undefined;
  const blocks = await d.descriptions.where('productId').equals(id).toArray();
  return {
    fields: { ...pickFields(row ?? {}), ...pickFields(edit ?? {}) },
    subcategoryIds: row?.subcategories ?? [],
    tags: (row?.tags ?? []).map((t) => (isTemp(t.id) ? { name: t.name } : { id: t.id, name: t.name })),
    descriptions: blocks.map((b) => ({ title: b.title, notes: b.notes })),
  };
}
