// @vitest-environment jsdom
// useUrlFilters with a real data router: an address change that touches no filter (the catalogue
// writing its section once the user's rights are known) keeps the text typed since the last write.
// Found by the WebKit journeys: "ACM-1005" typed as the catalogue opened became "ACM-100".
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useUrlFilters } from '../../src/features/catalog/useUrlFilters.ts';
import { OwnWrites } from '../../src/features/catalog/filter-url.ts';
import type { FilterState } from '../../src/features/catalog/catalog-rules.ts';

function harness() {
  const seen: {
    filters?: FilterState;
    set?: (f: FilterState) => void;
    patch?: (p: Partial<FilterState>) => void;
    patches: unknown[];
    setParams?: ReturnType<typeof useSearchParams>[1];
  } = { patches: [] };
  function Screen() {
    const [filters, setFilters, patch] = useUrlFilters();
    const [, setParams] = useSearchParams();
    if (seen.patches.at(-1) !== patch) seen.patches.push(patch);
    Object.assign(seen, { filters, set: setFilters, patch, setParams });
    return null;
  }
  const router = createMemoryRouter([{ path: '/catalog', element: <Screen /> }], { initialEntries: ['/catalog'] });
  render(<RouterProvider router={router} />);
  return { seen, router };
}

describe('useUrlFilters', () => {
  // Unmounted after each: a typing pause's timer is cleared then, not fired once jsdom has gone.
  afterEach(cleanup);

  it('keeps the typed text when the page writes a parameter that is not a filter', async () => {
    const { seen, router } = harness();
    act(() => seen.set!({ ...seen.filters!, text: 'ACM-1005' })); // typed; its address write waits for the pause
    await act(async () => seen.setParams!((p) => (p.set('section', 'allproducts'), p), { replace: true }));
    expect(router.state.location.search).toBe('?section=allproducts');
    expect(seen.filters!.text).toBe('ACM-1005');
  });

  it('still takes the filters of an address that changes them (a link, a pasted address)', async () => {
    const { seen, router } = harness();
    act(() => seen.set!({ ...seen.filters!, text: 'oslo' }));
    await act(async () => router.navigate('/catalog?section=allproducts&q=harbor'));
    expect(seen.filters!.text).toBe('harbor');
  });

  it('patch changes some filters of the latest ones, and stays the same function (memoised controls take it)', () => {
    const { seen } = harness();
    act(() => seen.patch!({ text: 'oslo' }));
    act(() => seen.patch!({ collection: 'Nordic' })); // the text typed just before stays
    expect(seen.filters).toMatchObject({ text: 'oslo', collection: 'Nordic' });
    expect(seen.patches).toHaveLength(1);
  });

  it('takes an earlier write of its own shown after a later one for what it is, not a navigation', () => {
    const own = new OwnWrites();
    own.wrote('q=os');
    own.wrote('q=osl');
    expect(own.arrived('q=os')).toBe(true); // late: the router shows it after "q=osl" was written
    expect(own.arrived('q=osl')).toBe(true);
    expect(own.arrived('q=os')).toBe(false); // seen already: now it would be someone's navigation
    own.wrote('q=a');
    expect(own.arrived('q=a&id=1')).toBe(false);
    own.clear();
    expect(own.arrived('q=a')).toBe(false);
  });
});
