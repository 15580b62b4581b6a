// A saved view's name rule (the contract's, used by the dialog, the data layer and the server) and what
// a view keeps of the catalogue's address: its section and filters, in one order, nothing else.
import { describe, expect, it } from 'vitest';
import { sameViewName, savedViewErrors, VIEW_NAME_TAKEN } from '../../src/api/contract/rules/saved-view.ts';
import { defaultFilters } from '../../src/features/catalog/catalog-rules.ts';
import { isCurrentView, viewHref, viewQuery } from '../../src/features/catalog/saved-views/view-query.ts';

const mine = [
  { id: 1, name: 'Oak sofas' },
  { id: 2, name: 'Private templates' },
];

describe('saved view name rule', () => {
  it('requires a name that is not blank, of at most 60 characters (an emoji is one)', () => {
    expect(savedViewErrors({}, [])).toEqual({ name: ['The name field is required.'] });
    expect(savedViewErrors({ name: '' }, [])).toEqual({ name: ['The name field is required.'] });
    expect(savedViewErrors({ name: '   ' }, [])).toEqual({ name: ['The name field is required.'] });
    expect(savedViewErrors({ name: 'x'.repeat(61) }, [])).toEqual({
      name: ['The name field must not be greater than 60 characters.'],
    });
    expect(savedViewErrors({ name: '🛋'.repeat(60) }, [])).toEqual({});
  });

  it('refuses a name another view of the user has, without case or outer spaces; a view keeps its own', () => {
    expect(savedViewErrors({ name: ' oak SOFAS ' }, mine)).toEqual({ name: [VIEW_NAME_TAKEN] });
    expect(savedViewErrors({ name: 'OAK SOFAS' }, mine, 1)).toEqual({});
    expect(savedViewErrors({ name: 'Private templates' }, mine, 1)).toEqual({ name: [VIEW_NAME_TAKEN] });
    expect(sameViewName('Sofas', 'sofas ')).toBe(true);
    expect(sameViewName('Sofa', 'Sofas')).toBe(false);
  });

  it('limits the query string to 2000 characters', () => {
    expect(savedViewErrors({ name: 'Long', query: 'q='.padEnd(2001, 'x') }, [])).toEqual({
      query: ['The query field must not be greater than 2000 characters.'],
    });
  });
});

describe('what a view keeps', () => {
  it('the filters on screen and the section, always named, in one order', () => {
    const f = { ...defaultFilters(), text: 'oak sofa', sort: '-updated' as const, size: 'big' as const };
    expect(viewQuery(f, '?size=small&section=category-3&utm=x')).toBe('section=category-3&q=oak+sofa&size=big&sort=-updated');
    expect(viewQuery(defaultFilters(), '')).toBe('section=allproducts');
  });

  it("opens only the catalogue's parameters of a stored query, and knows the view on screen", () => {
    expect(viewHref('q=oak&section=templates&next=%2Flogout')).toBe('?section=templates&q=oak');
    expect(viewHref('')).toBe('?section=allproducts');
    expect(isCurrentView('section=allproducts&q=oak', '?q=oak&section=allproducts')).toBe(true);
    expect(isCurrentView('section=allproducts&q=oak', '?q=oak')).toBe(true);
    expect(isCurrentView('section=allproducts&q=oak', '?q=oa')).toBe(false);
  });
});
