// The updated_since extension of the list calls (our server only; the specs' clients never send
// it): the rows changed since a time, the ids deleted since (tombstones), and the cursor a client
// sends next time. Handlers pass `since` to their list query and answer { ...rows, ...delta }.
import { timestampError } from '../../src/api/contract/rules/timestamp.ts';
import type { Db } from '../db/index.ts';
import { fieldError } from '../http/errors.ts';
import { iso } from './products.ts';

export interface Delta {
  /** Ids to drop locally: deleted since, or no longer visible to this company. */
  deleted: number[];
  /** The latest change this answer covers (ISO); the client's next updated_since. */
  cursor: string;
}

/** Reads `updated_since` (the contract's ISO 8601 timestamp); undefined when absent. */
export function parseSince(value: unknown): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const wrong = timestampError('updated_since', value);
  if (wrong) throw fieldError('updated_since', wrong);
  return new Date(value as string);
}

export const SETTLE_MS = 2000;

/** The database clock less SETTLE_MS (ISO): a cursor that misses no transaction still running. */
export async function settledNow(db: Db): Promise<string> {
  const clock = await db.one<{ settled: Date | string }>(`SELECT clock_timestamp() - $1 * interval '1 millisecond' AS settled`, [
    SETTLE_MS,
  ]);
  return iso(clock!.settled);
}

/**
 * What goes with the rows: tombstones of `entity` since `since` for the company (customerId null:
 * every company; tombstones without a company concern everyone), plus `hiddenSql` ids, e.g.
 * templates updated since that this company may no longer see. With no `since`, deleted is empty
 * and the cursor is the newest change overall, so that the next pull can be a delta.
 */
export async function deltaFor(
  db: Db,
  o: {
    entity: 'product' | 'template';
    since?: Date;
    customerId: number | null;
    rows: { updated_at: string }[];
    hidden?: { sql: string; params: unknown[] };
  },
): Promise<Delta> {
  const tombs = await db.query<{ entity_id: number; deleted_at: Date | string }>(
    `SELECT entity_id, deleted_at FROM tombstones
      WHERE entity = $1 AND ($2::timestamptz IS NULL OR deleted_at >= $2::timestamptz + interval '1 millisecond')
        AND ($3::int IS NULL OR customer_id = $3 OR customer_id IS NULL)
      ORDER BY deleted_at DESC ${o.since ? '' : 'LIMIT 1'}`,
    [o.entity, o.since ?? null, o.customerId],
  );
  const floor = o.since ? o.since.toISOString() : new Date(0).toISOString();
  let cursor = floor;
  for (const r of o.rows) if (r.updated_at > cursor) cursor = r.updated_at;
  for (const t of tombs) if (iso(t.deleted_at) > cursor) cursor = iso(t.deleted_at);
  // A transaction that began before this read may still commit rows stamped earlier: the cursor
  // stays SETTLE_MS behind the clock, so recent changes are sent again until they are settled.
  const settled = await settledNow(db);
  if (cursor > settled) cursor = settled > floor ? settled : floor;
  if (!o.since) return { deleted: [], cursor };
  const hidden = o.hidden ? await db.query<{ id: number }>(o.hidden.sql, o.hidden.params) : [];
  const live = new Set(o.rows.map((r) => (r as { id?: number }).id));
  const deleted = [...new Set([...tombs.map((t) => t.entity_id), ...hidden.map((h) => h.id)])].filter((id) => !live.has(id));
  return { deleted, cursor };
}
