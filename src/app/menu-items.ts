// Document 1 §2 "Side menus" and §6: each item shows only with its slug.
import type { Slug } from '../api/contract/slugs.ts';

export interface MenuItem {
  to: string;
  label: string;
  slug?: Slug;
}

export const CUSTOMER_MENU: MenuItem[] = [
  { to: '/dashboard', label: 'Dashboard', slug: 'dashboard-access' },
  { to: '/product/add', label: 'Add Products', slug: 'register-products' },
  { to: '/catalog', label: 'Product Catalog' },
  // Document 1 lists it for everyone; its screen needs reader-template-access (issue 43: hidden without).
  { to: '/catalog_template', label: 'Template Catalog', slug: 'reader-template-access' },
  // Document 3 "User management screen": its route is not shown; it lives in Settings.
  { to: '/config/user', label: 'User Management', slug: 'manage-users' },
];

export const ADMIN_MENU: MenuItem[] = [
  { to: '/admin', label: 'Retailer', slug: 'dashboard-access' },
  { to: '/admin/template/add', label: 'Add Templates', slug: 'dashboard-access' },
  { to: '/admin/catalog_template', label: 'Template Catalog', slug: 'dashboard-access' },
];

export const menuSlugs = (items: MenuItem[]) => [...new Set(items.flatMap((i) => (i.slug ? [i.slug] : [])))];

export const visibleItems = (items: MenuItem[], access: Partial<Record<Slug, boolean>>) =>
  items.filter((i) => !i.slug || access[i.slug] === true);
