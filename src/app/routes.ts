// Document 1 §2: every route, its access and its title. Metadata only: the screens' lazy loaders are
// route-screens.ts's, which only the router imports, so the rules (rules.ts) and the screens that read
// this table never import a screen through it.
import { INFO_READ, SLUGS, type Slug } from '../api/contract/slugs.ts';

export type RouteAccess = 'public' | 'auth' | 'staff';

/**
 * Who may open an auth route: any signed-in user, or one holding any of these slugs (otherwise
 * the Dashboard, whose own rule may send them on), or the dashboard's §6 rule itself.
 */
export type RouteRule = 'signed-in' | 'dashboard' | readonly Slug[];

export interface RouteDef {
  path: string;
  title: string;
  /** The page's meta description (the pages search engines may index; robots.txt says which). */
  description?: string;
  access: RouteAccess;
  /** Every auth and staff route states its rule (tests/unit/route-rules.test.ts checks it). */
  rule?: RouteRule;
  /** Each route parameter must pass its check, otherwise Not found. */
  params?: Record<string, (value: string) => boolean>;
  /** What the path names must be a record the user may see, otherwise Not found. */
  exists?: 'profile';
}

/** Document 3 §6: any reader or editor permission of a product section opens the product screen. */
const PRODUCT_SCREEN = SLUGS.filter((s) => /^(reader|editor)-(info|vignette|silo|360|video|3d-viewer|3d-files)-access$/.test(s));
/** Document 2 §2.2, §6: products need an info slug, scenes reader-template-access. */
const CATALOG: readonly Slug[] = [...INFO_READ, 'reader-template-access'];
const TEMPLATES: readonly Slug[] = ['reader-template-access'];
/** A user id: digits without a leading zero, within PostgreSQL's integer. */
export const isUserId = (v: string) => /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647;

/** A company id in an address: a positive id, or -1 (the provider's context). */
export const isCompanyId = (v: string) => v === '-1' || isUserId(v);

/** index.html says the same, for readers of the page without JavaScript. */
export const LOGIN_DESCRIPTION =
  'Sign in to Facet, the 3D-visualisation studio’s customer portal: your product catalogue, silo, vignette and 360 images, videos and 3D models.';

/** What the router gives each screen (its handle), read by the shell: titles, breadcrumbs, the guard. */
export type RouteHandle = Pick<RouteDef, 'title' | 'description' | 'access' | 'rule' | 'params' | 'exists'>;

export const ROUTES: RouteDef[] = [
  // The root path is the login view (a signed-in user is sent on to /dashboard).
  { path: '/', title: 'Login', description: LOGIN_DESCRIPTION, access: 'public' },
  { path: '/login', title: 'Login', description: LOGIN_DESCRIPTION, access: 'public' },
  {
    path: '/reset-password',
    title: 'Reset Password',
    access: 'public',
  },
  {
    path: '/register-manager',
    title: 'Manager Registration',
    access: 'public',
  },
  {
    path: '/register/customer',
    title: 'Register',
    access: 'public',
  },
  // Document 3's customer self-registration screen ('Register'); the route is ours (decisions.md).
  { path: '/register', title: 'Register', access: 'public' },
  // The invitation mail's link (issue 13): set a password (or confirm an existing one) and sign in.
  {
    path: '/accept-invite',
    title: 'Accept Invitation',
    access: 'public',
  },
  {
    path: '/term-of-use',
    title: 'Terms of Use',
    description: 'The terms of use and the privacy policy of Facet, the customer portal of our 3D-visualisation studio.',
    access: 'public',
  },
  {
    path: '/dashboard',
    title: 'Dashboard',
    access: 'auth',
    rule: 'dashboard',
  },
  {
    path: '/catalog',
    title: 'Product Catalog',
    access: 'auth',
    rule: CATALOG,
  },
  {
    path: '/catalog_template',
    title: 'Template Catalog',
    access: 'auth',
    rule: TEMPLATES,
  },
  {
    path: '/admin/catalog_template',
    title: 'Template Catalog',
    access: 'staff',
    rule: TEMPLATES,
  },
  {
    path: '/admin/template/add',
    title: 'Add Templates',
    access: 'staff',
    rule: 'signed-in',
  },
  {
    path: '/admin',
    title: 'Manage Accounts',
    access: 'staff',
    rule: 'signed-in',
  },
  {
    path: '/product/add',
    title: 'Add Products',
    access: 'auth',
    rule: ['register-products'],
  },
  {
    path: '/product/:id',
    title: 'Product',
    access: 'auth',
    rule: PRODUCT_SCREEN,
  },
  {
    path: '/template/:id',
    title: 'Template',
    access: 'auth',
    rule: TEMPLATES,
  },
  // A review round (issue 42): the address names the company, which must be one of the user's.
  {
    path: '/review/:companyId/:roundId',
    title: 'Review',
    access: 'auth',
    rule: INFO_READ,
    params: { companyId: isCompanyId, roundId: isUserId },
  },
  // Open to everyone signed in; its blocks are gated by document 3 §6 (manage-users, manage-roles).
  {
    path: '/config/user',
    title: 'Settings',
    access: 'auth',
    rule: 'signed-in',
  },
  // Any other one-segment path lands here: only the id of a user the caller may see is a profile.
  {
    path: '/:id',
    title: 'Profile and Achievements',
    access: 'auth',
    rule: 'signed-in',
    params: { id: isUserId },
    exists: 'profile',
  },
];
