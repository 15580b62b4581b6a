/// <reference lib="webworker" />
// Background Sync drain. An open tab drains with its own session, so it is asked first;
// with no tab open the worker drains itself, with the token read through the Cookie Store API.
import { storeToken } from '../api/token.ts';
import { drainOutbox } from '../data/outbox/outbox.ts';

export const OUTBOX_SYNC_TAG = 'facet-outbox';

interface CookieStoreLike {
  get(name: string): Promise<{ value: string } | null>;
}

export async function drainInWorker(sw: ServiceWorkerGlobalScope): Promise<void> {
  const tabs = await sw.clients.matchAll({ type: 'window' });
  if (tabs.length) {
    for (const t of tabs) t.postMessage({ type: 'drain-outbox' });
    return;
  }
  const store = (sw as unknown as { cookieStore?: CookieStoreLike }).cookieStore;
  const cookie = await store?.get('user_token');
  // Without the token every call would be refused and parked: leave the outbox to the next tab.
  if (!cookie?.value) return;
  storeToken(decodeURIComponent(cookie.value));
  await drainOutbox();
}
