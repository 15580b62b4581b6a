// Where the session lives between page loads: the token cookie (src/api/token.ts), the chosen
// customer id and the last known user (so the installed app opens offline) in localStorage.
import { currentUser } from '../api/auth.ts';
import { ApiFailure } from '../api/client.ts';
import { clearToken, readToken } from '../api/token.ts';
import { parseStoredCustomer, type SessionUser } from './rules.ts';

const CUSTOMER_KEY = 'customer_id';
const USER_KEY = 'facet.user';

export const storedCustomer = () => parseStoredCustomer(localStorage.getItem(CUSTOMER_KEY));
export const storeCustomer = (id: number) => localStorage.setItem(CUSTOMER_KEY, String(id));

let pending: Promise<SessionUser | null> | undefined;
/** Whether this page load's user came from the server (not the copy kept for offline starts). */
let fromServer = false;
export const userFromServer = () => fromServer;

/** The current user once per page load; null means "go to Login" (cookie already removed). */
export function loadUser(): Promise<SessionUser | null> {
  pending ??= fetchUser();
  return pending;
}

/** After accepting the terms, or a new photo or name: the cached user knows it. */
export function patchUser(patch: Partial<SessionUser>) {
  pending = pending?.then((u) => {
    if (!u) return u;
    const next = { ...u, ...patch };
    localStorage.setItem(USER_KEY, JSON.stringify(next));
    return next;
  });
  return pending;
}

async function fetchUser(): Promise<SessionUser | null> {
  if (!readToken()) return signOut();
  try {
    const u = (await currentUser()) as SessionUser;
    localStorage.setItem(USER_KEY, JSON.stringify(u));
    fromServer = true;
    return u;
  } catch (err) {
    // Offline is not a refusal: the installed app keeps working with the last known user.
    const cached = err instanceof ApiFailure && err.network ? localStorage.getItem(USER_KEY) : null;
    if (cached) return JSON.parse(cached) as SessionUser;
    return signOut();
  }
}

function signOut(): null {
  clearToken();
  localStorage.removeItem(USER_KEY);
  return null;
}

/** Logout: forget everything this module keeps. */
export function forgetSession() {
  pending = undefined;
  clearToken();
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(CUSTOMER_KEY);
}
