// have_access lookups (document 1 §6): cached per slug per company for the page's life, and
// remembered in localStorage only as a fallback when offline. Staff in context -1 hold every slug.
import { useEffect, useSyncExternalStore } from 'react';
import { haveAccess } from '../api/auth.ts';
import { isOfflineFailure, logBackgroundFailure } from '../api/background-errors.ts';
import { PROVIDER_CONTEXT, type Slug } from '../api/contract/slugs.ts';
import { useSession } from './session.tsx';

const cache = new Map<string, boolean>();
const asked = new Set<string>(); // requested this page load: never asked twice
const settled = new Set<string>(); // answered, or its lookup failed
let version = 0;
const listeners = new Set<() => void>();
const notify = () => {
  version++;
  for (const l of listeners) l();
};
const key = (customerId: number, slug: string) => `${customerId}:${slug}`;
const OFFLINE_KEY = 'facet.access';

function remembered(): Record<string, boolean> {
  try {
    return JSON.parse(localStorage.getItem(OFFLINE_KEY) ?? '{}') as Record<string, boolean>;
  } catch {
    return {};
  }
}

async function fetchAccess(customerId: number, slugs: string[]) {
  const missing = slugs.filter((s) => !asked.has(key(customerId, s)));
  if (!missing.length) return;
  for (const s of missing) asked.add(key(customerId, s));
  try {
    const res = await haveAccess(customerId, missing);
    const keep = remembered();
    for (const s of missing) {
      cache.set(key(customerId, s), res.data[s] === true);
      keep[key(customerId, s)] = res.data[s] === true;
    }
    localStorage.setItem(OFFLINE_KEY, JSON.stringify(keep));
  } catch (err) {
    logBackgroundFailure('have_access failed', err); // §8: logged only, no access recorded
    if (isOfflineFailure(err)) {
      const keep = remembered();
      for (const s of missing) if (key(customerId, s) in keep) cache.set(key(customerId, s), keep[key(customerId, s)]!);
    }
  }
  for (const s of missing) settled.add(key(customerId, s));
  notify();
}

export interface Access {
  /** slug -> granted; a slug not yet answered is absent. */
  access: Partial<Record<Slug, boolean>>;
  /** Every slug asked for has an answer (or its lookup failed). */
  ready: boolean;
}

export function useAccess(slugs: readonly Slug[]): Access {
  const { customerId, staff } = useSession();
  const joined = slugs.join(',');
  useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => version,
  );
  const allGranted = staff && customerId === PROVIDER_CONTEXT;
  useEffect(() => {
    if (!allGranted && customerId !== null && joined) void fetchAccess(customerId, joined.split(','));
  }, [allGranted, customerId, joined]);

  const access: Partial<Record<Slug, boolean>> = {};
  let ready = true;
  for (const s of slugs) {
    if (allGranted) access[s] = true;
    else if (customerId === null) access[s] = false;
    else if (cache.has(key(customerId, s))) access[s] = cache.get(key(customerId, s));
    else if (!settled.has(key(customerId, s))) ready = false;
  }
  return { access, ready };
}

/** Logout: nothing of the previous user's rights may survive. */
export function forgetAccess() {
  cache.clear();
  asked.clear();
  settled.clear();
  localStorage.removeItem(OFFLINE_KEY);
}

/**
 * The user's permissions changed under an open page (a live 'me' poke, issue 44): every slug asked so far
 * is asked again, and the menus and screens follow the answers (the old ones stand until then).
 */
export function reaskAccess() {
  const byCompany = new Map<number, string[]>();
  for (const k of asked) {
    const at = k.indexOf(':', 1);
    const c = Number(k.slice(0, at));
    byCompany.set(c, [...(byCompany.get(c) ?? []), k.slice(at + 1)]);
  }
  asked.clear();
  for (const [c, slugs] of byCompany) void fetchAccess(c, slugs);
}
