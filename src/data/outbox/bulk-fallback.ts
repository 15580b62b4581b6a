// A server without our bulk extension (the studio's API) answers POST /posts/product/bulk with 404:
// the queued bulk call is then replaced by the specs' per-product calls (tag attach/detach, Info
// edit, delete), steps of the same user action, so it stays one row in Pending changes. Our own
// handler's 404s name what is missing ("Product not found.") and are refusals, not a missing route.
import type { ApiFailure } from '../../api/client.ts';
import type { ProductFields } from '../../api/contract/rules/product.ts';
import type { CommandCall } from '../local/index.ts';
import { db } from '../local/index.ts';
import { productRows } from '../local/index.ts';
import type { OutboxEntry } from '../local/index.ts';

type Bulk = CommandCall<'productBulk.apply'>;
type Restore = CommandCall<'productBulk.restore'>;
interface Step { label: string; entities: string[]; call: CommandCall }

/** The 404 of a server that has no bulk call (its own refusals say "Product not found." or "Tag not found."). */
export const noBulkRoute = (e: OutboxEntry, f: ApiFailure) =>
  (e.call.command === 'productBulk.apply' || e.call.command === 'productBulk.restore') && f.status === 404 && !/^(Product|Tag) not found\.$/.test(f.message);

async function stepsOf(call: Bulk): Promise<Step[]> {
  const d = db();
  const { id_customer: cid, ids, action } = call.body!;
  const rows = await productRows(ids);
  // products.ts's labelOf, not imported: it would close a cycle through outbox.ts.
  const label = (i: number) => rows[i]?.sku || rows[i]?.name || `#${ids[i]}`;
  if (action.kind === 'addTags' || action.kind === 'removeTags') {
    const known = await d.tags.where('cid').equals(cid).toArray();
    const tagIds = action.kind === 'removeTags' ? action.tags
      // The names were created first by steps of the same action (resolveTags): they have ids here.
      : action.tags.map((n) => known.find((t) => t.name.toLowerCase() === n.toLowerCase())?.id ?? 0);
    return ids.flatMap((id, i) => tagIds.map((tag): Step => {
      const entities = [`product:${id}`, `tag:${tag}`];
      return action.kind === 'addTags'
        ? { label: `Tag ${label(i)}`, entities, call: { command: 'productInfo.tagAttach', body: { id_product: id, id_tag: tag } } }
        : { label: `Untag ${label(i)}`, entities, call: { command: 'productInfo.tagDetach', query: { id_product: id, id_tag: tag } } };
    }));
  }
  if (action.kind === 'delete') {
    return ids.map((id, i) => ({
      label: `Delete product ${label(i)}`, entities: [`product:${id}`],
      call: { command: 'products.remove', query: { id_product: id, id_customer: cid } },
    }));
  }
  // The Info edit of each product: its fields as this device holds them, the bulk change already in.
  return ids.flatMap((id, i): Step[] => {
    const r = rows[i];
    if (!r) return [];
    const { name, sku, collection, automation_system, height, width, depth, finish, note, measure } = r;
    return [{
      label: `Save ${label(i)}`, entities: [`product:${id}`],
      call: { command: 'products.edit', body: { id_product: id, name, sku, collection, automation_system, height, width, depth, finish, note, measure: measure as ProductFields['measure'] } },
    }];
  });
}

/** A bulk delete's Undo, one restore per product. */
const restoreSteps = (call: Restore): Step[] =>
  call.body!.ids.map((id) => ({
    label: `Restore product #${id}`, entities: [`product:${id}`],
    call: { command: 'productUndo.restore', body: { id_product: id, id_customer: call.body!.id_customer } },
  }));

/** Replaces the bulk entry by its per-product steps (keys derived from its own: a repeat sends the same ones). */
export async function expandBulk(e: OutboxEntry): Promise<void> {
  const d = db();
  await d.transaction('rw', [d.outbox, d.tags, d.products, d.productPages], async () => {
    if (!(await d.outbox.get(e.id!))) return;
    const steps = e.call.command === 'productBulk.restore' ? restoreSteps(e.call as Restore) : await stepsOf(e.call as Bulk);
    const added = await d.outbox.bulkAdd(steps.map((s, i) => ({
      action: e.action, actionLabel: e.actionLabel, label: s.label, call: s.call, entities: s.entities, errorPrefix: e.errorPrefix,
      key: `${e.key}.${i}`, state: 'queued' as const, attempts: 0, nextAt: 0, createdAt: e.createdAt, dependsOn: [],
    })), { allKeys: true });
    // What waited for the bulk call waits for its steps now.
    await d.outbox.filter((x) => x.dependsOn.includes(e.id!)).modify((x: OutboxEntry) => {
      x.dependsOn = [...x.dependsOn.filter((id) => id !== e.id), ...added];
    });
    await d.outbox.delete(e.id!);
  });
}
