// An offline batch in real Chromium (issue 11 "Offline"): with the service worker in control, a batch of
// three products with images is sent while offline, shows at once in the catalogue with a pending mark,
// survives a reload, and reaches the server exactly once on reconnect (checked through the API). A form
// left unsent keeps its fields and files across a reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call } from '../support/http.ts';
import { draftStored, imageFile, installedAddProducts } from './registration-helpers.ts';

describe.skipIf(skipWithoutChromium('offline batch e2e'))('an offline product batch', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  const field = (label: string) => page.getByLabel(label, { exact: true });

  beforeAll(async () => {
    ({ context, page } = await installedAddProducts(env.browser, env.s.url));
  });
  afterAll(async () => {
    await context?.close();
  });

  it('is made offline, shows pending, survives a reload and reaches the server once', async () => {
    await context.setOffline(true);
    await page.reload();
    for (let i = 1; i <= 3; i++) {
      if (i > 1) await page.getByRole('button', { name: 'Add product' }).click();
      await field('SKU').fill(`OFF-B${i}`);
      await field('Name').fill(`Offline chair ${i}`);
      await page
        .getByLabel('Add images')
        .setInputFiles([await imageFile(`off-${i}a.png`), await imageFile(`off-${i}b.png`, '#556b2f')]);
      await page.getByRole('img', { name: `off-${i}b.png` }).waitFor();
    }
    // An unsent form survives a reload, files included.
    await draftStored(page, 'Offline chair 3');
    await page.reload();
    await page.getByRole('button', { name: /OFF-B3/ }).click();
    await page.getByRole('img', { name: 'off-3b.png' }).waitFor();
    expect(await field('Name').inputValue()).toBe('Offline chair 3');

    await page.getByRole('button', { name: 'SEND' }).click();
    // Watched together: the toast lasts 4 s, and a busy machine can spend longer reaching the catalogue.
    await Promise.all([
      page.waitForURL(/\/catalog(\?|$)/),
      page.getByText('Saved on this device. It will be sent when you are back online').waitFor(),
    ]);
    const pending = page.getByTestId('product-card').filter({ has: page.getByTestId('pending-mark') });
    await expect.poll(() => pending.count(), { timeout: 15_000 }).toBe(3);
    await page
      .getByTestId('pending-indicator')
      .getByText(/pending/)
      .waitFor();
    // Issue 43: the queued products are counted as they are shown.
    const cid0 = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Acme Living'"))!.id;
    const onServer = (await env.s.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM products WHERE customer_id = $1 AND deleted_at IS NULL',
      [cid0],
    ))!.n;
    const counted = () => page.getByTestId('catalog-count').textContent();
    await expect.poll(counted, { timeout: 15_000 }).toBe(`${onServer + 3} products`);

    await page.reload(); // offline, cold
    await expect.poll(() => pending.count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(counted, { timeout: 15_000 }).toBe(`${onServer + 3} products`);
    // The form is empty: the batch left it when it was queued.
    await page.goto(`${env.s.url}/product/add`);
    expect(await field('SKU').inputValue()).toBe('');

    await context.setOffline(false);
    await page.goto(`${env.s.url}/catalog`);
    const cid = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Acme Living'"))!.id;
    const token = await env.s.tokenFor('manager@acme.test');
    const batch = async () =>
      (
        (await call(env.s, 'GET', '/gets/product/show', { token, query: { id_customer: cid } })).body.products as {
          sku: string;
          images: string[];
        }[]
      ).filter((p) => p.sku.startsWith('OFF-B'));
    // Every call of the batch has gone out (images included), and only once.
    await expect.poll(async () => (await batch()).reduce((n, p) => n + p.images.length, 0), { timeout: 40_000 }).toBe(6);
    await page.getByTestId('pending-indicator').waitFor({ state: 'detached', timeout: 30_000 });
    const all = await batch();
    for (let i = 1; i <= 3; i++) {
      const rows = all.filter((p) => p.sku === `OFF-B${i}`);
      expect(rows, `OFF-B${i}`).toHaveLength(1);
      expect(rows[0]!.images).toHaveLength(2);
    }
    await expect.poll(() => pending.count(), { timeout: 15_000 }).toBe(0);
  });
});
