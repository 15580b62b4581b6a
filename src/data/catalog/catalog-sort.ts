// The catalogue's sort choices (issue 28): by name, SKU, date created or date updated, each either
// way; ties (and scenes, which have no SKU) fall back to the newest first. The keys are precomputed
// on the entries, so 100,000 rows sort in tens of ms; a sorted copy is made per data version.
import type { CatalogSort } from '../local/index.ts';

/** The sort keys an index entry carries (catalog-query.ts's Entry). */
interface SortKeys {
  name: string;
  sku: string;
  created: number;
  updated: number;
}

const KEYS = { name: (e: SortKeys) => e.name, sku: (e: SortKeys) => e.sku, created: (e: SortKeys) => e.created, updated: (e: SortKeys) => e.updated };

export function sortEntries<E extends SortKeys>(entries: readonly E[], sort: CatalogSort): E[] {
  const desc = sort.startsWith('-');
  const key = KEYS[(desc ? sort.slice(1) : sort) as keyof typeof KEYS];
  const sign = desc ? -1 : 1;
  // `entries` is newest first: a stable sort keeps that order among equal keys.
  return entries.slice().sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return x < y ? -sign : x > y ? sign : 0;
  });
}
