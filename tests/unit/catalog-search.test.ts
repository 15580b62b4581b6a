// The catalogue search (issue 28): the cases the issue names, each through the real inverted index
// (search-index.ts) and the slow path it must agree with (matchDoc), plus ranking, highlighting, SKU
// normalisation, plurals, typos and words in any order, and a property: index == oracle.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchDoc, nearPrefix, queryWords, searchDoc, stem, swappedPrefix } from '../../src/data/catalog/catalog-search.ts';
import { highlight, type Piece } from '../../src/data/catalog/search-highlight.ts';
import { SearchIndex } from '../../src/data/catalog/search-index.ts';

interface P {
  id: number;
  name: string;
  sku: string;
  collection?: string;
  finish?: string;
  tags?: string[];
  categories?: string[];
}
const CATALOG: P[] = [
  {
    id: 1,
    name: 'Sierra Sideboard',
    sku: 'ACM-1060',
    collection: 'Heritage',
    finish: 'Walnut',
    tags: ['oak'],
    categories: ['Storage', 'Sideboards'],
  },
  { id: 2, name: 'Oslo Sofa', sku: 'ACM-1061', collection: 'Nordic', finish: 'Linen', categories: ['Seating', 'Sofas'] },
  { id: 3, name: 'Harbor Armchair', sku: 'ACM-2000', collection: 'Coastline', finish: 'Matte', tags: ['lounge'] },
  { id: 4, name: 'Luna Sofas Set', sku: 'LUN-4', collection: 'Atelier', finish: 'Velvet' },
  { id: 5, name: 'Cedar Bench', sku: 'ACM1060', collection: 'Urban', finish: 'Oak veneer' },
  { id: 6, name: 'Willow Accessories Tray', sku: 'WIL-77', collection: 'Nordic', finish: 'Brass' },
  { id: 7, name: 'Aurora Lamp', sku: 'SOFA-9', collection: 'Urban', finish: 'Chêne clair' },
];
const docOf = (p: P) => searchDoc(p.name, p.sku, [p.collection, p.finish, ...(p.tags ?? []), ...(p.categories ?? [])]);

/** Newest first, as the catalogue lists them; the index's answer. */
function find(text: string, catalog = CATALOG, rank = true): number[] {
  const ix = new SearchIndex();
  const order = [...catalog].sort((a, b) => b.id - a.id);
  const slots = ix.addAll(order.map(docOf));
  const rows = order.map((p, k) => ({ p, slot: slots[k]! }));
  return ix.search(queryWords(text), rows, (r) => r.slot, rank).map((r) => r.p.id);
}
/** The slow path's answer for the same text (no ranking). */
const oracle = (text: string, catalog = CATALOG) =>
  [...catalog]
    .sort((a, b) => b.id - a.id)
    .filter((p) => matchDoc(docOf(p), queryWords(text)) >= 0)
    .map((p) => p.id);
const both = (text: string) => {
  expect([...find(text)].sort(), `index vs oracle for "${text}"`).toEqual([...oracle(text)].sort());
  return find(text);
};
const marked = (pieces: Piece[]) => pieces.filter((p) => p.hit).map((p) => p.text);

describe('search that finds', () => {
  it('matches words across name, SKU, collection, finish, tags and categories', () => {
    expect(both('sierra')).toEqual([1]);
    expect(both('acm-2000')).toEqual([3]);
    expect(both('heritage')).toEqual([1]);
    expect(both('walnut')).toEqual([1]);
    expect(both('oak')).toEqual([5, 1]);
    expect(both('storage')).toEqual([1]);
  });

  it('matches words in any order, each by prefix', () => {
    expect(both('sideboard sierra')).toEqual([1]);
    expect(both('sie sid')).toEqual([1]);
    expect(both('sofa nordic')).toEqual([2]);
    expect(both('sofa velvet')).toEqual([4]);
    expect(both('sideboard oslo')).toEqual([]);
  });

  it('matches a SKU without its punctuation or case', () => {
    expect(both('acm1060')[0]).toBe(5);
    expect(both('acm1060')).toContain(1);
    expect(both('ACM-1060')).toContain(5);
    expect(both('1060')).toEqual(expect.arrayContaining([1, 5]));
    expect(both('acm10')).toEqual(expect.arrayContaining([1, 2, 5]));
  });

  it("matches a word of letters at the start of a code, across its punctuation (the codes' leading letters)", () => {
    const catalog: P[] = [
      { id: 1, name: 'Rug', sku: 'AB-CD-12' },
      { id: 2, name: 'Mat', sku: 'ABX9' },
      { id: 3, name: 'Tray', sku: '12-AB' },
      { id: 4, name: 'Bowl', sku: 'ÉTÉ-3', finish: 'Oak x2' },
    ];
    const check = (text: string, ids: number[]) => {
      expect([...find(text, catalog)].sort(), text).toEqual(ids);
      expect([...oracle(text, catalog)].sort(), text).toEqual(ids);
    };
    check('abc', [1]); // "abcd12", the SKU whole
    check('ab', [1, 2, 3]);
    check('cd', [1]);
    check('bc', []); // not at a code's start, and no digit
    check('abx', [2]);
    check('ete', [4]);
    check('x', [4]); // "x2" of the finish (not the x inside "abx9")
  });

  it('finds a piece of a SKU anywhere when it has a digit', () => {
    expect(both('cm10')).toEqual(expect.arrayContaining([1, 2, 5]));
    expect(both('106')).toEqual(expect.arrayContaining([1, 2, 5]));
    expect(both('060')).toEqual([5, 1]);
  });

  it('finds a number by its start: "scene 7" is scene 7 and 70, not 17', () => {
    const scenes: P[] = [7, 17, 70].map((n, i) => ({ id: i + 1, name: `Studio Scene ${n}`, sku: '' }));
    expect(find('studio scene 7', scenes)).toEqual([3, 1]);
    expect(oracle('studio scene 7', scenes)).toEqual([3, 1]);
    expect(find('scene 17', scenes)).toEqual([2]);
  });

  it('matches singular and plural forms', () => {
    expect(both('sofas')).toEqual(expect.arrayContaining([2, 4]));
    expect(both('sofa')).toEqual(expect.arrayContaining([2, 4]));
    expect(both('accessory')).toEqual([6]);
    expect(both('benches')).toEqual([5]);
    expect(stem('sofas')).toBe('sofa');
    expect(stem('benches')).toBe('bench');
    expect(stem('accessories')).toBe('accessory');
    expect(stem('glass')).toBe('glass');
  });

  it('forgives one typo in words of five letters or more', () => {
    expect(both('armchiar')).toEqual([3]);
    expect(both('armchar')).toEqual([3]);
    expect(both('armcchair')).toEqual([3]);
    expect(both('armchaor')).toEqual([3]);
    expect(both('harbpr armchiar')).toEqual([3]);
    // Under five letters a typo is not forgiven (but a swap in four), nor two typos, nor a typo in a number.
    expect(both('lanp')).toEqual([]);
    expect(both('lmpa')).toEqual([]); // two swaps
    expect(both('armhciar')).toEqual([]);
    expect(both('acm-2001')).toEqual([]);
    expect(nearPrefix('armchiar', 'armchair')).toBe(true);
    expect(nearPrefix('sidebaord', 'sideboards')).toBe(true);
    expect(nearPrefix('sidexxard', 'sideboard')).toBe(false);
  });

  it('forgives two neighbours swapped in a word of four letters (issue 43: "sfoa" found nothing)', () => {
    expect(both('sfoa')).toEqual([4, 2]); // not SOFA-9: a code forgives no typo
    expect(both('lmap')).toEqual([7]);
    expect(both('osfa')).toEqual(expect.arrayContaining([2, 4]));
    expect(both('lnua')).toEqual([4]); // Luna
    expect(both('olso sfoa')).toEqual([2]);
    expect(both('sfo')).toEqual([]); // three letters: too short to guess
    expect(both('sfoa9')).toEqual([]); // with a digit: a code, exact
    expect(swappedPrefix('sfoa', 'sofas')).toBe(true);
    expect(swappedPrefix('sofa', 'sofas')).toBe(false); // an exact prefix is no swap
    expect(swappedPrefix('sfoa', 'sof')).toBe(false);
    expect(marked(highlight('Oslo Sofa', queryWords('sfoa')))).toEqual(['Sofa']);
  });

  it('folds accents', () => {
    expect(both('chene')).toEqual([7]);
  });

  it('ranks an exact SKU first, then name matches, then the rest', () => {
    // "sofa": SOFA-9 is no exact SKU (sofa9), names 4 and 2 first, then the lamp by its SKU.
    expect(find('sofa')).toEqual([4, 2, 7]);
    expect(find('sofa9')).toEqual([7]);
    // "acm1060": ACM1060 and ACM-1060 are both exactly that without punctuation; then the rest.
    expect(find('acm1060')).toEqual([5, 1]);
    expect(find('acm 1060')).toEqual([5, 1]);
    // "oak": a tag (1) and a finish (5), both "the rest": newest first.
    expect(find('oak')).toEqual([5, 1]);
    // Without ranking, the given order is kept.
    expect(find('sofa', CATALOG, false)).toEqual([7, 4, 2]);
  });

  it('an empty query keeps every row in order', () => {
    expect(find('')).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(find('  - ')).toEqual([7, 6, 5, 4, 3, 2, 1]);
  });

  it('highlights the matched words on a card', () => {
    expect(marked(highlight('Sierra Sideboard', queryWords('sideboard sie')))).toEqual(['Sie', 'Sideboard']);
    expect(marked(highlight('Sierra Sideboard', queryWords('sid')))).toEqual(['Sid']);
    expect(highlight('Sierra Sideboard', queryWords('sid'))).toEqual([
      { text: 'Sierra ', hit: false },
      { text: 'Sid', hit: true },
      { text: 'eboard', hit: false },
    ]);
    expect(marked(highlight('Oslo Sofa', queryWords('sofas')))).toEqual(['Sofa']);
    expect(marked(highlight('Harbor Armchair', queryWords('armchiar')))).toEqual(['Armchair']);
    expect(marked(highlight('ACM-1060', queryWords('acm1060'), true))).toEqual(['ACM-1060']);
    expect(marked(highlight('ACM-1060', queryWords('acm1'), true))).toEqual(['ACM-1']);
    expect(marked(highlight('ACM-1060', queryWords('1060'), true))).toEqual(['1060']);
    expect(marked(highlight('ACM 1060', queryWords('acm1060'), true))).toEqual(['ACM 1060']); // a SKU's code runs across spaces
    expect(marked(highlight('Chêne clair', queryWords('chene')))).toEqual(['Chêne']);
    expect(highlight('Oslo Sofa', [])).toEqual([{ text: 'Oslo Sofa', hit: false }]);
    expect(
      highlight('Oslo Sofa', queryWords('lamp'))
        .map((p) => p.text)
        .join(''),
    ).toBe('Oslo Sofa');
  });

  it('marks nothing the search did not match (issue 43: "sierra" marked "49" in "#49")', () => {
    expect(marked(highlight('Sierra Sofa #49', queryWords('sierra')))).toEqual(['Sierra']);
    expect(marked(highlight('#49', queryWords('sierra')))).toEqual([]);
    expect(marked(highlight('C 9', queryWords('c9')))).toEqual([]); // not across a space in a name
    expect(marked(highlight('Scene 149', queryWords('49')))).toEqual([]); // a number by its start
    expect(marked(highlight('Rug AB-12', queryWords('ab12')))).toEqual(['AB-12']);
    expect(marked(highlight('Oak x2', queryWords('x')))).toEqual(['x']);
    const alphabet = 'acdehilmnoprsw1069-# ';
    const text = fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 14 });
    fc.assert(
      fc.property(text, text, fc.boolean(), (shown, typed, sku) => {
        const doc = sku ? searchDoc('', shown, []) : searchDoc(shown, '', []);
        for (const w of queryWords(typed)) {
          if (highlight(shown, [w], sku).some((p) => p.hit))
            expect(matchDoc(doc, [w]), `${w.c} in ${shown}`).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('the index answers like the slow path for any text (property)', () => {
    const alphabet = 'acdehilmnoprsw1069- ';
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 12 }), (text) => {
        expect([...find(text)].sort()).toEqual([...oracle(text)].sort());
      }),
      { numRuns: 300 },
    );
  });

  it('keeps up with changes: a removed slot is never answered, an added product is found', () => {
    const ix = new SearchIndex();
    const rows = CATALOG.map((p) => ({ p, slot: ix.add(docOf(p)) }));
    const edited = { p: { ...CATALOG[1]!, name: 'Oslo Daybed', categories: ['Beds'] }, slot: -1 };
    ix.remove(rows[1]!.slot);
    edited.slot = ix.add(docOf(edited.p));
    const live = [edited, ...rows.filter((r) => r.p.id !== 2)];
    const ids = (t: string) => ix.search(queryWords(t), live, (r) => r.slot, true).map((r) => r.p.id);
    expect(ids('daybed')).toEqual([2]);
    expect(ids('oslo sofa')).toEqual([]);
    expect(ids('zebra')).toEqual([]);
    live.unshift({ p: { id: 9, name: 'Zebra Rug', sku: 'Z-1' }, slot: ix.add(docOf({ id: 9, name: 'Zebra Rug', sku: 'Z-1' })) });
    expect(ids('zebr')).toEqual([9]);
    expect(ids('rugs')).toEqual([9]);
  });
});
