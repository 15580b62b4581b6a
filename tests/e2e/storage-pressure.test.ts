// Storage pressure in real Chromium (issue 18). The origin's quota is forced small over CDP
// (Storage.overrideQuotaForOrigin) after the image cache was filled through the service worker
// (so its LRU records are the worker's own). An upload queued offline that does not fit makes the
// page evict the least recently used half of the cached images and succeed; one that does not fit
// even then evicts every image, shows the message word for word (toast and status menu), and leaves
// the outbox exactly as it was. The storage line of the status menu shows usage and persistence.
import sharp from 'sharp';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_CACHE } from '../../src/data/device/image-prefetch.ts';
import { QUOTA_MESSAGE } from '../../src/data/local/quota.ts';
import { WAITING_TEXT } from '../../src/features/imagery/action-outcome.ts';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { loaded, openSection } from './imagery-helpers.ts';
import { installServiceWorker, signIn } from './shell-helpers.ts';

const FILLERS = 40;
const FILLER_BYTES = 256 * 1024;
const MB = 1024 * 1024;
/** Noise does not compress: a side of 1400 px is about 5.9 MB as a PNG, 2000 px about 12 MB. */
const noisePng = (side: number) =>
  sharp({
    create: { width: side, height: side, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png()
    .toBuffer();

const cacheKeys = (page: Page) =>
  page.evaluate(
    async (name) =>
      (await caches.has(name)) ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : [],
    IMAGE_CACHE,
  );

/** The outbox as stored (what a reload would find), read straight from IndexedDB. */
const outboxRows = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ id: number; label: string; key: string; blobId?: number }[]>((resolve, reject) => {
        const req = indexedDB.open('facet');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const conn = req.result;
          const all = conn.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            conn.close();
            type Row = { id: number; label: string; key: string; call: { upload?: { blobId: number } } };
            resolve((all.result as Row[]).map((e) => ({ id: e.id, label: e.label, key: e.key, blobId: e.call.upload?.blobId })));
          };
        };
      }),
  );

/**
 * Chromium's IndexedDB grants a write from the room it was last told of, decaying over 30 s
 * (BucketContext::GetBucketSpaceToAllot), and asks the quota manager again only for a write larger
 * than that. The origin's quota is kept small from the start (START_QUOTA), so a probe write larger
 * than it always asks: refused, it leaves IndexedDB knowing the room the new quota gives. No clock.
 */
const START_QUOTA = 96 * 1024 * 1024;
const refreshIndexedDbRoom = (page: Page) =>
  page.evaluate(async (bytes) => {
    const chunk = new Uint8Array(1024 * 1024);
    const blob = new Blob(Array.from({ length: Math.ceil(bytes / chunk.length) + 1 }, () => chunk));
    const conn = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('quota-probe', 1);
      req.onupgradeneeded = () => req.result.createObjectStore('probe');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const outcome = await new Promise<string>((resolve) => {
      const tx = conn.transaction('probe', 'readwrite');
      tx.objectStore('probe').put(blob, 'probe');
      tx.oncomplete = () => resolve('stored');
      tx.onabort = () => resolve(tx.error?.name ?? 'aborted');
    });
    conn.close();
    if (outcome !== 'QuotaExceededError') throw new Error(`the quota probe was not refused: ${outcome}`);
  }, START_QUOTA);

const usage = (page: Page) => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);

describe.skipIf(skipWithoutChromium('storage pressure e2e'))('storage pressure', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession;
  let productId: number;
  const logs: string[] = [];

  const setQuota = (quotaSize?: number) =>
    cdp.send('Storage.overrideQuotaForOrigin', { origin: env.s.url, ...(quotaSize !== undefined && { quotaSize }) });

  async function upload(name: string, buffer: Buffer) {
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload images' });
    await dialog.locator('input[type=file]').setInputFiles([{ name, mimeType: 'image/png', buffer }]);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    return dialog;
  }

  beforeAll(async () => {
    productId = (await env.s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1006'"))!.id;
    context = await env.browser.newContext({ viewport: { width: 1440, height: 1000 } }); // service workers allowed
    page = await context.newPage();
    page.on('console', (m) => logs.push(m.text()));
    cdp = await context.newCDPSession(page);
    await setQuota(START_QUOTA);
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
    await installServiceWorker(page);
    // Loaded under the active worker, which then serves (and records the use of) stored images.
    await openSection(page, env.s.url, productId, 'silo');
    await loaded(page);
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  });
  afterAll(async () => {
    await cdp?.send('Storage.overrideQuotaForOrigin', { origin: env.s.url }).catch(() => undefined);
    await context?.close();
  });

  it('evicts the least recently used cached images, then the write succeeds and the outbox is intact', async () => {
    // The thumbnail prefetch runs while online and idle; offline it stops, so the cache holds still.
    await context.setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    const first = await upload(
      'small.png',
      await sharp({ create: { width: 40, height: 40, channels: 3, background: '#d33' } })
        .png()
        .toBuffer(),
    );
    await first.getByText(WAITING_TEXT).waitFor();
    await first.getByRole('button', { name: 'Done' }).click();
    const queued = await outboxRows(page);
    expect(queued.map((e) => e.label)).toEqual(['Upload small.png']);

    // Fill the image cache with known images only (the thumbnails prefetched so far, a number that
    // depends on timing, go first); then use every filler once through the worker (its CacheFirst
    // route records each use), and the first five again, so they are the most recently used.
    await page.evaluate(
      async ([name, n, size]) => {
        const cache = await caches.open(name as string);
        for (const r of await cache.keys()) await cache.delete(r);
        for (let i = 0; i < (n as number); i++) {
          const bytes = new Uint8Array(size as number);
          for (let o = 0; o < bytes.length; o += 65536) crypto.getRandomValues(bytes.subarray(o, o + 65536));
          await cache.put(`/storage/pressure/${i}.png`, new Response(bytes, { headers: { 'content-type': 'image/png' } }));
        }
        // The worker records a use (workbox-expiration's database) after it answers: each use waits for
        // its record, and starts on a later millisecond than the one before, so the order is strict.
        const recordOf = (path: string) =>
          new Promise<number | undefined>((resolve, reject) => {
            const req = indexedDB.open('workbox-expiration');
            req.onerror = () => reject(req.error);
            req.onsuccess = () => {
              const conn = req.result;
              if (!conn.objectStoreNames.contains('cache-entries')) return (conn.close(), resolve(undefined));
              const get = conn
                .transaction('cache-entries')
                .objectStore('cache-entries')
                .get(`${name as string}|${new URL(path, location.href).href}`);
              get.onsuccess = () => (conn.close(), resolve((get.result as { timestamp?: number } | undefined)?.timestamp));
            };
          });
        let last = 0;
        const use = async (i: number) => {
          while (Date.now() <= last) await new Promise(requestAnimationFrame);
          const started = Date.now();
          await (await fetch(`/storage/pressure/${i}.png`)).arrayBuffer();
          while (((await recordOf(`/storage/pressure/${i}.png`)) ?? 0) < started) await new Promise(requestAnimationFrame);
          last = (await recordOf(`/storage/pressure/${i}.png`))!;
        };
        for (let i = 0; i < (n as number); i++) await use(i);
        for (let i = 0; i < 5; i++) await use(i);
      },
      [IMAGE_CACHE, FILLERS, FILLER_BYTES] as const,
    );
    const before = await cacheKeys(page);
    expect(before).toHaveLength(FILLERS);

    // Room for about 4 MB more; the next upload is about 5.9 MB; half the fillers free 5 MB.
    await setQuota((await usage(page)) + 4 * MB);
    await refreshIndexedDbRoom(page);
    logs.length = 0;
    const big = await upload('big.png', await noisePng(1400));
    await big.getByText(WAITING_TEXT).waitFor({ timeout: 30_000 });
    await big.getByRole('button', { name: 'Done' }).click();

    const after = await cacheKeys(page);
    console.log(
      `[storage-pressure] cache entries ${before.length} -> ${after.length}; ${logs.filter((l) => l.includes('storage full')).join(' | ')}`,
    );
    expect(after.length).toBeLessThanOrEqual(Math.ceil(before.length / 2));
    expect(logs.filter((l) => l.includes('cached images evicted'))).toHaveLength(1);
    // Least recently used first: the five used last are still there, the first used of the rest are not.
    for (let i = 0; i < 5; i++) expect(after).toContain(`/storage/pressure/${i}.png`);
    expect(after).not.toContain('/storage/pressure/5.png');
    // What was queued is as it was, and the new upload is queued behind it with its Blob.
    const rows = await outboxRows(page);
    expect(rows.slice(0, queued.length)).toEqual(queued);
    expect(rows.map((e) => e.label)).toEqual(['Upload small.png', 'Upload big.png']);
    expect(rows[1]!.blobId).toBeGreaterThan(0);
    expect(await page.getByText(QUOTA_MESSAGE, { exact: true }).count()).toBe(0);
  });

  it('a write that does not fit even without images shows the message; nothing queued is lost', async () => {
    const queued = await outboxRows(page);
    await setQuota((await usage(page)) + 1 * MB);
    await refreshIndexedDbRoom(page);
    logs.length = 0;
    const dialog = await upload('too-big.png', await noisePng(2000));
    await page.getByText(QUOTA_MESSAGE, { exact: true }).first().waitFor({ timeout: 30_000 });
    // Every image went before giving up; the error was not swallowed (the dialog still holds the file).
    expect(await cacheKeys(page)).toEqual([]);
    expect(logs.filter((l) => l.includes('cached images evicted'))).toHaveLength(2);
    await dialog.getByText('too-big.png').waitFor();
    expect(await outboxRows(page)).toEqual(queued);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The status menu keeps the message and shows the storage figures.
    await setQuota();
    await page.getByTestId('pending-indicator').click();
    const panel = page.getByRole('dialog', { name: 'Pending changes' });
    await panel.getByRole('alert').getByText(QUOTA_MESSAGE, { exact: true }).waitFor();
    await panel
      .getByTestId('storage-used')
      .getByText(/^Storage used: [\d.]+ (KB|MB|GB) of [\d.]+ (KB|MB|GB)$/)
      .waitFor();
    await panel.getByTestId('storage-persisted').waitFor();
    await panel.screenshot({ path: '.tmp/storage-pressure-panel.png' });
    await page.keyboard.press('Escape');
  });
});
