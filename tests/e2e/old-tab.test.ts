// The old-tab rule in real Chromium (issue 18): another tab opens the local database one schema
// version up (here a bare IndexedDB open, standing in for a newer build). A tab with nothing unsaved
// reloads by itself; a tab holding an unsaved edit keeps it on screen, cannot save any more, and
// asks. A reload that still runs the previous code does not use the newer database and does not
// loop: it says to close the tab.
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { closeContexts, skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { signIn } from './shell-helpers.ts';

const UPDATED = 'Facet was updated in another tab';

/**
 * Two frames drawn after the banner: React has run the banner's effects (where a reload by itself would
 * start), so a reload would have begun; a page that began one fails this evaluate or loses its marker.
 */
const framesDrawn = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** The "new version" in a second tab of the same browser: opens the database at a higher version. */
async function upgradeElsewhere(browserPage: Page, base: string) {
  const other = await browserPage.context().newPage();
  await other.goto(`${base}/manifest.webmanifest`);
  const version = await other.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const req = indexedDB.open('facet', 10_000);
        req.onsuccess = () => {
          const v = req.result.version;
          req.result.close();
          resolve(v);
        };
        req.onerror = () => reject(req.error);
      }),
  );
  expect(version).toBe(10_000);
  await other.close();
}

describe.skipIf(skipWithoutChromium('old tab e2e'))('old tab', () => {
  const env = usePortalAndBrowser();
  const contexts: Awaited<ReturnType<Browser['newContext']>>[] = [];
  afterAll(() => closeContexts(contexts));

  async function signedIn(path: string) {
    const context = await env.browser.newContext({ viewport: { width: 1300, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
    await page.goto(`${env.s.url}${path}`);
    return page;
  }

  it('a tab with nothing unsaved reloads by itself, and a reload still on the old code does not loop', async () => {
    const page = await signedIn('/catalog?section=allproducts');
    await page.getByTestId('product-card').first().waitFor();
    await page.evaluate(() => ((window as unknown as { beforeUpgrade: boolean }).beforeUpgrade = true));
    const reloaded = page.waitForEvent('load');
    await upgradeElsewhere(page, env.s.url);
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { beforeUpgrade?: boolean }).beforeUpgrade ?? false)).toBe(false);
    // This build is still the old code: it leaves the newer database alone and asks instead of reloading again.
    const banner = page.getByTestId('old-tab');
    await banner.getByText(UPDATED).waitFor();
    await banner.getByText('This tab still runs the previous version: close it and use the updated tab.').waitFor();
    await framesDrawn(page);
    expect(await banner.isVisible()).toBe(true);
  });

  it('a tab holding an unsaved edit keeps it and asks before reloading', async () => {
    const productId = (await env.s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1004'"))!.id;
    const page = await signedIn(`/product/${productId}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit product information' });
    await form.getByLabel('Name').fill('Typed, not saved');
    await page.evaluate(() => ((window as unknown as { beforeUpgrade: boolean }).beforeUpgrade = true));

    await upgradeElsewhere(page, env.s.url);
    const banner = page.getByTestId('old-tab');
    await banner.getByText('This tab can no longer save. Copy what you have not saved, then reload.').waitFor();
    await framesDrawn(page);
    expect(await page.evaluate(() => (window as unknown as { beforeUpgrade?: boolean }).beforeUpgrade)).toBe(true);
    expect(await form.getByLabel('Name').inputValue()).toBe('Typed, not saved');
    await banner.screenshot({ path: '.tmp/old-tab-banner.png' });

    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
  });
});
