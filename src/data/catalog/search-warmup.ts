// The catalogue search's warm-up. Once the index has loaded, each kind of search (a letter, two
// words, a narrowing, a digit, the rows of an answer, a digit among a narrowing's candidates) runs
// once in idle time, one per idle period: the user's first keystrokes after a start otherwise ran
// these loops cold in V8 (20 to 90 ms for a first letter at 100,000 products, against 1 to 4 ms
// warm). Pages only.
import { queryWords } from './catalog-search.ts';
import type { SearchIndex } from './search-index.ts';
import type { CatalogItem } from '../local/index.ts';

/** The rows at these positions. From the rows' own array: through the entries, scattered in memory, 100,000 matches took milliseconds. */
export function rowsAt(rows: readonly CatalogItem[], at: Int32Array): CatalogItem[] {
  const out = new Array<CatalogItem>(at.length);
  for (let i = 0; i < at.length; i++) out[i] = rows[at[i]!]!;
  return out;
}

/** `slots` and `rows` are this index's; `alive()` false (the index reloaded or gone) stops the steps. */
export function warmUpWhenIdle(search: SearchIndex, slots: Int32Array, rows: readonly CatalogItem[], alive: () => boolean): void {
  if (typeof requestIdleCallback !== 'function') return;
  let letter: Int32Array | null = null;
  let two: Int32Array | null = null;
  const steps = [
    () => (letter = search.warmUp(queryWords('a'), slots)),
    () => search.warmUp(queryWords('a s'), slots),
    () => (two = search.warmUp(queryWords('ar'), slots, letter)),
    () => rowsAt(rows, search.warmUp(queryWords('1'), slots)),
    // A digit among a few candidates reads their codes only (SearchIndex.match).
    () => search.warmUp(queryWords('ar 1'), slots, two),
  ];
  const next = () => {
    const step = steps.shift();
    if (!step || !alive()) return;
    step();
    requestIdleCallback(next, { timeout: 5_000 });
  };
  requestIdleCallback(next, { timeout: 5_000 });
}
