// What the status menu says about this device's storage: the browser's estimate of Facet's usage and
// quota, whether the storage is persistent (requested after login, sync.ts), and the cached images
// that can be given up. No React and no workbox here: the panel loads with the shell.
import { IMAGE_CACHE } from './image-prefetch.ts';
import { clearStorageFull } from '../local/index.ts';

export interface StorageUsage {
  /** The browser's estimate of this origin's bytes (IndexedDB, Cache Storage, …); null where it has no StorageManager. */
  estimate: { usage: number; quota: number } | null;
  /** null where the browser cannot say. */
  persisted: boolean | null;
  /** Stored images kept for offline use. */
  images: number;
}

async function cachedImages(): Promise<number> {
  if (typeof caches === 'undefined' || !(await caches.has(IMAGE_CACHE))) return 0;
  return (await (await caches.open(IMAGE_CACHE)).keys()).length;
}

/** What this browser says about its storage; a part it has no API for is null (WebKitGTK 2.50: no navigator.storage). */
export async function readStorageUsage(): Promise<StorageUsage> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  const [estimate, persisted, images] = await Promise.all([
    storage?.estimate ? storage.estimate().then((e) => ({ usage: e.usage ?? 0, quota: e.quota ?? 0 }), () => null) : Promise.resolve(null),
    storage?.persisted ? storage.persisted().catch(() => null) : Promise.resolve(null),
    cachedImages().catch(() => 0),
  ]);
  return { estimate, persisted, images };
}

/** The status menu's "Remove cached images": every cached image goes; the mirror and the outbox stay. */
export async function removeCachedImages(): Promise<number> {
  const removed = await (await import('./image-evict.ts')).evictImages(0);
  clearStorageFull();
  return removed;
}
