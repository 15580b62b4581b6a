// A product opened once can be browsed offline (document 3, offline model): when the product screen
// opens online, the lists of every section the user may see are pulled, then their pictures (the
// layers at full size, for the preview and the browser zip, and the thumbnails) are fetched one at
// a time through the service worker, which keeps them in its image cache.
import { useEffect } from 'react';
import { storageUrl, thumbOf } from '../../api/storage-paths.ts';
import { pullSections, sectionRows, type ImagerySection } from '../../data/index.ts';

const warmed = new Set<string>();
let stopped = false;
let inFlight: Promise<unknown> = Promise.resolve();

async function warm(urls: string[]): Promise<void> {
  for (const url of urls) {
    if (stopped) return;
    if (warmed.has(url) || !navigator.onLine) continue;
    warmed.add(url);
    // Low priority, one at a time: the screen's own requests go first.
    inFlight = fetch(url, { priority: 'low' } as RequestInit)
      .then((r) => r.blob())
      .catch(() => warmed.delete(url));
    await inFlight;
  }
}

/** Logout: no further picture is fetched, and the one on its way has landed before the caches go. */
export async function stopImageryWarmUp(): Promise<void> {
  stopped = true;
  await inFlight;
}

export async function warmProduct(customerId: number, productId: number, sections: readonly ImagerySection[]): Promise<void> {
  await pullSections(customerId, productId, sections);
  const { layers, files, backgrounds } = await sectionRows(productId);
  const paths = [
    ...layers.flatMap((l) => [l.beauty, l.shadow, l.reflection]),
    ...backgrounds.map((b) => b.path),
    ...files.filter((f) => ['silo', 'vignette', '360'].includes(f.list)).flatMap((f) => f.paths),
  ].filter((p): p is string => !!p && /\.(png|jpe?g|webp|gif)$/i.test(p));
  await warm([...paths.map((p) => storageUrl(thumbOf(p))), ...paths.map(storageUrl)]);
}

/** Starts the warm-up a moment after the product screen opens (online only). */
export function useImageryPrefetch(customerId: number | undefined, productId: number, sections: readonly ImagerySection[]): void {
  const key = sections.join(',');
  useEffect(() => {
    if (customerId === undefined || productId < 0 || !key) return;
    const t = setTimeout(() => {
      if (navigator.onLine) void warmProduct(customerId, productId, key.split(',') as ImagerySection[]).catch(() => undefined);
    }, 1500);
    return () => clearTimeout(t);
  }, [customerId, productId, key]);
}
