// Route guards (issue 17): every auth route states its access rule; /product/add needs
// register-products (document 2 §6), /config/user is open to every signed-in user, and /:id is
// only the numeric id of a user the caller may see; anything else is Not found.
import { describe, expect, it } from 'vitest';
import type { Slug } from '../../src/api/contract/slugs.ts';
import { isUserId, ROUTES } from '../../src/app/routes.ts';
import { SCREENS } from '../../src/app/route-screens.ts';
import { routeGate, ruleSlugs, type Existence } from '../../src/app/rules.ts';

const byPath = new Map(ROUTES.map((r) => [r.path, r]));
const route = (path: string) => byPath.get(path)!;
const granted = (...slugs: Slug[]) => ({
  access: Object.fromEntries(slugs.map((s) => [s, true])) as Partial<Record<Slug, boolean>>,
  ready: true,
});
const gate = (path: string, params: Record<string, string>, access = granted(), existence?: Existence) =>
  routeGate(route(path), params, access, existence);

const VIEWER: Slug[] = ['reader-info-access', 'reader-template-access', 'reader-vignette-access']; // reader slugs, no dashboard
const REGISTRAR: Slug[] = ['register-products', 'dashboard-access'];

describe('the route table', () => {
  it('states a rule for every auth and staff route', () => {
    for (const r of ROUTES.filter((x) => x.access !== 'public')) expect(r.rule, r.path).toBeDefined();
    for (const r of ROUTES.filter((x) => x.access === 'public')) expect(r.rule, r.path).toBeUndefined();
    // Every route has its screen, and every screen a route (route-screens.ts beside the table).
    expect(Object.keys(SCREENS).sort()).toEqual(ROUTES.map((r) => r.path).sort());
  });

  it('sends a user without register-products from /product/add to the Dashboard', () => {
    expect(gate('/product/add', {}, granted(...VIEWER))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(gate('/product/add', {}, granted(...REGISTRAR))).toEqual({ kind: 'allow' });
    // ...whose own rule then sends the viewer (no dashboard-access, reader-info-access) on to the Catalog.
    expect(gate('/dashboard', {}, granted(...VIEWER))).toEqual({ kind: 'redirect', to: '/catalog' });
    expect(gate('/dashboard', {}, granted())).toEqual({ kind: 'redirect', to: '/config/user' });
  });

  it('opens /config/user to every signed-in user, without a permission lookup', () => {
    expect(ruleSlugs(route('/config/user').rule)).toEqual([]);
    expect(gate('/config/user', {}, { access: {}, ready: false })).toEqual({ kind: 'allow' });
  });

  it('waits for the permission answers before deciding', () => {
    expect(gate('/product/add', {}, { access: {}, ready: false })).toEqual({ kind: 'pending' });
    expect(gate('/dashboard', {}, { access: {}, ready: false })).toEqual({ kind: 'pending' });
  });

  it('gates the catalogues, templates and the product screen by their slugs (else the Dashboard)', () => {
    expect(gate('/catalog', {}, granted('reader-template-access')).kind).toBe('allow');
    expect(gate('/catalog', {}, granted('manage-users'))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(gate('/template/:id', { id: '3' }, granted('reader-info-access'))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(gate('/product/:id', { id: '3' }, granted('reader-silo-access')).kind).toBe('allow');
    expect(gate('/product/:id', { id: '3' }, granted('reader-template-access'))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });
});

describe('/:id', () => {
  it('takes only a user id: digits, no leading zero, within an integer', () => {
    for (const ok of ['1', '42', '2147483647']) expect(isUserId(ok), ok).toBe(true);
    for (const bad of ['foo', 'settings', '0', '007', '-1', '1.5', '1e3', '', ' 1', '2147483648', '99999999999'])
      expect(isUserId(bad), bad).toBe(false);
  });

  it('shows Not found for anything else, before any lookup', () => {
    for (const id of ['foo', 'settings', '0']) expect(gate('/:id', { id })).toEqual({ kind: 'not-found' });
  });

  it('shows the profile of a user the caller may see, Not found for one the server does not show', () => {
    expect(gate('/:id', { id: '5' })).toEqual({ kind: 'pending' });
    expect(gate('/:id', { id: '5' }, granted(), 'found')).toEqual({ kind: 'allow' });
    expect(gate('/:id', { id: '99999' }, granted(), 'missing')).toEqual({ kind: 'not-found' });
    // Offline the answer is unknown: the screen opens with what it has.
    expect(gate('/:id', { id: '5' }, granted(), 'unknown')).toEqual({ kind: 'allow' });
  });
});
