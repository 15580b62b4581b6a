// "Images available offline: n of m": how many of the company's product thumbnails the image
// cache holds, against how many exist in the local mirror. Recounted when the service worker
// reports prefetch progress and when products change, at most twice a second.
import { useEffect, useState } from 'react';
import { companyThumbs, countCached, type PrefetchProgress } from '../device/index.ts';
import { onChange } from '../local/index.ts';

export interface OfflineImages {
  /** Thumbnails in the cache. */
  available: number;
  /** Products of the company that have a thumbnail. */
  total: number;
  /** False until the first count is done. */
  ready: boolean;
}

const NONE: OfflineImages = { available: 0, total: 0, ready: false };

/** Mount it only where the figure is shown: a count reads every product row of the company. */
export function useOfflineImages(customerId: number | null): OfflineImages {
  const [state, setState] = useState<{ cid: number | null; value: OfflineImages }>({ cid: null, value: NONE });
  useEffect(() => {
    if (customerId === null) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const count = async () => {
      const urls = await companyThumbs(customerId);
      const available = await countCached(urls);
      if (live) setState({ cid: customerId, value: { available, total: urls.length, ready: true } });
    };
    const soon = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void count().catch((err: unknown) => console.debug('[facet] offline image count:', err));
      }, 500);
    };
    void count().catch((err: unknown) => console.debug('[facet] offline image count:', err));
    const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    const onMessage = (e: MessageEvent) => {
      if ((e.data as PrefetchProgress | null)?.type === 'prefetch-progress') soon();
    };
    sw?.addEventListener('message', onMessage);
    const off = onChange((c) => c.table === 'products' && soon());
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
      sw?.removeEventListener('message', onMessage);
      off();
    };
  }, [customerId]);
  return state.cid === customerId ? state.value : NONE;
}
