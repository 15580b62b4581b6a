// A page going into the back/forward cache closes its IndexedDB connection (WebKit kept it open and
// the next page waited for ever: reproduced in tests/engines, catalogue and first-sync journeys);
// one coming back from it reloads; a page simply unloaded does neither.
import { describe, expect, it, vi } from 'vitest';
import { releaseOnPageCache } from '../../src/data/page-cache.ts';

function fakePage() {
  const listeners: Record<string, ((e: { persisted: boolean }) => void)[]> = {};
  const reload = vi.fn();
  return {
    page: { addEventListener: (t: string, l: (e: { persisted: boolean }) => void) => void (listeners[t] ??= []).push(l), location: { reload } },
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
});
