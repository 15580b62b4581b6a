// The batch forms' sends (document 2 §4): each product or template of a batch is queued in its own
// transaction, which also takes it out of the stored draft (drafts.ts), and reports the outbox
// entries it queued so that the screen can follow each one (outcome.ts). Also the ambient and
// template tag created by Enter in the template forms, and the company's product allowance.
import type { Table } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../local/index.ts';
import { takeDraftItem } from './drafts.ts';
import { inAction, partOf } from '../local/index.ts';
import { enqueue, kick } from '../outbox/index.ts';
import { queuedBy } from '../outbox/index.ts';
import { registerProducts, registrationTables, type ProductDraft } from './products.ts';
import { newTempId } from '../local/index.ts';
import { addTemplates, templateTables, type TemplateDraft } from './templates.ts';
import type { IdNameRow } from '../local/index.ts';
import { tableErrors } from '../../api/contract/rules/check.ts';
import { templateNameRules } from '../../api/contract/rules/template.ts';
import { refuseBroken } from '../local/index.ts';

export interface BatchItem<D> {
  /** The item's uid in the stored draft. */
  uid: string;
  draft: D;
  /** Its files in draftFiles, dropped with it. */
  fileIds: readonly number[];
}

export interface QueuedItem {
  uid: string;
  /** The temp id of the product or template made locally. */
  temp: number;
  /** Its outbox entries: the create and what attaches to it. */
  entries: number[];
}

/** Each item is its own action, the batch's part named by its uid (a repeated send queues it once). */
async function queueEach<D>(
  draftKey: string,
  items: readonly BatchItem<D>[],
  tables: () => Table[],
  create: (draft: D, actionId: string) => Promise<number[]>,
  actionId: string,
): Promise<QueuedItem[]> {
  const d = db();
  const out: QueuedItem[] = [];
  for (const item of items) {
    let temp = 0;
    const entries = await queuedBy(() =>
      d.transaction('rw', [...tables(), d.drafts, d.draftFiles], async () => {
        temp = (await create(item.draft, partOf(actionId, item.uid)))[0] ?? 0;
        await takeDraftItem(draftKey, item.uid, item.fileIds);
      }),
    );
    out.push({ uid: item.uid, temp, entries });
  }
  return out;
}

/** Registers products one by one (each in one transaction with its removal from the draft). */
export function queueProductBatch(customerId: number, draftKey: string, items: readonly BatchItem<ProductDraft>[], actionId: string): Promise<QueuedItem[]> {
  return queueEach(draftKey, items, registrationTables, (p, id) => registerProducts(customerId, [p], id), actionId);
}

/** Staff: adds templates one by one, in order (create, then ambients, then tags for each). */
export function queueTemplateBatch(cid: number, draftKey: string, items: readonly BatchItem<TemplateDraft>[], actionId: string): Promise<QueuedItem[]> {
  return queueEach(draftKey, items, templateTables, (t, id) => addTemplates(cid, [t], id), actionId);
}

export type TemplateNameKind = 'ambient' | 'templateTag';

/**
 * Enter in the ambient or tag input of a template form made a new name: it is created at once
 * (queued, with a temp id, so it can be used right away, also offline); undefined for a repeat.
 */
export async function createTemplateName(kind: TemplateNameKind, raw: string, actionId: string): Promise<{ row: IdNameRow; entries: number[] } | undefined> {
  const d = db();
  // The contract's rule for the name, in the server's words, before anything is queued.
  refuseBroken(tableErrors(templateNameRules, { name: raw }));
  const name = raw.trim();
  const table = kind === 'ambient' ? d.ambients : d.templateTags;
  const row: IdNameRow = { id: newTempId(), name };
  const what = kind === 'ambient' ? 'ambient' : 'tag';
  let made = false;
  const entries = await queuedBy(() =>
    inAction(actionId, [table], async () => {
      made = true;
      await table.add(row);
      await enqueue([{
        label: `Create ${what} ${name}`, entities: [`${kind}:${row.id}`], errorPrefix: `Error creating ${what}: `,
        call: { command: kind === 'ambient' ? 'templates.createAmbient' : 'templates.createTag', body: { name } },
        creates: { temp: row.id, kind, from: `${what}.id` },
      }], { id: actionId, label: `Create ${what} ${name}` });
    }),
  );
  if (!made) return undefined; // this user action made its name already
  kick();
  return { row, entries };
}

/** onlyOneProduct (document 2 §5): the company's products_allowed, from the customers list. */
export function useProductsAllowed(customerId: number | null): number | undefined {
  return useLiveQuery(async () => (customerId === null ? undefined : (await db().customers.get(customerId))?.products_allowed), [customerId]);
}
