// Retailers: read from the local mirror (pulled as a reference list), written straight to the server.
// Their popups need the server's answer ('Saved!', or 'Error: ' and the field errors), so a write is
// not queued in the outbox: online it waits for the call and then updates the mirror; offline it
// fails at once with a plain message and nothing is changed (docs/decisions.md).
import { useLiveQuery } from 'dexie-react-hooks';
import type { Static } from '@sinclair/typebox';
import type { Retailer, RetailerFields } from '../../api/contract/retailers.ts';
import { ApiFailure } from '../../api/client.ts';
import { addRetailer, deleteRetailer, editRetailer } from '../../api/shell.ts';
import { db } from '../local/index.ts';
import { pullList, LISTS } from '../pull/index.ts';

export type RetailerData = Static<typeof Retailer>;
export type RetailerDraft = Static<typeof RetailerFields>;
export const OFFLINE_RETAILERS = 'You are offline. Retailer changes need a connection; nothing was changed.';

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;
function needsNetwork() {
  if (!online()) throw new ApiFailure(OFFLINE_RETAILERS, undefined);
}

/** Every retailer on the device, by name; undefined while reading. */
export function useRetailers(): RetailerData[] | undefined {
  return useLiveQuery(async () => {
    const rows = (await db().retailers.toArray()) as unknown as RetailerData[];
    return rows.sort((a, b) => a.retailer.localeCompare(b.retailer, undefined, { sensitivity: 'base' }) || a.id - b.id);
  }, []);
}

/** Pulls the list now (the admin screen opens with the server's current list when online). */
export async function refreshRetailers(): Promise<void> {
  await pullList(LISTS.find((l) => l.name === 'retailers')!, 0);
}

/** Creates (no id) or edits a retailer, under its user action's key; resolves to the saved row. */
export async function saveRetailer(draft: RetailerDraft, id: number | undefined, key: string): Promise<RetailerData> {
  needsNetwork();
  const row: RetailerData = id === undefined
    ? { ...draft, no_upscale: draft.no_upscale ?? false, id: (await addRetailer(draft, key)).data.id }
    : (await editRetailer({ ...draft, id }, key)).data;
  await db().retailers.put(row as never);
  return row;
}

export async function removeRetailer(id: number, key: string): Promise<void> {
  needsNetwork();
  await deleteRetailer(id, key);
  await db().retailers.delete(id);
}
