// The data layer's large reads and writes. Writes in slices (a bulk action's 10,000 rows): each slice's requests complete before the
// next is issued, so the caller's transaction stays open (IndexedDB keeps it while requests are
// pending) and atomic, while the main thread gets a new task per slice instead of one task of
// seconds (issue 28: no main-thread task over 50 ms).
import type { Table } from 'dexie';
import { db } from './db.ts';
import type { OutboxEntry } from './types.ts';

/** Rows per slice: a few tens of ms of structured clone and Dexie bookkeeping on a slow machine. */
export const SLICE = 250;

export async function putInSlices<T, K>(table: Table<T, K>, rows: readonly T[]): Promise<void> {
  for (let i = 0; i < rows.length; i += SLICE) await table.bulkPut(rows.slice(i, i + SLICE));
}

export async function deleteInSlices<T, K>(table: Table<T, K>, keys: readonly K[]): Promise<void> {
  for (let i = 0; i < keys.length; i += SLICE) await table.bulkDelete(keys.slice(i, i + SLICE));
}

const MANY_KEYS = 200;

/**
 * The outbox entries that name any of these entities. Past a few hundred, one read of the outbox
 * and a Set beat the entities index's anyOf, which walks 10,000 keys one cursor step each.
 */
export async function outboxNaming(entities: readonly string[]): Promise<OutboxEntry[]> {
  if (!entities.length) return [];
  if (entities.length <= MANY_KEYS) return db().outbox.where('entities').anyOf(entities as string[]).distinct().toArray();
  const wanted = new Set(entities);
  return (await db().outbox.toArray()).filter((e) => e.entities.some((x) => wanted.has(x)));
}
