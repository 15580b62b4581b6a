// The three-way merge of a conflicting edit (issue 43): who changed each field since the version the
// edit was based on, what Keep mine sends, and when a moved version asks the user again.
import { describe, expect, it } from 'vitest';
import { bodyIds, mergedFields, sameChoice, threeWay } from '../../src/data/outbox/merge.ts';

const was = { name: 'Chair', collection: 'Nordic', finish: 'Oak', note: '' };
const body = { id_product: 7, collection: 'Mine', finish: 'Walnut' };

describe('threeWay', () => {
  it('names who changed each field; a field nobody changed, or both to the same value, is not shown', () => {
    const theirs = { id: 7, name: 'Renamed', collection: 'Nordic', finish: 'Ash', note: null, updated_at: 'x' };
    expect(threeWay(was, body, theirs)).toEqual([
      { key: 'name', was: 'Chair', mine: 'Chair', theirs: 'Renamed', changed: 'theirs' },
      { key: 'collection', was: 'Nordic', mine: 'Mine', theirs: 'Nordic', changed: 'mine' },
      { key: 'finish', was: 'Oak', mine: 'Walnut', theirs: 'Ash', changed: 'both' },
    ]);
    expect(threeWay(was, body, { ...theirs, finish: 'Walnut' }).map((f) => f.key)).toEqual(['name', 'collection']);
  });

  it('without the version it was based on (an older entry), every field of mine that differs is a pick', () => {
    expect(threeWay(undefined, body, { collection: 'Mine', finish: 'Ash', name: 'Renamed' })).toEqual([
      { key: 'finish', mine: 'Walnut', theirs: 'Ash', changed: 'both' },
    ]);
  });
});

describe('mergedFields', () => {
  const fields = threeWay(was, body, { name: 'Renamed', collection: 'Nordic', finish: 'Ash', note: '' });
  it('sends my fields only, a field both changed as picked, and refuses to guess a missing pick', () => {
    expect(() => mergedFields(fields, {})).toThrow(/finish/);
    expect(mergedFields(fields, { finish: 'mine' })).toEqual({ collection: 'Mine', finish: 'Walnut' });
    expect(mergedFields(fields, { finish: 'theirs' })).toEqual({ collection: 'Mine' });
    expect(bodyIds({ ...body, updated_at: 'x' })).toEqual({ id_product: 7 });
  });

  it('asks again only when their version moved where my fields are', () => {
    const moved = threeWay(was, body, { name: 'Renamed twice', collection: 'Nordic', finish: 'Ash', note: '' });
    expect(sameChoice(fields, moved)).toBe(true);
    const overlapped = threeWay(was, body, { name: 'Renamed', collection: 'Theirs too', finish: 'Ash', note: '' });
    expect(sameChoice(fields, overlapped)).toBe(false);
  });
});
