// Each route's screen, loaded lazily, one chunk each (routes.ts holds the rest of each route).
import type { ComponentType } from 'react';

type Screen = () => Promise<{ default: ComponentType }>;

const login: Screen = () => import('../features/auth/LoginPage.tsx');

export const SCREENS: Record<string, Screen> = {
  '/': login,
  '/login': login,
  '/reset-password': () => import('../features/auth/ResetPasswordPage.tsx'),
  '/register-manager': () => import('../features/auth/RegisterManagerPage.tsx'),
  '/register/customer': () => import('../features/auth/RegisterCustomerPage.tsx'),
  '/register': () => import('../features/auth/SelfRegisterPage.tsx'),
  '/accept-invite': () => import('../features/auth/AcceptInvitePage.tsx'),
  '/term-of-use': () => import('../features/legal/TermsPage.tsx'),
  '/dashboard': () => import('../features/dashboard/DashboardPage.tsx'),
  '/catalog': () => import('../features/catalog/CatalogPage.tsx'),
  '/catalog_template': () => import('../features/templates/CustomerTemplateCatalog.tsx'),
  '/admin/catalog_template': () => import('../features/templates/AdminTemplateCatalog.tsx'),
  '/admin/template/add': () => import('../features/templates/AddTemplatesPage.tsx'),
  '/admin': () => import('../features/retailers/RetailerAdmin.tsx'),
  '/product/add': () => import('../features/add-products/AddProductsPage.tsx'),
  '/product/:id': () => import('../features/products/ProductPage.tsx'),
  '/template/:id': () => import('../features/templates/EditTemplatePage.tsx'),
  '/review/:companyId/:roundId': () => import('../features/review/ReviewPage.tsx'),
  '/config/user': () => import('../features/users/UsersPage.tsx'),
  '/:id': () => import('../features/profile/ProfilePage.tsx'),
};
