// Undo of a bulk action (issue 28), offered for 10 s by its toast. While the action is still on this
// device it is stopped (stopAction: Discard's way, the server never hears of it). What it changed that
// is still changed afterwards (it had reached the server) is brought back by its inverse, queued as ONE
// new user action: removeTags of only the tags it newly added, addTags of the tags it removed,
// setCollection back to each product's previous value (one call per value), and a restore of each
// deleted product by one bulk restore. Request automation has no Undo.
import { claimAction } from '../local/index.ts';
import { putInSlices } from '../local/index.ts';
import { stopAction } from '../outbox/index.ts';
import { bulkTables, currentIds, type BulkBefore } from './bulk.ts';
import type { CommandCall } from '../local/index.ts';
import { keepConfirmed } from '../local/index.ts';
import { db } from '../local/index.ts';
import { enqueue, kick, type Action, type Draft } from '../outbox/index.ts';
import { productRows } from '../local/index.ts';
import { emitChange, touch } from '../local/index.ts';
import type { ProductRow } from '../local/index.ts';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const has = (r: ProductRow, name: string) => r.tags.some((t) => same(t.name, name));

/** Groups row indexes by a key (a previous collection). */
function groups<K>(pairs: [K, number][]): Map<K, number[]> {
  const by = new Map<K, number[]>();
  for (const [k, i] of pairs) {
    const list = by.get(k);
    if (list) list.push(i);
    else by.set(k, [i]);
  }
  return by;
}

interface Plan {
  drafts: Draft[];
  /** Rows as the Undo leaves them (put at once, pending until confirmed). */
  rows: ProductRow[];
}

function bulk(action: Action, body: NonNullable<CommandCall<'productBulk.apply'>['body']>): Draft {
  return { label: action.label, entities: body.ids.map((id) => `product:${id}`), call: { command: 'productBulk.apply', body }, errorPrefix: `Error: ${action.label}: ` };
}

/** The inverse of what is still changed: `now[i]` is the current row of `b.rows[i]` (undefined: gone). */
function planOf(b: BulkBefore, now: (ProductRow | undefined)[], ids: number[], action: Action): Plan {
  const cid = b.customerId;
  const drafts: Draft[] = [];
  const out = new Map<number, ProductRow>();
  const row = (i: number) => out.get(ids[i]!) ?? now[i]!;
  if (b.kind === 'addTags') {
    for (const t of b.tags) {
      // Only where the action added it (the product did not have it before) and it is still there.
      const where = b.rows.flatMap((r, i) => (now[i] && !has(r, t.name) && has(now[i], t.name) ? [i] : []));
      if (!where.length) continue;
      const tagId = now[where[0]!]!.tags.find((x) => same(x.name, t.name))!.id;
      drafts.push(bulk(action, { id_customer: cid, ids: where.map((i) => ids[i]!), action: { kind: 'removeTags', tags: [tagId] } }));
      for (const i of where) out.set(ids[i]!, { ...row(i), tags: row(i).tags.filter((x) => !same(x.name, t.name)) });
    }
  } else if (b.kind === 'removeTags') {
    for (const t of b.tags) {
      const where = b.rows.flatMap((r, i) => (now[i] && has(r, t.name) && !has(now[i], t.name) ? [i] : []));
      if (!where.length) continue;
      drafts.push(bulk(action, { id_customer: cid, ids: where.map((i) => ids[i]!), action: { kind: 'addTags', tags: [t.name] } }));
      for (const i of where) out.set(ids[i]!, { ...row(i), tags: [...row(i).tags, t] });
    }
  } else if (b.kind === 'setCollection') {
    const moved = b.rows.flatMap((r, i): [string, number][] => (now[i] && now[i].collection !== r.collection ? [[r.collection, i]] : []));
    for (const [collection, where] of groups(moved)) {
      drafts.push(bulk(action, { id_customer: cid, ids: where.map((i) => ids[i]!), action: { kind: 'setCollection', collection } }));
      for (const i of where) out.set(ids[i]!, { ...row(i), collection });
    }
  } else if (b.kind === 'delete') {
    // One bulk restore of those still gone (our extension; the fallback restores them one by one).
    const where = b.rows.flatMap((_, i) => (now[i] ? [] : [i]));
    if (where.length) {
      const back = where.map((i) => ids[i]!);
      drafts.push({
        label: action.label, entities: back.map((id) => `product:${id}`), errorPrefix: 'Error restoring products: ',
        call: { command: 'productBulk.restore', body: { id_customer: cid, ids: back } },
      });
      for (const i of where) out.set(ids[i]!, { ...b.rows[i]!, id: ids[i]!, id_product: ids[i]! });
    }
  } else {
    throw new Error('Request automation cannot be undone.');
  }
  return { drafts, rows: [...out.values()] };
}

/**
 * Undoes a bulk action: 'discarded' when it had not reached the server (a step in flight is awaited
 * first), 'queued' once its inverse is queued as the action `undo`. A second Undo with the same
 * action id changes nothing.
 */
export async function undoBulk(b: BulkBefore, bulkActionId: string, undo: Action): Promise<'discarded' | 'queued'> {
  if (b.kind === 'requestAutomation') throw new Error('Request automation cannot be undone.');
  await stopAction(bulkActionId);
  const d = db();
  let queued = false;
  let ids: number[] = [];
  await d.transaction('rw', bulkTables(), async () => {
    if (!(await claimAction(undo.id))) return;
    ids = await currentIds(b.rows.map((r) => r.id));
    const plan = planOf(b, await productRows(ids), ids, undo);
    if (!plan.drafts.length) return;
    const entities = [...new Set(plan.drafts.flatMap((x) => x.entities))];
    // A restored product's server version is "none" until confirmed: a Discard takes it away again.
    await keepConfirmed(entities, undefined, b.kind !== 'delete');
    await enqueue(plan.drafts, undo);
    await putInSlices(d.products, plan.rows.map((r) => ({ ...r, updated_at: undefined })));
    if (b.kind === 'delete') {
      const back = new Set(plan.rows.map((r) => r.id));
      const renamed = new Map(b.rows.map((r, i) => [r.id, ids[i]!]));
      const moved = (x: number) => renamed.get(x) ?? x;
      await d.descriptions.bulkPut(b.descriptions.filter((x) => back.has(moved(x.productId))).map((x) => ({ ...x, productId: moved(x.productId) })));
      await d.productFiles.bulkPut(b.files.filter((f) => back.has(moved(f.productId))).map((f) => ({ ...f, productId: moved(f.productId) })));
    }
    touch(entities);
    queued = true;
  });
  if (!queued) return 'discarded';
  emitChange({ table: 'products', ids });
  kick();
  return 'queued';
}
