// Offline thumbnails, the part shared by the page and the service worker (no React here, the
// worker imports it): the cache stored images live in, the prefetch budget, the messages
// between page and worker, and the company's thumbnail addresses read from the local mirror.
import { productThumb } from '../../api/storage-paths.ts';
import { companyProducts } from '../local/index.ts';

/**
 * Cache-first stored images (src/sw/sw.ts); the prefetch writes into the same cache. Renamed when the
 * stored files' headers changed (issue 40: nosniff, sandbox, private): the worker deletes the caches of
 * earlier names (FORMER_IMAGE_CACHES), so every image is fetched again with its new headers.
 */
export const IMAGE_CACHE = 'facet-storage-images-v2';
export const FORMER_IMAGE_CACHES = ['facet-storage-images'];

/** A review version's model files (issue 42), kept in the same cache once opened, so a round reads offline. */
export const isReviewModel = (pathname: string) => /^\/storage\/review\/.+\.(glb|usdz)$/i.test(pathname);
/** A product's 3D viewer model (issue 43), kept the same way once opened: the Viewer 3D section shows it offline. */
export const isProductModel = (pathname: string) => /^\/storage\/products\/.+\.(glb|usdz)$/i.test(pathname);

/** Is this stored file kept on the device (opened once while online)? False where there is no cache. */
export async function isKeptOffline(url: string): Promise<boolean> {
  if (typeof caches === 'undefined' || !(await caches.has(IMAGE_CACHE))) return false;
  return !!(await (await caches.open(IMAGE_CACHE)).match(url));
}

/**
 * At most this many of a company's product thumbnails are kept for offline use, newest
 * products first, or this many bytes, whichever comes first (docs/decisions.md).
 */
export const PREFETCH_BUDGET = { images: 5000, bytes: 50 * 1024 * 1024 } as const;

/** Page -> worker. `start` is sent while the page is signed in, online and idle; `pause` otherwise. */
export type PrefetchCommand =
  | { type: 'prefetch-start'; customerId: number }
  | { type: 'prefetch-pause' }
  /** Logout: stop, and write nothing more (answered on the message port once stopped). */
  | { type: 'prefetch-stop' };

/** Worker -> pages, while and after it fetches. */
export interface PrefetchProgress {
  type: 'prefetch-progress';
  customerId: number;
  /** Thumbnails of the company now in the cache (within the budget). */
  cached: number;
  /** Bytes those take (Content-Length of the cached copies). */
  bytes: number;
  done: boolean;
}

/** The company's product thumbnails, newest product first (the catalogue's order), at most `limit`. */
export async function companyThumbs(customerId: number, limit = Infinity): Promise<string[]> {
  const rows = (await companyProducts(customerId)).sort((a, b) => b.id - a.id);
  const out: string[] = [];
  for (const p of rows) {
    const url = productThumb(p);
    if (url) out.push(url);
    if (out.length >= limit) break;
  }
  return out;
}

/** How many of these addresses the image cache holds. */
export async function countCached(urls: readonly string[]): Promise<number> {
  if (typeof caches === 'undefined' || !(await caches.has(IMAGE_CACHE))) return 0;
  const keys = await (await caches.open(IMAGE_CACHE)).keys();
  const held = new Set(keys.map((r) => new URL(r.url).pathname));
  return urls.reduce((n, u) => n + (held.has(u) ? 1 : 0), 0);
}
