// How a list of the mirror is described (sync-lists.ts's LISTS) and what a pull of it did; apart, so
// that the paged first sync (sync-pages.ts) and the lists share them without importing each other.
import type { Table } from 'dexie';
import type { Slug } from '../../api/contract/slugs.ts';
import type { ListEntry } from '../local/index.ts';

type Row = Record<string, unknown>;
type Key = number | [number, number];

export interface ListSpec {
  name: string;
  entry: ListEntry;
  /** The reply field holding the rows. */
  field: string;
  perCompany: boolean;
  /** Sends updated_since (products and templates). */
  delta?: boolean;
  /** The first sync walks the list in pages (sync-pages.ts). */
  paged?: boolean;
  /** Global reference lists that rarely change: a routine pull skips them while fresh. */
  reference?: boolean;
  /** Outbox entity kind of a row ('product:12'). */
  entity?: string;
  /** Any of these lets the user read it (its contract entry's permission): a user known to hold none is not asked. */
  needs?: readonly Slug[];
  table: () => Table<Row, Key>;
  toRow?: (r: Row, cid: number) => Row;
}

export interface ListResult { status: 200 | 304; mode: 'full' | 'delta' | 'unchanged'; bytes: number; rows: number; deleted: number }
