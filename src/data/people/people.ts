// The people and roles of the current company, mirrored for the user-management screen, and the
// signed-in user's own account (name, phone, photo). The lists are pulled with If-None-Match and
// replaced whole (they are small). Only the account's name and phone are queued (PUT user/edit);
// every other change on that screen is a security action sent straight to the server.
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../local/index.ts';
import { inAction } from '../local/index.ts';
import { enqueue, kick } from '../outbox/index.ts';
import { getList } from '../local/index.ts';
import type { ListEntry } from '../local/index.ts';
import { tick, touch, touchedSince } from '../local/index.ts';
import type { AccountRow, CompanyRoleRow, PersonRow } from '../local/index.ts';
import { tableErrors } from '../../api/contract/rules/check.ts';
import { accountRules } from '../../api/contract/rules/user.ts';
import { refuseBroken } from '../local/index.ts';

const accountEntity = (id: number) => `account:${id}`;

async function accountHeld(id: number, since: number): Promise<boolean> {
  return (await db().outbox.where('entities').equals(accountEntity(id)).count()) > 0 || touchedSince(accountEntity(id), since);
}

type Kind = 'people' | 'roles';
const LISTS: Record<Kind, { entry: ListEntry; field: string }> = {
  people: { entry: 'users.list', field: 'users' },
  roles: { entry: 'roles.list', field: 'roles' },
};

/** Pulls one list of the company; the company's rows are replaced (a queued edit of my name stays). */
export async function pullPeople(cid: number, kind: Kind): Promise<void> {
  const d = db();
  const metaKey = `${kind}:${cid}`;
  const meta = await d.meta.get(metaKey);
  const started = tick();
  const { entry, field } = LISTS[kind];
  const r = await getList<Record<string, unknown>>(entry, { id_customer: cid }, meta?.etag);
  if (r.status === 304) {
    await d.meta.put({ ...meta, key: metaKey, at: Date.now() });
    return;
  }
  const rows = (r.data?.[field] ?? []) as Omit<PersonRow, 'cid'>[] & Omit<CompanyRoleRow, 'cid'>[];
  const table = kind === 'people' ? d.companyUsers : d.companyRoles;
  await d.transaction('rw', [table, d.account, d.outbox, d.meta], async () => {
    let incoming = rows.map((x) => ({ ...x, cid }));
    if (kind === 'people') {
      // My own row keeps the name and phone of an edit that has not reached the server yet.
      const mine = await d.account.toArray();
      const held = new Map<number, AccountRow>();
      for (const a of mine) if (await accountHeld(a.id, started)) held.set(a.id, a);
      incoming = incoming.map((x) => (held.has(x.id) ? { ...x, name: held.get(x.id)!.name, phone: held.get(x.id)!.phone } : x));
    }
    await table.where('cid').equals(cid).delete();
    await (table as typeof d.companyUsers).bulkPut(incoming as PersonRow[]);
    await d.meta.put({ key: metaKey, etag: r.etag, at: Date.now() });
  });
}

export interface Mirrored<T> {
  rows: T[];
  /** The list was pulled at least once on this device (an empty list is then really empty). */
  known: boolean;
}

function useMirror<T>(kind: Kind, cid: number | null): Mirrored<T> | undefined {
  return useLiveQuery(async () => {
    if (cid === null) return { rows: [], known: false };
    const table = kind === 'people' ? db().companyUsers : db().companyRoles;
    const [rows, meta] = await Promise.all([table.where('cid').equals(cid).toArray(), db().meta.get(`${kind}:${cid}`)]);
    return { rows: rows as T[], known: !!meta };
  }, [kind, cid]);
}

/** The company's users (invited and disabled included), as last pulled; undefined while reading. */
export const useCompanyUsers = (cid: number | null) => useMirror<PersonRow>('people', cid);
/** The company's roles, the locked full-permission one first; undefined while reading. */
export function useCompanyRoles(cid: number | null): Mirrored<CompanyRoleRow> | undefined {
  const m = useMirror<CompanyRoleRow>('roles', cid);
  return m && { ...m, rows: [...m.rows].sort((a, b) => Number(b.locked) - Number(a.locked) || a.id - b.id) };
}

/**
 * The signed-in user's account as the server said it at `since` (a tick() taken before asking), kept
 * unless an edit of it is queued or was made since. With `onlyIfNew`, an existing row is left alone.
 */
export async function rememberAccount(a: AccountRow, since = tick(), onlyIfNew = false): Promise<void> {
  await db().transaction('rw', [db().account, db().outbox], async () => {
    if (await accountHeld(a.id, since)) return;
    if (onlyIfNew && (await db().account.get(a.id))) return;
    await db().account.put(a);
  });
}

/** Asks the server for the signed-in user (GET /api/user) and remembers their account. */
export async function pullAccount(): Promise<void> {
  const since = tick();
  const r = await getList<{ id: number; name: string; phone: string | null; urlImage: string | null }>('auth.currentUser', {});
  const u = r.data;
  if (u) await rememberAccount({ id: u.id, name: u.name, phone: u.phone, photo: u.urlImage }, since);
}

export const useAccount = (id: number): AccountRow | undefined | null =>
  useLiveQuery(async () => (await db().account.get(id)) ?? null, [id]);

/** My name and phone: changed here at once, sent through the outbox (offline too); once per user action. */
export async function saveAccount(current: AccountRow, change: { name: string; phone: string }, actionId: string): Promise<void> {
  const d = db();
  const name = change.name.trim();
  const phone = change.phone.trim();
  refuseBroken(tableErrors(accountRules, { name, phone }));
  await inAction(actionId, [d.account, d.companyUsers], async () => {
    await d.account.put({ ...current, name, phone: phone || null });
    await d.companyUsers.filter((u) => u.id === current.id).modify({ name, phone: phone || null });
    await enqueue([{
      label: 'Save your name and phone', entities: [accountEntity(current.id)], errorPrefix: 'Error: ',
      call: { command: 'users.editMe', body: { name, phone } },
    }], { id: actionId, label: 'Save my account' });
  });
  touch([accountEntity(current.id)]);
  kick();
}

/** After a photo upload (sent straight to the server): the new stored path, here and in the lists. */
export async function setAccountPhoto(id: number, photo: string): Promise<void> {
  const d = db();
  await d.transaction('rw', [d.account, d.companyUsers], async () => {
    await d.account.update(id, { photo });
    await d.companyUsers.filter((u) => u.id === id).modify({ photo, urlImage: photo });
  });
}

/** Is a change of my account still waiting in the outbox? */
export const useAccountQueued = (id: number): boolean =>
  useLiveQuery(async () => (await db().outbox.where('entities').equals(accountEntity(id)).count()) > 0, [id], false);
