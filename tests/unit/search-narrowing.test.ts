// Narrowing (catalog-query.ts): a query that narrows a cached one is searched among that one's
// matches only. The rule (narrows) and a property: for any catalogue and any typed sequence,
// searching the earlier matches gives exactly what a search of the whole list gives.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchDoc, narrows, queryWords, searchDoc } from '../../src/data/catalog/catalog-search.ts';
import { SearchIndex } from '../../src/data/catalog/search-index.ts';

const n = (a: string, b: string) => narrows(queryWords(a), queryWords(b));
/** 400 generated catalogues take about 2 s alone; the whole unit run on a loaded 2-core machine took this one past 5 s. */
const PROPERTY_MS = 30_000;

describe('narrowing', () => {
  it('holds when a word grows or a word is added, and not otherwise', () => {
    expect(n('sof', 'sofa')).toBe(false); // 4 letters: now forgives a swap
    expect(n('sofa ', 'sofa o')).toBe(true);
    // Unless the index has no term a swap of the 4-letter word reaches.
    const ix = new SearchIndex();
    ix.addAll([searchDoc('Oslo Sofa', '', []), searchDoc('Osfa Chair', '', [])]);
    expect(narrows(queryWords('sof'), queryWords('sofa'), (w) => ix.swapReaches(w))).toBe(false); // "osfa" is a term
    expect(narrows(queryWords('osl'), queryWords('oslo'), (w) => ix.swapReaches(w))).toBe(true); // no "solo", "olso", "osol"
    expect(n('chair', 'chairs')).toBe(true); // the plural's stem is the word itself
    expect(n('sofa', 'sofas')).toBe(false); // 5 letters: now forgives a typo
    expect(n('oslo', 'oslo sofa')).toBe(true);
    expect(n('oslo sofa', 'sofa oslo')).toBe(true);
    expect(n('armchi', 'armchia')).toBe(true); // both forgive a typo
    expect(n('armc', 'armch')).toBe(false); // 5 letters: typos it now forgives were not matched before
    expect(n('acm', 'acm1')).toBe(false); // a digit: now also found inside SKUs
    expect(n('oslo sofa', 'sofa')).toBe(false); // a word removed widens
    expect(n('sofa', 'sof')).toBe(false);
    expect(n('', 'sofa')).toBe(false);
  });

  it('a digit typed among a few candidates reads only their codes, with the same answer', () => {
    const ix = new SearchIndex();
    const docs = Array.from({ length: 400 }, (_, i) =>
      searchDoc(i % 40 ? `Lamp ${i}` : `Oslo Sofa ${i}`, `LRG-${String(i).padStart(5, '0')}`, []),
    );
    const slots = Int32Array.from(ix.addAll(docs));
    const oslo = ix.match(queryWords('oslo sofa'), slots, null, true).matched;
    expect(oslo.length * 4).toBeLessThan(400); // few: the candidates' own codes are read
    for (const text of ['oslo sofa 1', 'oslo sofa 12', 'oslo sofa 0', 'oslo sofa lrg0012', 'oslo sofa rg00', 'oslo sofa 9']) {
      const whole = ix.match(queryWords(text), slots, null, true);
      expect([...ix.match(queryWords(text), slots, oslo, true).matched], text).toEqual([...whole.matched]);
      expect(whole.matched.length, text).toBe(docs.filter((d) => matchDoc(d, queryWords(text)) >= 0).length);
    }
  });

  it(
    'searching the earlier matches answers as a search of the whole list (property)',
    () => {
      const letters = ['a', 'e', 'o', 's', 'r', 'l', 'c', 'h', 'i', 'n'];
      const word = fc.string({ unit: fc.constantFrom(...letters), minLength: 1, maxLength: 8 });
      const product = fc.record({
        name: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
        sku: fc.tuple(word, fc.integer({ min: 0, max: 999 })).map(([w, k]) => `${w.slice(0, 3)}-${k}`),
        finish: word,
      });
      let compared = 0;
      const typed = fc.string({ unit: fc.constantFrom(...letters, ' ', '1', '0', '-'), minLength: 1, maxLength: 14 });
      fc.assert(
        fc.property(fc.array(product, { minLength: 1, maxLength: 40 }), typed, fc.boolean(), (products, text, rank) => {
          const ix = new SearchIndex();
          const slots = Int32Array.from(ix.addAll(products.map((p) => searchDoc(p.name, p.sku, [p.finish]))));
          let prev = ix.match([], slots, null, rank);
          let prevWords = queryWords('');
          for (let i = 1; i <= text.length; i++) {
            const words = queryWords(text.slice(0, i));
            const whole = ix.match(words, slots, null, rank);
            if (narrows(prevWords, words, (w) => ix.swapReaches(w))) {
              const narrowed = ix.match(words, slots, prev.matched, rank);
              compared++;
              expect([...narrowed.matched], text.slice(0, i)).toEqual([...whole.matched]);
              expect([...narrowed.ranked], text.slice(0, i)).toEqual([...whole.ranked]);
            }
            prev = whole;
            prevWords = words;
          }
        }),
        { numRuns: 400 },
      );
      expect(compared).toBeGreaterThan(400); // the narrowed path was taken, many times
    },
    PROPERTY_MS,
  );

  it(
    'ranks as the slow path does: its matches, stably by tier (exact SKU, name, the rest) (property)',
    () => {
      const letters = ['a', 'e', 'o', 's', 'l', 'c'];
      const word = fc.string({ unit: fc.constantFrom(...letters), minLength: 1, maxLength: 6 });
      const product = fc.record({
        name: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
        sku: fc.tuple(word, fc.integer({ min: 0, max: 99 })).map(([w, k]) => `${w.slice(0, 3)}-${k}`),
        finish: word,
      });
      const typed = fc.string({ unit: fc.constantFrom(...letters, ' ', '1', '-'), minLength: 1, maxLength: 10 });
      fc.assert(
        // Half the time a product's SKU as typed (lowercase, without its dash): the exact tier is then met.
        fc.property(
          fc.array(product, { minLength: 1, maxLength: 40 }),
          typed,
          fc.nat(),
          fc.boolean(),
          (products, typedText, k, sku) => {
            const text = sku ? products[k % products.length]!.sku.replace('-', '') : typedText;
            const docs = products.map((p) => searchDoc(p.name, p.sku, [p.finish]));
            const ix = new SearchIndex();
            const slots = Int32Array.from(ix.addAll(docs));
            const words = queryWords(text);
            const tiers = docs.map((d) => matchDoc(d, words));
            const want = docs
              .map((_, i) => i)
              .filter((i) => tiers[i]! >= 0)
              .sort((a, b) => tiers[a]! - tiers[b]! || a - b);
            expect([...ix.match(words, slots, null, true).ranked], text).toEqual(want);
          },
        ),
        { numRuns: 400 },
      );
    },
    PROPERTY_MS,
  );
});
