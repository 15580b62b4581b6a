// A page going into the back/forward cache aborts its unfinished IndexedDB transactions and closes
// its connection (WebKit kept them open, frozen, and the next page waited for ever on their stores:
// reproduced in tests/engines, the first-sync and offline journeys); one coming back from it
// reloads; a page simply unloaded does neither.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { FacetDb, releaseConnection } from '../../src/data/local/db.ts';
import type { ProductRow } from '../../src/data/local/types.ts';
import { releaseOnPageCache } from '../../src/data/local/page-cache.ts';

function fakePage() {
  const listeners: Record<string, ((e: { persisted: boolean }) => void)[]> = {};
  const reload = vi.fn();
  return {
    page: {
      addEventListener: (t: string, l: (e: { persisted: boolean }) => void) => void (listeners[t] ??= []).push(l),
      location: { reload },
    },
    fire: (t: string, persisted: boolean) => listeners[t]?.forEach((l) => l({ persisted })),
    reload,
  };
}

describe('the page cache', () => {
  it('closes the connection when the page goes into the cache, and reloads when it comes back', () => {
    const f = fakePage();
    const close = vi.fn();
    releaseOnPageCache(f.page, close);
    f.fire('pagehide', true);
    expect(close).toHaveBeenCalledTimes(1);
    f.fire('pageshow', true);
    expect(f.reload).toHaveBeenCalledTimes(1);
  });

  it('leaves a page that is unloaded, or shown the first time, as it is', () => {
    const f = fakePage();
    const close = vi.fn();
    releaseOnPageCache(f.page, close);
    f.fire('pageshow', false);
    f.fire('pagehide', false);
    expect(close).not.toHaveBeenCalled();
    expect(f.reload).not.toHaveBeenCalled();
  });

  it('a transaction still running when the page goes into the cache no longer holds the next page', async () => {
    const idb = new IDBFactory();
    const left = new FacetDb('page-cache', { indexedDB: idb, IDBKeyRange });
    const next = new FacetDb('page-cache', { indexedDB: idb, IDBKeyRange });
    const f = fakePage();
    releaseOnPageCache(f.page, () => releaseConnection(left));
    // The page left mid-write: a pull's transaction on the products that never finishes by itself
    // (a frozen page's requests are never answered; here it keeps asking).
    let started = false;
    const held = left.transaction('rw', left.products, async () => {
      started = true;
      for (;;) await left.products.get(1);
    });
    held.catch(() => undefined);
    await expect.poll(() => started).toBe(true);
    expect(left.live.size).toBe(1);

    f.fire('pagehide', true);
    await expect(held).rejects.toThrow(/abort/i);
    // The next page writes and reads the same store.
    await next.products.put({ id: 5, cid: 1, name: 'Next page' } as unknown as ProductRow);
    expect((await next.products.get(5))?.name).toBe('Next page');
    expect(left.live.size).toBe(0);
    expect(left.isOpen()).toBe(false);
    next.close();
  });
});
