// Document 1 §2 guard and §4 Session rules, and the page titles.
import { describe, expect, it } from 'vitest';
import {
  adminMenuTarget,
  companyChoices,
  dashboardRedirect,
  isAdminPath,
  pageTitle,
  parseStoredCustomer,
  PROVIDER_NAME,
  resolveSession,
  type SessionUser,
} from '../../src/app/rules.ts';
import { ROUTES } from '../../src/app/routes.ts';
import { CUSTOMER_MENU, ADMIN_MENU, visibleItems } from '../../src/app/menu-items.ts';

const user = (type: 'client' | 'staff', ids: number[]): SessionUser => ({
  id: 1,
  name: 'U',
  email: 'u@x.test',
  type,
  version_terms_use: '1',
  urlImage: null,
  phone: null,
  companies: ids.map((id) => ({ id, name: `C${id}` })),
});
const client = user('client', [10, 20]);
const staff = user('staff', [10, 20, 30]);

describe('resolveSession', () => {
  it('keeps a stored company the user belongs to', () => {
    expect(resolveSession(client, 20, '/catalog', false)).toEqual({ customerId: 20 });
  });
  it('falls back to the first company when the stored id is unknown or absent', () => {
    expect(resolveSession(client, 99, '/catalog', false)).toEqual({ customerId: 10 });
    expect(resolveSession(client, null, '/dashboard', false)).toEqual({ customerId: 10 });
  });
  it('sends non-staff away from staff-only routes to the Dashboard', () => {
    for (const p of ['/admin', '/admin/template/add', '/admin/catalog_template']) {
      expect(resolveSession(client, 10, p, true).redirect).toBe('/dashboard');
    }
  });
  it('a stored company on an admin path redirects to the Dashboard (staff too)', () => {
    expect(resolveSession(staff, 20, '/admin', true)).toEqual({ customerId: 20, redirect: '/dashboard' });
  });
  it('stored -1 puts staff in the provider context and non-admin paths go to /admin', () => {
    expect(resolveSession(staff, -1, '/dashboard', false)).toEqual({ customerId: -1, redirect: '/admin' });
    expect(resolveSession(staff, -1, '/catalog', false)).toEqual({ customerId: -1, redirect: '/admin' });
    expect(resolveSession(staff, -1, '/admin/catalog_template', true)).toEqual({ customerId: -1 });
    expect(resolveSession(staff, -1, '/admin/', true)).toEqual({ customerId: -1 });
  });
  it('a template opens in the provider context (the admin catalogue leads there) and in a company', () => {
    expect(resolveSession(staff, -1, '/template/12', false)).toEqual({ customerId: -1 });
    expect(resolveSession(staff, 20, '/template/12', false)).toEqual({ customerId: 20 });
    expect(resolveSession(client, 10, '/template/12', false)).toEqual({ customerId: 10 });
  });
  it('stored -1 means nothing for a customer user: first company', () => {
    expect(resolveSession(client, -1, '/dashboard', false)).toEqual({ customerId: 10 });
  });
  it('a user without companies has no customer', () => {
    expect(resolveSession(user('client', []), null, '/dashboard', false)).toEqual({ customerId: null });
  });
});

describe('session helpers', () => {
  it('parses the stored id', () => {
    expect(parseStoredCustomer(null)).toBeNull();
    expect(parseStoredCustomer('')).toBeNull();
    expect(parseStoredCustomer('abc')).toBeNull();
    expect(parseStoredCustomer('-1')).toBe(-1);
    expect(parseStoredCustomer('42')).toBe(42);
  });
  it('gives staff the provider context as first choice', () => {
    expect(companyChoices(staff)[0]).toEqual({ id: -1, name: PROVIDER_NAME });
    expect(companyChoices(staff)).toHaveLength(4);
    expect(companyChoices(client).map((c) => c.id)).toEqual([10, 20]);
  });
  it('admin menu: -1 goes to /admin, others to /dashboard', () => {
    expect(adminMenuTarget(-1)).toBe('/admin');
    expect(adminMenuTarget(10)).toBe('/dashboard');
  });
  it('knows the admin paths', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/template/add')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
    expect(isAdminPath('/dashboard')).toBe(false);
  });
});

describe('dashboard permission redirect (§6)', () => {
  it('stays with dashboard-access', () => expect(dashboardRedirect({ 'dashboard-access': true })).toBeNull());
  it('readers go to the Catalog', () =>
    expect(dashboardRedirect({ 'dashboard-access': false, 'reader-info-access': true })).toBe('/catalog'));
  it('others go to /config/user', () => expect(dashboardRedirect({})).toBe('/config/user'));
});

describe('route table (§2)', () => {
  const byPath = new Map(ROUTES.map((r) => [r.path, r]));
  it('has every route of document 1 with its access', () => {
    const expected: Record<string, string> = {
      '/': 'public',
      '/login': 'public',
      '/reset-password': 'public',
      '/register-manager': 'public',
      '/register/customer': 'public',
      '/register': 'public',
      '/dashboard': 'auth',
      '/catalog': 'auth',
      '/catalog_template': 'auth',
      '/admin/catalog_template': 'staff',
      '/admin/template/add': 'staff',
      '/admin': 'staff',
      '/product/add': 'auth',
      '/product/:id': 'auth',
      '/template/:id': 'auth',
      '/config/user': 'auth',
      '/term-of-use': 'public',
      '/:id': 'auth',
      '/accept-invite': 'public', // issue 13: the invitation mail's link
      '/review/:companyId/:roundId': 'auth', // issue 42: a review round
    };
    for (const [path, access] of Object.entries(expected)) expect(byPath.get(path)?.access, path).toBe(access);
    expect(ROUTES).toHaveLength(Object.keys(expected).length);
  });
  it('builds titles with the prefix', () => {
    expect(pageTitle('Dashboard')).toBe('Facet | Dashboard');
    expect(pageTitle(undefined)).toBe('Facet');
    expect(byPath.get('/:id')?.title).toMatch(/Achievements/);
  });
});

describe('menus (§2 Side menus, §6)', () => {
  it('gates customer items by slug', () => {
    const labels = visibleItems(CUSTOMER_MENU, { 'dashboard-access': false, 'register-products': true }).map((i) => i.label);
    expect(labels).toEqual(['Add Products', 'Product Catalog']);
    // Template Catalog only with reader-template-access, which its screen needs (issue 43).
    const templates = visibleItems(CUSTOMER_MENU, { 'reader-template-access': true }).map((i) => i.label);
    expect(templates).toEqual(['Product Catalog', 'Template Catalog']);
  });
  it('admin items all need dashboard-access', () => {
    expect(visibleItems(ADMIN_MENU, {})).toEqual([]);
    expect(visibleItems(ADMIN_MENU, { 'dashboard-access': true }).map((i) => i.to)).toEqual([
      '/admin',
      '/admin/template/add',
      '/admin/catalog_template',
    ]);
  });
});
