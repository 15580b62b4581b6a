// Document 1 §2: every route, its access and its title. Screens load lazily, one chunk each;
// the heading-only screens in features/shell-placeholders are replaced by their own issues.
import type { ComponentType } from 'react';

export type RouteAccess = 'public' | 'auth' | 'staff';
type Screen = () => Promise<{ default: ComponentType }>;

export interface RouteDef {
  path: string;
  title: string;
  access: RouteAccess;
  load: Screen;
  /** §6: the dashboard redirects users without dashboard-access. */
  dashboardGate?: boolean;
}

const login: Screen = () => import('../features/auth/LoginPage.tsx');

export const ROUTES: RouteDef[] = [
  // The root path is the login view (a signed-in user is sent on to /dashboard).
  { path: '/', title: 'Login', access: 'public', load: login },
  { path: '/login', title: 'Login', access: 'public', load: login },
  { path: '/reset-password', title: 'Reset Password', access: 'public', load: () => import('../features/auth/ResetPasswordPage.tsx') },
  { path: '/register-manager', title: 'Manager Registration', access: 'public', load: () => import('../features/auth/RegisterManagerPage.tsx') },
  { path: '/register/customer', title: 'Register', access: 'public', load: () => import('../features/auth/RegisterCustomerPage.tsx') },
  { path: '/term-of-use', title: 'Terms of Use', access: 'public', load: () => import('../features/legal/TermsPage.tsx') },
  { path: '/viewer/', title: '3D Viewer', access: 'public', load: () => import('../features/shell-placeholders/Viewer.tsx') },
  { path: '/dashboard', title: 'Dashboard', access: 'auth', load: () => import('../features/shell-placeholders/Dashboard.tsx'), dashboardGate: true },
  { path: '/catalog', title: 'Product Catalog', access: 'auth', load: () => import('../features/catalog/CatalogPage.tsx') },
  { path: '/catalog_template', title: 'Template Catalog', access: 'auth', load: () => import('../features/templates/CustomerTemplateCatalog.tsx') },
  { path: '/admin/catalog_template', title: 'Template Catalog', access: 'staff', load: () => import('../features/templates/AdminTemplateCatalog.tsx') },
  { path: '/admin/template/add', title: 'Add Templates', access: 'staff', load: () => import('../features/templates/AddTemplatesPage.tsx') },
  { path: '/admin', title: 'Manage Accounts', access: 'staff', load: () => import('../features/shell-placeholders/RetailerAdmin.tsx') },
  { path: '/product/add', title: 'Add Products', access: 'auth', load: () => import('../features/add-products/AddProductsPage.tsx') },
  { path: '/product/:id', title: 'Product', access: 'auth', load: () => import('../features/products/ProductPage.tsx') },
  { path: '/template/:id', title: 'Template', access: 'auth', load: () => import('../features/templates/EditTemplatePage.tsx') },
  { path: '/config/user', title: 'Settings', access: 'auth', load: () => import('../features/shell-placeholders/Settings.tsx') },
  { path: '/:id', title: 'Profile and Achievements', access: 'auth', load: () => import('../features/shell-placeholders/Profile.tsx') },
];
