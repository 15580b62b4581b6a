// Catalogue filters in the URL: every filter survives the round trip, the default view is a clean URL,
// other parameters stay, malformed values fall back to the defaults, typing is one history step.
import { describe, expect, it } from 'vitest';
import { defaultFilters, type FilterState } from '../../src/features/catalog/catalog-rules.ts';
import { changeOf, filtersFromParams, filtersToParams, sameFilterParams } from '../../src/features/catalog/filter-url.ts';
import { presetRange } from '../../src/features/calendar/presets.ts';

const today = new Date(2026, 10, 18);
const base = () => defaultFilters(today);
const round = (f: FilterState) => filtersFromParams(filtersToParams(f), today);

describe('filters in the URL', () => {
  it('the default view has no parameter', () => {
    expect(filtersToParams(base()).toString()).toBe('');
    expect(filtersFromParams(new URLSearchParams(), today)).toEqual(base());
  });

  it('round-trips every filter', () => {
    const f: FilterState = {
      ...base(),
      text: 'oslo sofa',
      id: '42',
      collection: 'Nordic',
      preset: 'last-month',
      range: presetRange('last-month', today),
      visibility: 0,
      automation: 2,
      size: 'big',
      ambients: [3, 7],
    };
    const p = filtersToParams(f);
    expect(p.toString()).toBe(
      'q=oslo+sofa&id=42&collection=Nordic&date=last-month&visibility=private&automation=not-sent&ambients=3%2C7&size=big',
    );
    expect(round(f)).toEqual(f);
    for (const g of [
      { ...base(), visibility: 1 },
      { ...base(), automation: 1 },
      { ...base(), size: 'small' as const },
    ])
      expect(round(g)).toEqual(g);
  });

  it('keeps the sort choice (sort=-updated), and drops an unknown one', () => {
    const f: FilterState = { ...base(), sort: '-updated' };
    expect(filtersToParams(f).toString()).toBe('sort=-updated');
    expect(round(f)).toEqual(f);
    expect(filtersFromParams(new URLSearchParams('sort=price'), today).sort).toBe('');
  });

  it('keeps a custom range as its two days', () => {
    const f: FilterState = { ...base(), preset: 'custom', range: { from: new Date(2024, 0, 5), to: new Date(2024, 2, 31) } };
    expect(filtersToParams(f).toString()).toBe('from=2024-01-05&to=2024-03-31');
    expect(round(f)).toEqual(f);
    expect(filtersFromParams(new URLSearchParams('from=2024-03-31&to=2024-01-05'), today).range).toEqual({
      from: new Date(2024, 0, 5),
      to: new Date(2024, 2, 31),
    });
  });

  it('keeps the other parameters (the section) and replaces only the filters', () => {
    const p = filtersToParams({ ...base(), text: 'lamp' }, new URLSearchParams('section=category-3&q=old&size=big'));
    expect(p.toString()).toBe('section=category-3&q=lamp');
  });

  it('ignores malformed values', () => {
    const f = filtersFromParams(
      new URLSearchParams('id=12a&date=someday&from=2024-02-30&to=x&visibility=all&automation=2&ambients=1,x,,1,4&size=huge'),
      today,
    );
    expect(f).toEqual({ ...base(), id: '12', ambients: [1, 4] });
  });

  it('counts typing in one box as typing, anything else as a choice', () => {
    expect(changeOf(base(), { ...base(), text: 'o' })).toEqual({ kind: 'typing', field: 'text' });
    expect(changeOf(base(), { ...base(), id: '4' })).toEqual({ kind: 'typing', field: 'id' });
    expect(changeOf(base(), { ...base(), size: 'big' })).toEqual({ kind: 'choice' });
    expect(changeOf(base(), { ...base(), ambients: [1] })).toEqual({ kind: 'choice' });
    expect(changeOf(base(), { ...base(), text: 'a', id: '1' })).toEqual({ kind: 'choice' });
  });
});

describe('sameFilterParams', () => {
  const p = (s: string) => new URLSearchParams(s);
  it('is true when only other parameters differ (the page writing its section)', () => {
    expect(sameFilterParams(p('q=acm&size=big'), p('section=all&q=acm&size=big'))).toBe(true);
    expect(sameFilterParams(p(''), p('section=templates'))).toBe(true);
  });
  it('is false when a filter differs, appears or goes', () => {
    expect(sameFilterParams(p('q=acm'), p('q=acm-1'))).toBe(false);
    expect(sameFilterParams(p('q=acm'), p('q=acm&sort=name'))).toBe(false);
    expect(sameFilterParams(p('from=2024-01-01&to=2024-02-01'), p(''))).toBe(false);
  });
});
