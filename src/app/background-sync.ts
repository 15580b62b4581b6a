// The page's half of Background Sync: ask for a 'facet-outbox' sync while changes wait, and
// drain when the service worker asks an open tab to (the tab holds the session cookie).
import { useEffect } from 'react';
import { drainOutbox } from '../data/index.ts';

const TAG = 'facet-outbox'; // the same tag as src/sw/drain.ts

export function useBackgroundSync(pending: number) {
  useEffect(() => {
    const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (!sw) return;
    const onMessage = (e: MessageEvent) => {
      if ((e.data as { type?: string } | null)?.type === 'drain-outbox') void drainOutbox().catch((err) => console.error(err));
    };
    sw.addEventListener('message', onMessage);
    return () => sw.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (pending === 0 || typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
    void navigator.serviceWorker.ready
      .then((r) => (r as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(TAG))
      .catch((err) => console.error('Background sync registration failed', err));
  }, [pending]);
}
