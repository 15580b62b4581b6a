// What a saved view keeps: the catalogue's own URL parameters (the section and filter-url.ts's filters,
// search, sort and thumbnail size), in one order, and nothing else of the address. Pure, unit-tested.
import { ALL_PRODUCTS, type FilterState } from '../catalog-rules.ts';
import { FILTER_PARAMS, filtersToParams } from '../filter-url.ts';

/** Only the catalogue's parameters of `p`: the section (always named), then the filters in filter-url.ts's order. */
function pick(p: URLSearchParams): string {
  const out = new URLSearchParams();
  out.set('section', p.get('section') || ALL_PRODUCTS);
  for (const k of FILTER_PARAMS) {
    const v = p.get(k);
    if (v) out.set(k, v);
  }
  return out.toString();
}

/** The query string of the view on screen: the filters as shown (typing may not be in the URL yet) and the address's section. */
export const viewQuery = (filters: FilterState, search: string): string =>
  pick(filtersToParams(filters, new URLSearchParams(search)));

/** The address a saved view opens (its stored text read again, anything not the catalogue's dropped). */
export const viewHref = (query: string): string => `?${pick(new URLSearchParams(query))}`;

/** Whether the address shows this view (the view's entry is then marked current). */
export const isCurrentView = (query: string, search: string): boolean =>
  pick(new URLSearchParams(query)) === pick(new URLSearchParams(search));
