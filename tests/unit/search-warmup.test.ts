// The idle warm-up (search-warmup.ts, started by catalog-query.ts once its index has loaded): each kind of search runs once so that the first keystrokes
// do not run its loops cold. It must answer as a search does and leave the word cache as it was.
import { afterEach, expect, it, vi } from 'vitest';
import { queryWords, searchDoc } from '../../src/data/catalog/catalog-search.ts';
import { SearchIndex } from '../../src/data/catalog/search-index.ts';
import { warmUpWhenIdle } from '../../src/data/catalog/search-warmup.ts';
import type { CatalogItem } from '../../src/data/local/types.ts';

const cached = (ix: SearchIndex) => [...(ix as unknown as { wordSets: Map<string, unknown> }).wordSets.keys()];

it('answers as a search and forgets only the words it brought into the cache', () => {
  const ix = new SearchIndex();
  const slots = Int32Array.from(
    ix.addAll([
      searchDoc('Oslo Sofa 1', 'LRG-0001', ['Nordic']),
      searchDoc('Aurora Lamp 2', 'LRG-0002', ['Urban']),
      searchDoc('Sierra Armchair 3', 'ACM-1060', ['Nordic']),
    ]),
  );
  ix.match(queryWords('sofa'), slots, null, true); // a word the user searched: cached
  expect(cached(ix)).toEqual(['sofa']);
  for (const text of ['a', 'a s', 'sofa 1', '1', 'lrg0']) {
    const words = queryWords(text);
    const warm = ix.warmUp(words, slots);
    expect(cached(ix), text).toEqual(['sofa']);
    expect([...warm], text).toEqual([...ix.match(words, slots, null, true).matched]);
    // The comparison's own search cached its words: back to the user's one word.
    ix.match(queryWords('sofa'), slots, null, true);
    for (const w of words) if (w.c !== 'sofa') (ix as unknown as { wordSets: Map<string, unknown> }).wordSets.delete(w.c);
  }
  const letter = ix.warmUp(queryWords('a'), slots);
  expect([...ix.warmUp(queryWords('ar'), slots, letter)]).toEqual([...ix.match(queryWords('ar'), slots, null, true).matched]);
});

afterEach(() => vi.unstubAllGlobals());

it('runs one step per idle period, and stops when the index is gone', () => {
  const idle: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (f: () => void) => idle.push(f));
  const ix = new SearchIndex();
  const slots = Int32Array.from(ix.addAll([searchDoc('Aurora Sofa 1', 'ACM-1', []), searchDoc('Oslo Lamp 2', 'ACM-2', [])]));
  const rows = [{ id: 1 }, { id: 2 }] as unknown as CatalogItem[];
  const warmUp = vi.spyOn(ix, 'warmUp');
  warmUpWhenIdle(ix, slots, rows, () => true);
  let periods = 0;
  while (idle.length) {
    idle.shift()!();
    periods++;
    expect(warmUp).toHaveBeenCalledTimes(Math.min(periods, 5));
  }
  expect(periods).toBe(6); // five steps, then a last period that finds none left
  expect(cached(ix)).toEqual([]);

  let alive = true;
  warmUp.mockClear();
  warmUpWhenIdle(ix, slots, rows, () => alive);
  idle.shift()!();
  alive = false;
  idle.shift()!();
  expect(warmUp).toHaveBeenCalledTimes(1);
  expect(idle).toEqual([]);
});
