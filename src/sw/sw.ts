/// <reference lib="webworker" />
// The service worker (DESIGN "Service worker"): precache the shell and route chunks, serve
// index.html for navigations (not the API, stored files, or the public /iframe and /viewer pages,
// which are entries of their own), keep stored images cache-first with an expiry, prefetch the
// company's thumbnails while the page is idle (prefetch.ts), and drain the outbox on Background Sync.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { evictImages } from '../data/device/image-evict.ts';
import {
  FORMER_IMAGE_CACHES,
  IMAGE_CACHE,
  PREFETCH_BUDGET,
  isProductModel,
  isReviewModel,
} from '../data/device/image-prefetch.ts';
import { quotaDeps } from '../data/local/quota.ts';
import { drainInWorker, OUTBOX_SYNC_TAG } from './drain.ts';
import { handlePrefetchMessage, signedIn } from './prefetch.ts';
import { LIVE_STREAM } from '../data/live/wire.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

const API = import.meta.env.VITE_API_URL ?? '/backend';

// The live stream (issue 44) is never the worker's: no route sees it, so it is neither cached nor passed
// through a worker's fetch (which would hold a long stream in the worker). Registered first, it stops the rest.
const LIVE = `${API}${LIVE_STREAM}`;
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin === self.location.origin && (url.pathname === LIVE || url.pathname.startsWith(`${LIVE}/`)))
    event.stopImmediatePropagation();
});

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
// Images cached under an earlier name kept the headers they came with: they go, and come again.
self.addEventListener('activate', (event) =>
  event.waitUntil(Promise.all(FORMER_IMAGE_CACHES.map((name) => caches.delete(name)))),
);

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [new RegExp(`^${API}(/|$)`), /^\/storage(\/|$)/, /^\/iframe(\/|$)/, /^\/viewer(\/|$)/],
  }),
);

// Stored files have generated names, so a cached copy never goes stale; the cap bounds the disk.
// It leaves room for the prefetched thumbnails (PREFETCH_BUDGET) plus the images browsed. A review's
// models (issue 42) and products' viewer models (issue 43) are kept in it too: opened once, readable offline,
// evicted like images.
const imageExpiry = { maxEntries: PREFETCH_BUDGET.images + 1000, maxAgeSeconds: 30 * 24 * 3600 };
registerRoute(
  // A Download link (?download=1) is a file to save, not an image to keep.
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/storage/') &&
    !url.searchParams.has('download') &&
    (request.destination === 'image' ||
      /\.(png|jpe?g|webp|gif|svg)$/i.test(url.pathname) ||
      isReviewModel(url.pathname) ||
      isProductModel(url.pathname)),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      new ExpirationPlugin({ ...imageExpiry, purgeOnQuotaError: true }),
      // An image that arrives after logout (a page's warm-up still on its way) is served, not kept.
      { cacheWillUpdate: async ({ response }) => ((await signedIn(self)) ? response : null) },
    ],
  }),
);
const prefetchOptions = { expiration: new CacheExpiration(IMAGE_CACHE, imageExpiry) };
// A write of the worker's drain that hits the quota gives up cached images first, as the page's do.
quotaDeps.evict = evictImages;

self.addEventListener('sync', (event) => {
  const e = event as SyncEvent;
  if (e.tag === OUTBOX_SYNC_TAG) e.waitUntil(drainInWorker(self));
});

self.addEventListener('message', (event) => {
  if (handlePrefetchMessage(self, event, prefetchOptions)) return;
  if ((event.data as { type?: string } | undefined)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
