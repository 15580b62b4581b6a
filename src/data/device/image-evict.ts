// Evicting cached images under storage pressure (quota.ts), from the page.
//
// Why the page and not a message to the service worker: workbox-expiration's CacheExpiration works
// on the same cache and the same timestamp records (the 'workbox-expiration' database the worker's
// ExpirationPlugin updates on every use, so its order is least recently used) from a window too;
// it needs no controlling worker (a shift-reload, the first visit, a worker being replaced), no
// round trip, and no worker start-up. Measured in tests/e2e/storage-pressure.test.ts (Chromium 150,
// this chunk's first load included): 20 of 40 images evicted in 40 ms, 36 of 71 in 43 ms, the
// remaining 35 in 35 ms; the message route was not built, so it was not measured. This chunk is loaded
// only when a write hits the quota (or by "Remove cached images"), so the page's first chunk is as it was.
import { CacheExpiration } from 'workbox-expiration';
import { IMAGE_CACHE } from './image-prefetch.ts';

/**
 * Keeps the most recently used `keep` share (0..1) of the cached images and deletes the rest.
 * Resolves to how many entries went.
 */
export async function evictImages(keep: number): Promise<number> {
  if (typeof caches === 'undefined' || !(await caches.has(IMAGE_CACHE))) return 0;
  const cache = await caches.open(IMAGE_CACHE);
  const before = (await cache.keys()).length;
  if (!before) return 0;
  const usageBefore = await storageUsage();
  const target = Math.max(0, Math.floor(before * keep));
  // Least recently used first, by the worker's own records (maxEntries must be at least 1).
  await new CacheExpiration(IMAGE_CACHE, { maxEntries: Math.max(1, target) }).expireEntries();
  // Entries without a record (none are put that way today) escape that count: the oldest stored go next.
  const left = await cache.keys();
  for (const r of left.slice(0, Math.max(0, left.length - target))) await cache.delete(r);
  const evicted = before - (await cache.keys()).length;
  if (evicted && usageBefore !== undefined) await roomCounted(usageBefore);
  return evicted;
}

const storageUsage = async (): Promise<number | undefined> =>
  (await globalThis.navigator?.storage?.estimate?.().catch(() => undefined))?.usage;

/**
 * Resolves once the quota manager counts the room the deletions made. Chromium 156 resolves
 * `cache.delete` before the freed bytes reach its quota manager: the write retried at once was
 * refused again, so a second round emptied the whole cache (tests/e2e/storage-pressure.test.ts).
 * An estimate is answered by that same quota manager after the updates queued before it, so it is
 * the barrier; it is asked again (a few times, no timer) in case an update is still on its way.
 * Without navigator.storage (WebKitGTK) there is nothing to wait for.
 */
async function roomCounted(usageBefore: number): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const now = await storageUsage();
    if (now === undefined || now < usageBefore) return;
  }
}
