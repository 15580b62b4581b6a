// The top bar's breadcrumbs: where the page sits (a product under the Product Catalog) and what it is.
export interface Crumb {
  label: string;
  to?: string;
}

const PARENTS: [RegExp, Crumb][] = [
  [/^\/product\/[^/]+$/, { label: 'Product Catalog', to: '/catalog' }],
  [/^\/template\/[^/]+$/, { label: 'Template Catalog', to: '/catalog_template' }],
];

/** routeTitle: the route table's title; screenTitle: what the screen itself is called (a SKU), if set. */
export function breadcrumbs(path: string, routeTitle: string | undefined, screenTitle?: string): Crumb[] {
  const parent = PARENTS.find(([re]) => re.test(path))?.[1];
  const here = screenTitle ?? routeTitle;
  if (path === '/product/add') return here ? [{ label: here }] : [];
  return [...(parent ? [parent] : []), ...(here ? [{ label: here }] : [])];
}
