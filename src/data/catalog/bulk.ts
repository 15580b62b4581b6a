// Bulk actions on the catalogue (issue 28): one change to many products as ONE user action and one
// queued call of our server's extension (POST /posts/product/bulk), shown at once from the mirror
// and marked pending until confirmed; Discard puts back the server's versions (confirmed.ts). A new
// tag name is created first, as a step of the same action (resolveTags), so that it has an id for
// Undo and for the per-product fallback (bulk-fallback.ts). What the rows were is returned for Undo.
import { AUTOMATION_LOCKED_MESSAGE, mayRequestAutomation, productRules } from '../../api/contract/rules/product.ts';
import { tableErrors } from '../../api/contract/rules/check.ts';
import { claimAction } from '../local/index.ts';
import { deleteInSlices, putInSlices } from '../local/index.ts';
import { keepConfirmed } from '../local/index.ts';
import { db } from '../local/index.ts';
import { enqueue, kick, type Action } from '../outbox/index.ts';
import { forgetPaged, productRows } from '../local/index.ts';
import { RuleError, refuseBroken } from '../local/index.ts';
import { emitChange, touch } from '../local/index.ts';
import { resolveTags } from './tags.ts';
import { isTemp } from '../local/index.ts';
import type { DescriptionRow, IdNameRow, ProductFileRow, ProductRow } from '../local/index.ts';

export type BulkRequest =
  | { kind: 'addTags'; tags: string[] }
  | { kind: 'removeTags'; tags: number[] }
  | { kind: 'setCollection'; collection: string }
  | { kind: 'requestAutomation' }
  | { kind: 'delete' };
export type BulkKind = BulkRequest['kind'];

/** What the products were before a bulk action: what its Undo brings back (bulk-undo.ts). */
export interface BulkBefore {
  customerId: number;
  kind: BulkKind;
  rows: ProductRow[];
  /** The tags added or removed. */
  tags: IdNameRow[];
  /** A delete's information blocks and files, put back by its Undo. */
  descriptions: DescriptionRow[];
  files: ProductFileRow[];
}

/** The tables a bulk action (or its Undo) writes. */
export const bulkTables = () => {
  const d = db();
  return [d.products, d.productPages, d.outbox, d.descriptions, d.productFiles, d.idmap, d.actionClaims, d.confirmed, d.tags];
};

/** The ids as they are now: a product created on this device since keeps its temp id only until its create returns. */
export async function currentIds(ids: number[]): Promise<number[]> {
  const temps = ids.filter(isTemp);
  if (!temps.length) return ids;
  const d = db();
  const [rows, maps] = await Promise.all([d.products.bulkGet(temps), d.idmap.bulkGet(temps)]);
  const real = new Map(temps.map((t, i) => [t, rows[i] ? t : (maps[i]?.real ?? t)]));
  return ids.map((id) => real.get(id) ?? id);
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Tag ids as they are now: a tag created since it was shown has its real id (idmap). */
async function currentTagIds(ids: number[]): Promise<number[]> {
  const temps = ids.filter(isTemp);
  if (!temps.length) return ids;
  const maps = await db().idmap.bulkGet(temps);
  const real = new Map(temps.map((t, i) => [t, maps[i]?.real ?? t]));
  return ids.map((id) => real.get(id) ?? id);
}

/** Each row as the action leaves it (undefined: deleted). */
function changed(row: ProductRow, req: BulkRequest, tags: IdNameRow[]): ProductRow | undefined {
  switch (req.kind) {
    case 'addTags':
      return { ...row, tags: [...row.tags, ...tags.filter((t) => !row.tags.some((x) => x.id === t.id || same(x.name, t.name)))] };
    case 'removeTags':
      // By name too: a row may still hold a new tag by its temp id after the tag was created (see applyBulk).
      return { ...row, tags: row.tags.filter((x) => !tags.some((t) => t.id === x.id || same(t.name, x.name))) };
    case 'setCollection':
      return { ...row, collection: req.collection.trim() };
    case 'requestAutomation':
      return { ...row, automation_system: 1 };
    case 'delete':
      return undefined;
  }
}

/**
 * Applies a bulk action to the products (ids as the catalogue shows them) and queues it. Undefined,
 * and nothing changed, when the action was already queued (a second click).
 */
export async function applyBulk(customerId: number, givenIds: number[], req: BulkRequest, action: Action): Promise<BulkBefore | undefined> {
  const d = db();
  if (req.kind === 'setCollection') refuseBroken(tableErrors({ collection: productRules.collection }, { collection: req.collection.trim() }));
  let before: BulkBefore | undefined;
  let ids: number[] = [];
  await d.transaction('rw', bulkTables(), async () => {
    if (!(await claimAction(action.id))) return;
    const all = await currentIds([...new Set(givenIds)]);
    const rows = (await productRows(all)).filter((r): r is ProductRow => !!r);
    if (!rows.length) throw new RuleError('None of these products is in the catalogue any more.');
    if (req.kind === 'requestAutomation' && !rows.every(mayRequestAutomation)) throw new RuleError(AUTOMATION_LOCKED_MESSAGE);
    ids = rows.map((r) => r.id);
    const entities = ids.map((id) => `product:${id}`);
    await keepConfirmed(entities, rows, req.kind !== 'delete');
    const known = await d.tags.where('cid').equals(customerId).toArray();
    const removing = req.kind === 'removeTags' ? await currentTagIds(req.tags) : [];
    const tags = req.kind === 'addTags' ? await resolveTags(customerId, req.tags, action)
      : known.filter((t) => removing.includes(t.id)).map(({ id, name }) => ({ id, name }));
    const body = req.kind === 'addTags' ? { kind: req.kind, tags: tags.map((t) => t.name) }
      : req.kind === 'setCollection' ? { kind: req.kind, collection: req.collection.trim() }
        : req.kind === 'removeTags' ? { kind: req.kind, tags: removing } : req;
    const deleting = req.kind === 'delete';
    before = {
      customerId, kind: req.kind, rows, tags,
      descriptions: deleting ? await d.descriptions.where('productId').anyOf(ids).toArray() : [],
      files: deleting ? await d.productFiles.where('productId').anyOf(ids).toArray() : [],
    };
    // A tag still to be created is waited for (after), not named: its create's success would otherwise
    // rewrite this entry's 10,000 entity keys and swap the id in 10,000 rows, which the pull after this
    // entry's own success replaces anyway (the server moved them all). Its body names tags by name.
    const temps = tags.filter((t) => isTemp(t.id)).map((t) => `tag:${t.id}`);
    const creators = temps.length ? (await d.outbox.where('entities').anyOf(temps).toArray()).filter((e) => e.creates && temps.includes(`tag:${e.creates.temp}`)) : [];
    await enqueue([{
      label: action.label, entities: [...entities, ...tags.filter((t) => !isTemp(t.id)).map((t) => `tag:${t.id}`)], errorPrefix: `Error: ${action.label}: `,
      call: { command: 'productBulk.apply', body: { id_customer: customerId, ids, action: body } },
      after: creators.map((e) => e.id!),
    }], action);
    if (deleting) {
      await deleteInSlices(d.products, ids);
      await forgetPaged(ids);
      await d.descriptions.where('productId').anyOf(ids).delete();
      await d.productFiles.where('productId').anyOf(ids).delete();
    } else {
      // The server's updated_at moves with the call: unknown until the next pull (so its success writes nothing more).
      await putInSlices(d.products, rows.map((r) => ({ ...changed(r, req, tags)!, updated_at: undefined })));
    }
    touch(entities);
  });
  if (!before) return undefined;
  emitChange({ table: 'products', ids });
  kick();
  return before;
}
