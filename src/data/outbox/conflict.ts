// Settling a 409 (issue 43): a queued edit met a server row that moved on. Sent again as it was, it
// would overwrite their change without a word, so the user chooses, field by field (merge.ts):
// - Keep mine: their current row is fetched (a product's), my changed fields go on top of it, based on
//   its version, under a new Idempotency-Key made when the user pressed (one user action);
// - Take theirs: nothing of this step is sent; their row shows; the action's other steps go on.
// A product deleted meanwhile stops the step as deleted elsewhere (no merge can pass).
import type { ApiFailure } from '../../api/client.ts';
import { newActionId } from '../../api/action-id.ts';
import { productCodes, productRules, productWords } from '../../api/contract/rules/product.ts';
import { db, getList, productRow, settleConfirmed } from '../local/index.ts';
import { emitChange, entityId, entityKind, isTemp, touch } from '../local/index.ts';
import type { OutboxEntry } from '../local/index.ts';
import { bodyFields, bodyIds, mergedFields, needsPick, sameChoice, threeWay, type ConflictField, type Side } from './merge.ts';
import { confirmServerProduct, type ServerProductReply } from './outbox-apply.ts';
import { refetchTruth } from './outbox-discard.ts';
import { kick, releaseBlocked } from './outbox.ts';

export interface ConflictView {
  entryId: number;
  command: OutboxEntry['call']['command'];
  /** The fields that differ, each with who changed it. */
  fields: ConflictField[];
}

/** What the conflict dialog shows of an entry in conflict. */
export function conflictView(e: OutboxEntry | undefined): ConflictView | undefined {
  if (e?.state !== 'conflict' || !e.theirs) return undefined;
  return { entryId: e.id!, command: e.call.command, fields: threeWay(e.was, e.call.body, e.theirs as object) };
}

/** 'changed': their row moved again while the user chose (the view shows the new one); 'gone': settled already. */
export type Settled = 'sent' | 'changed' | 'deleted' | 'gone';
type Row = Record<string, unknown> & { updated_at?: string };

const PRODUCT_KEYS = Object.keys(productRules);
const pick = (row: Row, keys: readonly string[]) => Object.fromEntries(keys.filter((k) => k in row).map((k) => [k, row[k]]));

/** Keep mine: my changes on top of their current row; `picks` decides every field both changed. */
export async function keepMine(entryId: number, picks: Readonly<Record<string, Side>>, key: string): Promise<Settled> {
  const e = await db().outbox.get(entryId);
  if (e?.state !== 'conflict' || !e.theirs) return 'gone';
  let theirs = e.theirs as Row;
  if (e.call.command === 'products.edit') {
    const fresh = await freshProduct(e);
    if (fresh === 'deleted') return markDeleted(entryId);
    if (fresh && fresh.updated_at !== theirs.updated_at) {
      // Moved again: sent at once only if what the user decided on is as they saw it.
      if (!sameChoice(threeWay(e.was, e.call.body, theirs), threeWay(e.was, e.call.body, fresh))) return newTheirs(entryId, fresh);
      theirs = fresh;
    }
  }
  return settle(entryId, theirs, mergedFields(threeWay(e.was, e.call.body, theirs), picks), key);
}

/** Take theirs: this step sends nothing and their version shows. */
export async function takeTheirs(entryId: number): Promise<Settled> {
  const e = await db().outbox.get(entryId);
  if (e?.state !== 'conflict' || !e.theirs) return 'gone';
  return settle(entryId, e.theirs as Row, {}, newActionId());
}

/** Mine or theirs for every field (a caller without a field-by-field choice). */
export async function resolveConflict(entryId: number, choice: Side): Promise<Settled> {
  if (choice === 'theirs') return takeTheirs(entryId);
  const view = conflictView(await db().outbox.get(entryId));
  return keepMine(entryId, Object.fromEntries(needsPick(view?.fields ?? []).map((f) => [f.key, 'mine' as const])), newActionId());
}

async function freshProduct(e: OutboxEntry): Promise<Row | 'deleted' | undefined> {
  const theirs = e.theirs as Row;
  try {
    const r = await getList<{ product: Row }>('products.get', { id_product: Number(bodyIds(e.call.body).id_product), id_customer: theirs.id_customer as number });
    return r.data?.product;
  } catch (err) {
    // A read's body stays text (getList): its only 404 is the product's (productCodes.gone).
    if ((err as ApiFailure).status === 404) return 'deleted';
    // Offline or a server error: their row as the 409 brought it (a newer one answers 409 again).
    return undefined;
  }
}

async function markDeleted(entryId: number): Promise<Settled> {
  await db().outbox.update(entryId, { state: 'parked', theirs: undefined, error: productWords.deletedElsewhere, refused: { status: 404, code: productCodes.gone } });
  return 'deleted';
}

async function newTheirs(entryId: number, fresh: Row): Promise<Settled> {
  const d = db();
  await d.transaction('rw', [d.outbox, d.confirmed], async () => {
    await d.outbox.update(entryId, { theirs: fresh });
    await confirmServerProduct(fresh as unknown as ServerProductReply);
  });
  return 'changed';
}

/** The step goes again with `send` based on their version, or leaves when nothing of it is left to send. */
async function settle(entryId: number, theirs: Row, send: Record<string, unknown>, key: string): Promise<Settled> {
  const d = db();
  let e: OutboxEntry | undefined;
  const rest = Object.keys(send).length > 0;
  const done = await d.transaction('rw', d.tables, async () => {
    e = await d.outbox.get(entryId);
    if (e?.state !== 'conflict') return false;
    if (rest) {
      await d.outbox.update(entryId, {
        state: 'queued', attempts: 0, nextAt: 0, error: undefined, theirs: undefined, blockedBy: undefined, refused: undefined,
        key, base: theirs.updated_at,
        // Their version is what this step is now based on.
        was: pick(theirs, Object.keys(e.was ?? bodyFields(e.call.body))),
        call: { ...e.call, body: { ...bodyIds(e.call.body), ...send } } as OutboxEntry['call'],
      });
    } else await d.outbox.delete(entryId);
    await releaseBlocked(entryId);
    if (e.call.command === 'products.edit') await showMerged(e, theirs, send);
    if (!rest) await settleConfirmed(e.entities);
    return true;
  });
  if (!done || !e) return 'gone';
  touch(e.entities);
  const products = e.entities.filter((x) => entityKind(x) === 'product').map(entityId);
  if (products.length) emitChange({ table: 'products', ids: products });
  if (!rest) await refetchTruth(e.entities.filter((x) => !isTemp(entityId(x))), [e.call]);
  kick();
  return 'sent';
}

/** The product shows their fields, mine kept on top, and the Info edits queued after this one. */
async function showMerged(e: OutboxEntry, theirs: Row, send: Record<string, unknown>) {
  const d = db();
  const id = Number(bodyIds(e.call.body).id_product);
  const row = await productRow(id);
  if (!row) return;
  const next = { ...row, ...pick(theirs, PRODUCT_KEYS), ...send, updated_at: theirs.updated_at };
  const later = await d.outbox.where('entities').equals(`product:${id}`).toArray();
  for (const l of later) if (l.id! > e.id! && l.call.command === 'products.edit') Object.assign(next, bodyFields(l.call.body));
  await d.products.put(next);
}
