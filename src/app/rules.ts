// The shell's rules as pure functions (document 1 §2, §4, §6), so tests can check them without a browser.
import { PROVIDER_CONTEXT, type Slug } from '../api/contract/slugs.ts';
import type { RouteDef, RouteRule } from './routes.ts';

export const TITLE_PREFIX = 'Facet | ';
/** Every page title is the prefix plus the route's own title. */
export const pageTitle = (title?: string): string => (title ? `${TITLE_PREFIX}${title}` : 'Facet');

/** Id -1 is the provider's own admin space, named as the provider. */
export const PROVIDER_NAME = 'Facet Studio';

export interface Company {
  id: number;
  name: string;
  urlImage?: string | null;
}
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  type: 'client' | 'staff';
  version_terms_use: string;
  urlImage: string | null;
  phone: string | null;
  companies: Company[];
}

export const isStaff = (u: Pick<SessionUser, 'type'>) => u.type === 'staff';

const ADMIN_PATHS = ['/admin', '/admin/template/add', '/admin/catalog_template'];
const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
export const isAdminPath = (path: string) => ADMIN_PATHS.includes(trimSlash(path));
/** Open in the provider context as in a company's: a template (the admin catalogue's cards lead there). */
export const isSharedPath = (path: string) => /^\/template\/[^/]+$/.test(trimSlash(path));

/** The company choices of the menu: staff get the provider context first. */
export function companyChoices(u: SessionUser): Company[] {
  return isStaff(u) ? [{ id: PROVIDER_CONTEXT, name: PROVIDER_NAME }, ...u.companies] : u.companies;
}

export interface Resolved {
  /** null when the user belongs to no company at all. */
  customerId: number | null;
  /** Where the guard sends the user instead of this path, if anywhere. */
  redirect?: string;
}

/**
 * Document 1 §2 guard and §4 "Session": staff-only paths first, then the stored customer id
 * (one of the user's companies, or -1 for staff), else the first company.
 */
export function resolveSession(u: SessionUser, stored: number | null, path: string, staffOnly: boolean): Resolved {
  if (staffOnly && !isStaff(u)) return { customerId: firstCompany(u), redirect: '/dashboard' };
  if (stored === PROVIDER_CONTEXT && isStaff(u)) {
    return isAdminPath(path) || isSharedPath(path)
      ? { customerId: PROVIDER_CONTEXT }
      : { customerId: PROVIDER_CONTEXT, redirect: '/admin' };
  }
  if (stored !== null && u.companies.some((c) => c.id === stored)) {
    return isAdminPath(path) ? { customerId: stored, redirect: '/dashboard' } : { customerId: stored };
  }
  return { customerId: firstCompany(u) };
}

const firstCompany = (u: SessionUser) => u.companies[0]?.id ?? null;

/** The stored customer id as localStorage keeps it (a string), or null. */
export function parseStoredCustomer(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isInteger(n) ? n : null;
}

/** Where choosing a company leads in the admin menu (§2 "Side menus"). */
export const adminMenuTarget = (id: number) => (id === PROVIDER_CONTEXT ? '/admin' : '/dashboard');

/** §6: the dashboard without dashboard-access sends readers to the Catalog, others to /config/user. */
export function dashboardRedirect(access: Record<string, boolean | undefined>): string | null {
  if (access['dashboard-access']) return null;
  return access['reader-info-access'] ? '/catalog' : '/config/user';
}

/** The slugs a route's rule needs answered before it can decide. */
export function ruleSlugs(rule: RouteRule | undefined): readonly Slug[] {
  if (rule === 'dashboard') return ['dashboard-access', 'reader-info-access'];
  return rule === undefined || rule === 'signed-in' ? [] : rule;
}

/** Whether the record a path names exists for this user: undefined while asking, 'unknown' offline. */
export type Existence = 'found' | 'missing' | 'unknown';

export type Gate = { kind: 'allow' } | { kind: 'pending' } | { kind: 'not-found' } | { kind: 'redirect'; to: string };

/**
 * An auth route's own rules, in order: its parameters (else Not found), its permission rule (else
 * the Dashboard, or §6's destinations on the dashboard itself), then whether what it names exists
 * for this user (else Not found; offline the screen opens with what it has).
 */
export function routeGate(
  def: Pick<RouteDef, 'rule' | 'params' | 'exists'>,
  params: Record<string, string | undefined>,
  access: { access: Partial<Record<Slug, boolean>>; ready: boolean },
  existence?: Existence,
): Gate {
  for (const [name, ok] of Object.entries(def.params ?? {})) if (!ok(params[name] ?? '')) return { kind: 'not-found' };
  if (ruleSlugs(def.rule).length && !access.ready) return { kind: 'pending' };
  if (def.rule === 'dashboard') {
    const to = dashboardRedirect(access.access);
    if (to) return { kind: 'redirect', to };
  } else if (def.rule !== undefined && def.rule !== 'signed-in' && !def.rule.some((s) => access.access[s])) {
    return { kind: 'redirect', to: '/dashboard' };
  }
  if (def.exists) {
    if (existence === undefined) return { kind: 'pending' };
    if (existence === 'missing') return { kind: 'not-found' };
  }
  return { kind: 'allow' };
}
