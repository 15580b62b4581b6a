// Back online from the event, or from navigator.onLine seen true again (issue 29: Firefox fires no
// 'online' event in a page loaded while its offline switch was on; the journey in tests/engines).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ONLINE_RECHECK_MS, watchOnline } from '../../src/data/local/online-watch.ts';

function fakeWindow(onLine: boolean) {
  const t = new EventTarget();
  return {
    navigator: { onLine },
    addEventListener: (type: string, l: () => void) => t.addEventListener(type, l),
    removeEventListener: (type: string, l: () => void) => t.removeEventListener(type, l),
    fire: (type: 'online' | 'offline') => t.dispatchEvent(new Event(type)),
  };
}

describe('watchOnline', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('a page loaded offline acts when navigator.onLine turns true without an event, once', () => {
    const w = fakeWindow(false);
    const [on, off] = [vi.fn(), vi.fn()];
    watchOnline(w, on, off);
    expect(off).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ONLINE_RECHECK_MS * 3);
    expect(on).not.toHaveBeenCalled();
    w.navigator.onLine = true;
    vi.advanceTimersByTime(ONLINE_RECHECK_MS);
    expect(on).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ONLINE_RECHECK_MS * 5);
    expect(on).toHaveBeenCalledTimes(1);
  });

  it('follows the events, and the event wins over the look (no second call)', () => {
    const w = fakeWindow(true);
    const [on, off] = [vi.fn(), vi.fn()];
    watchOnline(w, on, off);
    expect(off).not.toHaveBeenCalled();
    w.navigator.onLine = false;
    w.fire('offline');
    expect(off).toHaveBeenCalledTimes(1);
    w.navigator.onLine = true;
    w.fire('online');
    vi.advanceTimersByTime(ONLINE_RECHECK_MS * 5);
    expect(on).toHaveBeenCalledTimes(1);
  });

  it('looks at nothing while online, and stops with its stop function', () => {
    const w = fakeWindow(false);
    const on = vi.fn();
    const stop = watchOnline(w, on, () => undefined);
    stop();
    w.navigator.onLine = true;
    vi.advanceTimersByTime(ONLINE_RECHECK_MS * 5);
    w.fire('online');
    expect(on).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
