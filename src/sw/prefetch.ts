/// <reference lib="webworker" />
// Thumbnail prefetch: while a signed-in page says it is online and idle, fetch the current
// company's product thumbnails into the stored-images cache, newest products first, one at a
// time at low priority, within PREFETCH_BUDGET. A pause (offline, busy page) stops between two
// images; logout stops it for good before the caches are cleared, and nothing is written after.
import { CacheExpiration } from 'workbox-expiration';
import {
  companyThumbs,
  IMAGE_CACHE,
  PREFETCH_BUDGET,
  type PrefetchCommand,
  type PrefetchProgress,
} from '../data/device/image-prefetch.ts';

interface CookieStoreLike {
  get(name: string): Promise<{ value: string } | null>;
}

export interface PrefetchOptions {
  /** The cache-first route's expiration, so prefetched images age and are evicted like browsed ones. */
  expiration: CacheExpiration;
}

let generation = 0; // a stop ends every run started before it
let paused = true;
let customerId: number | undefined;
let running: Promise<void> | undefined;
let again = false;
/** A run that found everything cached: the next start for the same company within a minute is a no-op. */
let settled: { customerId: number; at: number } | undefined;

export function handlePrefetchMessage(sw: ServiceWorkerGlobalScope, event: ExtendableMessageEvent, o: PrefetchOptions): boolean {
  const cmd = event.data as PrefetchCommand | undefined;
  if (cmd?.type === 'prefetch-start') {
    paused = false;
    if (customerId !== cmd.customerId) settled = undefined;
    customerId = cmd.customerId;
    // A sender that passed a port hears when the run it started (or joined) has ended.
    event.waitUntil(run(sw, o).then(() => event.ports[0]?.postMessage({ ran: true })));
    return true;
  }
  if (cmd?.type === 'prefetch-pause') {
    paused = true;
    return true;
  }
  if (cmd?.type === 'prefetch-stop') {
    generation++;
    paused = true;
    customerId = undefined;
    settled = undefined;
    // Answer once the run has seen the stop, so the page clears the caches after the last write.
    const reply = () => event.ports[0]?.postMessage({ stopped: true });
    event.waitUntil((running ?? Promise.resolve()).catch(() => undefined).then(reply));
    return true;
  }
  return false;
}

/** One run at a time; a start during a run (perhaps one that is pausing) runs again after it. */
function run(sw: ServiceWorkerGlobalScope, o: PrefetchOptions): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  const gen = generation;
  const p = (async () => {
    do {
      again = false;
      const cid = customerId;
      if (cid === undefined || paused) break;
      if (settled?.customerId === cid && Date.now() - settled.at < 60_000) break;
      await prefetch(sw, o, gen, cid).catch((err: unknown) => console.debug('[facet] thumbnail prefetch stopped:', err));
    } while (again && gen === generation);
  })().finally(() => {
    if (running === p) running = undefined;
  });
  running = p;
  return p;
}

/** Signed out (no session cookie where the worker can read it): never prefetch. */
export async function signedIn(sw: ServiceWorkerGlobalScope): Promise<boolean> {
  const store = (sw as unknown as { cookieStore?: CookieStoreLike }).cookieStore;
  if (!store) return true; // no Cookie Store API: the page only asks while signed in, and stops on logout
  return !!(await store.get('user_token').catch(() => null))?.value;
}

async function prefetch(sw: ServiceWorkerGlobalScope, o: PrefetchOptions, gen: number, cid: number): Promise<void> {
  const live = async () =>
    gen === generation && !paused && customerId === cid && sw.navigator.onLine !== false && (await signedIn(sw));
  if (!(await live())) return;
  const urls = await companyThumbs(cid, PREFETCH_BUDGET.images);
  const cache = await sw.caches.open(IMAGE_CACHE);
  let cached = 0;
  let bytes = 0;
  let fetched = 0;
  const report = (done: boolean) => void tell(sw, { type: 'prefetch-progress', customerId: cid, cached, bytes, done });
  for (const url of urls) {
    if (bytes >= PREFETCH_BUDGET.bytes) break;
    const hit = await cache.match(url);
    if (hit) {
      cached++;
      bytes += Number(hit.headers.get('content-length') ?? 0);
      continue;
    }
    if (!(await live())) return report(false);
    let res: Response;
    try {
      // no-store: the copy goes to the image cache only, not to the HTTP cache as well (twice the disk).
      res = await fetch(url, { priority: 'low', credentials: 'same-origin', cache: 'no-store' } as RequestInit);
    } catch {
      return report(false); // offline after all: the next start resumes
    }
    if (!res.ok) continue;
    const body = await res.blob();
    // Logout may have come while the image was on its way: it must not re-create the cache.
    if (gen !== generation || !(await signedIn(sw))) return;
    await cache.put(
      url,
      new Response(body, { status: res.status, statusText: res.statusText, headers: withLength(res.headers, body.size) }),
    );
    await o.expiration.updateTimestamp(url);
    cached++;
    fetched++;
    bytes += body.size;
    if (fetched % 25 === 0) report(false);
  }
  if (gen !== generation) return;
  if (fetched) await o.expiration.expireEntries();
  if (!fetched) settled = { customerId: cid, at: Date.now() };
  report(true);
}

function withLength(h: Headers, size: number): Headers {
  const out = new Headers(h);
  out.set('content-length', String(size));
  return out;
}

async function tell(sw: ServiceWorkerGlobalScope, msg: PrefetchProgress) {
  for (const c of await sw.clients.matchAll({ type: 'window' })) c.postMessage(msg);
}
