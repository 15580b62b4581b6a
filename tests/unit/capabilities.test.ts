// Where a browser lacks an API (WebKitGTK: navigator.storage; Firefox and Safari: Background Sync),
// the screens say what they cannot know. The engines group checks the same words in the real browsers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasBackgroundSync, NO_BACKGROUND_SYNC, persistenceText } from '../../src/app/capabilities.ts';
import { readStorageUsage } from '../../src/data/device/storage-usage.ts';

describe('what the browser cannot tell', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('without navigator.storage the usage has no estimate and no persistence, and the words say so', async () => {
    vi.stubGlobal('navigator', {});
    expect(await readStorageUsage()).toEqual({ estimate: null, persisted: null, images: 0 });
    expect(persistenceText(null)).toBe('This browser does not say whether it keeps this data when the device runs low on space.');
  });

  it('with navigator.storage the estimate and persistence are read', async () => {
    vi.stubGlobal('navigator', { storage: { estimate: async () => ({ usage: 10, quota: 100 }), persisted: async () => true } });
    expect(await readStorageUsage()).toEqual({ estimate: { usage: 10, quota: 100 }, persisted: true, images: 0 });
    expect(persistenceText(true)).toBe('Persistent: the browser keeps this data.');
  });

  it('a failing estimate is unknown, not a failure of the line', async () => {
    vi.stubGlobal('navigator', { storage: { estimate: () => Promise.reject(new Error('denied')) } });
    expect(await readStorageUsage()).toEqual({ estimate: null, persisted: null, images: 0 });
  });

  it('Background Sync is there only with SyncManager', () => {
    expect(hasBackgroundSync({ SyncManager: class {} })).toBe(true);
    expect(hasBackgroundSync({})).toBe(false);
    expect(hasBackgroundSync(undefined)).toBe(false);
    expect(NO_BACKGROUND_SYNC).toMatch(/only while Facet is open/);
  });
});
