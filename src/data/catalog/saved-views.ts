// Saved views of the catalogue (issue 28): the signed-in user's named catalogue addresses, kept on our
// server (an extension) and mirrored per company, so they follow the user to another device and work
// offline. Each write is one user action through the outbox, shown at once and pending until confirmed.
// The name rule is the contract's (rules/saved-view.ts), checked here against this device's views.
import { useLiveQuery } from 'dexie-react-hooks';
import { savedViewErrors } from '../../api/contract/rules/saved-view.ts';
import { inAction } from '../local/index.ts';
import { keepConfirmed } from '../local/index.ts';
import { db } from '../local/index.ts';
import { enqueue, kick } from '../outbox/index.ts';
import { refuseBroken } from '../local/index.ts';
import { touch } from '../local/index.ts';
import { entityId, isTemp, newTempId } from '../local/index.ts';
import type { SavedViewRow } from '../local/index.ts';

export interface SavedViewItem extends SavedViewRow {
  /** A change to it has not reached the server yet. */
  pending: boolean;
}

const KIND = 'savedView';
const entity = (id: number) => `${KIND}:${id}`;
const tables = () => [db().savedViews, db().idmap, db().confirmed];
const viewsOf = (cid: number) => db().savedViews.where('cid').equals(cid).toArray();
/** A view named by the temp id its screen still holds, though its save has reached the server meanwhile. */
async function rowOf(id: number): Promise<SavedViewRow | undefined> {
  const real = isTemp(id) ? (await db().idmap.get(id))?.real : undefined;
  return (real !== undefined && (await db().savedViews.get(real))) || db().savedViews.get(id);
}
const byName = (a: SavedViewRow, b: SavedViewRow) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id;

/** The company's saved views by name, each marked pending while the outbox holds a change to it; undefined while loading. */
export function useSavedViews(cid: number): SavedViewItem[] | undefined {
  return useLiveQuery(async () => {
    const views = await viewsOf(cid);
    const queued = await db().outbox.where('entities').startsWith(`${KIND}:`).toArray();
    const pending = new Set(queued.flatMap((e) => e.entities.filter((x) => x.startsWith(`${KIND}:`)).map(entityId)));
    return views.sort(byName).map((v) => ({ ...v, pending: pending.has(v.id) }));
  }, [cid]);
}

/** Saves the view under a name (trimmed); returns its temp id, or undefined when the action was queued before. */
export async function saveView(cid: number, view: { name: string; query: string }, actionId: string): Promise<number | undefined> {
  const name = view.name.trim();
  const id = await inAction(actionId, tables(), async () => {
    refuseBroken(savedViewErrors({ name, query: view.query }, await viewsOf(cid)));
    const temp = newTempId();
    const label = `Save view ${name}`;
    await enqueue([{
      label, entities: [entity(temp)], errorPrefix: 'Error saving view: ',
      call: { command: 'savedViews.store', body: { id_customer: cid, name, query: view.query } },
      creates: { temp, kind: KIND, from: 'view.id' },
    }], { id: actionId, label });
    const now = new Date().toISOString();
    await db().savedViews.put({ id: temp, cid, name, query: view.query, created_at: now, updated_at: now });
    touch([entity(temp)]);
    return temp;
  });
  kick();
  return id;
}

/** Renames a view (a temp one too: the rename is sent after its save, with the server's id). */
export async function renameView(cid: number, id: number, newName: string, actionId: string): Promise<void> {
  const name = newName.trim();
  await inAction(actionId, tables(), async () => {
    const row = await rowOf(id);
    if (!row) return;
    refuseBroken(savedViewErrors({ name }, await viewsOf(cid), row.id));
    // The server's name, for a Discard offline (confirmed.ts).
    await keepConfirmed([entity(row.id)]);
    const label = `Rename view ${row.name} to ${name}`;
    await enqueue([{
      label, entities: [entity(row.id)], errorPrefix: 'Error renaming view: ',
      call: { command: 'savedViews.rename', body: { id: row.id, id_customer: cid, name } },
    }], { id: actionId, label });
    await db().savedViews.put({ ...row, name });
    touch([entity(row.id)]);
  });
  kick();
}

/** Deletes a view: it leaves the list at once. */
export async function deleteView(cid: number, id: number, actionId: string): Promise<void> {
  await inAction(actionId, tables(), async () => {
    const row = await rowOf(id);
    if (!row) return;
    await keepConfirmed([entity(row.id)]);
    const label = `Delete view ${row.name}`;
    await enqueue([{
      label, entities: [entity(row.id)], errorPrefix: 'Error deleting view: ',
      call: { command: 'savedViews.remove', query: { id: row.id, id_customer: cid } },
    }], { id: actionId, label });
    await db().savedViews.delete(row.id);
    touch([entity(row.id)]);
  });
  kick();
}
