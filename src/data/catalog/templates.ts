// Template mutations (document 2 §4): add (create, then ambients, then tags), edit (info with the
// tag and ambient changes) and delete. Ambients and tags typed by name are created first.
import { db } from '../local/index.ts';
import { claimAction, partOf } from '../local/index.ts';
import { keepConfirmed } from '../local/index.ts';
import { enqueue, kick, type Action, type Draft } from '../outbox/index.ts';
import { emitChange, touch } from '../local/index.ts';
import { newTempId } from '../local/index.ts';
import type { IdNameRow, OutboxCall, TemplateRow } from '../local/index.ts';
import { tableErrors } from '../../api/contract/rules/check.ts';
import { templateFieldErrors, templateNameRules } from '../../api/contract/rules/template.ts';
import { refuseBroken } from '../local/index.ts';

export interface TemplateDraft {
  name: string;
  note?: string;
  public: 0 | 1;
  /** The client company of a private template. */
  clientId?: number;
  image: Blob;
  /** Existing ids or names (a new name is created). */
  ambients: (number | string)[];
  tags: (number | string)[];
}

export interface TemplateChange {
  name: string;
  note?: string;
  public: 0 | 1;
  clientId?: number;
  addAmbients?: (number | string)[];
  removeAmbients?: number[];
  addTags?: (number | string)[];
  removeTags?: number[];
}

type Kind = 'ambient' | 'templateTag';

/** Ids for names/ids among ambients or template tags; unknown names are created (queued). */
async function resolve(kind: Kind, wanted: (number | string)[], action: Action): Promise<IdNameRow[]> {
  const table = kind === 'ambient' ? db().ambients : db().templateTags;
  const known = await table.toArray();
  const out: IdNameRow[] = [];
  for (const w of wanted) {
    let row = typeof w === 'number' ? known.find((x) => x.id === w) : known.find((x) => x.name.toLowerCase() === w.trim().toLowerCase());
    if (!row && typeof w === 'string' && w.trim()) {
      refuseBroken(tableErrors(templateNameRules, { name: w }));
      row = { id: newTempId(), name: w.trim() };
      known.push(row);
      await table.add(row);
      await enqueue([{
        label: `Create ${kind === 'ambient' ? 'ambient' : 'tag'} ${row.name}`, entities: [`${kind}:${row.id}`],
        errorPrefix: kind === 'ambient' ? 'Error creating ambient: ' : 'Error creating tag: ',
        call: { command: kind === 'ambient' ? 'templates.createAmbient' : 'templates.createTag', body: { name: row.name } },
        creates: { temp: row.id, kind, from: kind === 'ambient' ? 'ambient.id' : 'tag.id' },
      }], action);
    }
    if (row && !out.some((x) => x.id === row.id)) out.push(row);
  }
  return out;
}

const link = (tid: number, kind: Kind, x: IdNameRow, add: boolean): Draft => {
  const what = kind === 'ambient' ? 'ambient' : 'tag';
  const ents = [`template:${tid}`, `${kind}:${x.id}`];
  const call: OutboxCall = kind === 'ambient'
    ? (add ? { command: 'templates.addAmbient', body: { id_template: tid, id_ambient: x.id } } : { command: 'templates.removeAmbient', query: { id_template: tid, id_ambient: x.id } })
    : (add ? { command: 'templates.addTag', body: { id_template: tid, id_tag: x.id } } : { command: 'templates.removeTag', query: { id_template: tid, id_tag: x.id } });
  return { label: add ? `Add ${what} ${x.name} to template` : `Remove ${what} from template`, entities: ents, call };
};

/** The tables a template write uses (a caller's enclosing transaction includes them). */
export const templateTables = () => [db().templates, db().ambients, db().templateTags, db().outbox, db().blobs, db().actionClaims, db().confirmed];

/**
 * Staff: creates templates in the current context (cid) mirror; returns their temp ids. Template i
 * is its own action, part i of the user's action: a repeat of one adds nothing.
 */
export async function addTemplates(cid: number, drafts: TemplateDraft[], actionId: string): Promise<number[]> {
  const d = db();
  const ids: number[] = [];
  await d.transaction('rw', templateTables(), async () => {
    for (const [i, t] of drafts.entries()) {
      const action: Action = { id: partOf(actionId, i), label: `Add template ${t.name}` };
      if (!(await claimAction(action.id))) continue;
      const tid = newTempId();
      const blobId = await d.blobs.add({ blob: t.image, name: (t.image as File).name || 'template.png' });
      const body = { name: t.name, note: t.note ?? '', public: t.public, ...(t.public === 0 && { id_customer: t.clientId }) };
      refuseBroken(templateFieldErrors(body));
      await enqueue([{
        label: `Create template ${t.name}`, entities: [`template:${tid}`], errorPrefix: 'Error Saving Template: ',
        call: { command: 'templates.add', body, upload: { blobId } },
        creates: { temp: tid, kind: 'template', from: 'template.id' },
      }], action);
      const ambients = await resolve('ambient', t.ambients, action);
      const tags = await resolve('templateTag', t.tags, action);
      await enqueue([...ambients.map((a) => link(tid, 'ambient', a, true)), ...tags.map((x) => link(tid, 'templateTag', x, true))], action);
      const row: TemplateRow = {
        id: tid, cid, name: t.name, note: t.note ?? '', public: t.public, image_name: '', image_thumb: '', collection: null,
        created_at: new Date().toISOString(), updated_at: '', tags, ambients, id_customer: t.public ? null : (t.clientId ?? null), pendingImage: blobId,
      };
      await d.templates.put(row);
      touch([`template:${tid}`]);
      ids.push(tid);
    }
  });
  emitChange({ table: 'templates', ids });
  kick();
  return ids;
}

/** Info update alongside the ambient and tag changes; once per user action. */
export async function editTemplate(cid: number, id: number, c: TemplateChange, actionId: string): Promise<void> {
  const d = db();
  await d.transaction('rw', templateTables(), async () => {
    if (!(await claimAction(actionId))) return;
    await keepConfirmed([`template:${id}`]);
    const row = await d.templates.get([cid, id]);
    const body = { id, name: c.name, note: c.note ?? '', public: c.public, ...(c.public === 0 && { id_customer: c.clientId }) };
    refuseBroken(templateFieldErrors(body));
    const action = { id: actionId, label: `Save template ${c.name}` };
    const queue: Draft[] = [{ label: `Edit template ${c.name}`, entities: [`template:${id}`], errorPrefix: 'Error Saving Template: ', call: { command: 'templates.edit', body } }];
    const addA = await resolve('ambient', c.addAmbients ?? [], action);
    const addT = await resolve('templateTag', c.addTags ?? [], action);
    const dropA = new Set(c.removeAmbients ?? []);
    const dropT = new Set(c.removeTags ?? []);
    queue.push(...addA.map((a) => link(id, 'ambient', a, true)), ...[...dropA].map((a) => link(id, 'ambient', { id: a, name: '' }, false)));
    queue.push(...addT.map((x) => link(id, 'templateTag', x, true)), ...[...dropT].map((x) => link(id, 'templateTag', { id: x, name: '' }, false)));
    await enqueue(queue, action);
    if (row) {
      const merge = (list: IdNameRow[], add: IdNameRow[], drop: Set<number>) => [...list.filter((x) => !drop.has(x.id)), ...add.filter((x) => !list.some((y) => y.id === x.id))];
      await d.templates.put({
        ...row, name: c.name, note: c.note ?? '', public: c.public, id_customer: c.public ? row.id_customer : (c.clientId ?? row.id_customer),
        ambients: merge(row.ambients, addA, dropA), tags: merge(row.tags, addT, dropT),
      });
    }
    touch([`template:${id}`]);
  });
  emitChange({ table: 'templates', ids: [id] });
  kick();
}

export async function deleteTemplate(cid: number, id: number, actionId: string): Promise<void> {
  const d = db();
  await d.transaction('rw', templateTables(), async () => {
    if (!(await claimAction(actionId))) return;
    await keepConfirmed([`template:${id}`]);
    const row = await d.templates.get([cid, id]);
    const label = `Delete template ${row?.name ?? id}`;
    await enqueue([{
      label, entities: [`template:${id}`], errorPrefix: 'Error deleting template: ',
      call: { command: 'templates.delete', query: { id } },
    }], { id: actionId, label });
    await d.templates.where('id').equals(id).delete();
    touch([`template:${id}`]);
  });
  emitChange({ table: 'templates', ids: [id] });
  kick();
}
