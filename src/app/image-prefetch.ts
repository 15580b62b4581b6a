// The page's half of the thumbnail prefetch (src/sw/prefetch.ts): while signed in to a company,
// online and idle (no pull or drain running, then the browser's idle time), ask the service
// worker to fetch; pause it otherwise. Logout stops it before the caches are cleared.
import { useEffect } from 'react';
import { PROVIDER_CONTEXT } from '../api/contract/slugs.ts';
import { useSyncStatus } from '../data/index.ts';
import type { PrefetchCommand } from '../data/device/index.ts';

/** Quiet time after the page settles before the prefetch starts. */
const SETTLE_MS = 2000;

async function activeWorker(): Promise<ServiceWorker | null | undefined> {
  const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  return (await sw?.getRegistration())?.active;
}

function post(cmd: PrefetchCommand) {
  void activeWorker()
    .then((w) => w?.postMessage(cmd))
    .catch((err: unknown) => console.debug('[facet] prefetch message:', err));
}

export function useImagePrefetch(customerId: number | null) {
  const { online, pulling, draining } = useSyncStatus();
  const idle = online && !pulling && !draining;
  useEffect(() => {
    // The provider context (-1) spans every company: nothing to prefetch there.
    if (customerId === null || customerId === PROVIDER_CONTEXT) return;
    if (!idle || navigator.onLine === false) return post({ type: 'prefetch-pause' });
    let idleHandle: number | undefined;
    const timer = setTimeout(() => {
      const start = () => post({ type: 'prefetch-start', customerId });
      if (typeof requestIdleCallback === 'function') idleHandle = requestIdleCallback(start, { timeout: 10_000 });
      else start();
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      if (idleHandle !== undefined) cancelIdleCallback(idleHandle);
      post({ type: 'prefetch-pause' });
    };
  }, [customerId, idle]);
}

/** Logout: the worker stops and confirms (or 2 s pass) before anything is wiped. */
export async function stopImagePrefetch(timeoutMs = 2000): Promise<void> {
  const w = await activeWorker();
  if (!w) return;
  const channel = new MessageChannel();
  const stopped = new Promise<void>((resolve) => {
    channel.port1.onmessage = () => resolve();
  });
  w.postMessage({ type: 'prefetch-stop' } satisfies PrefetchCommand, [channel.port2]);
  await Promise.race([stopped, new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
  channel.port1.close();
}
