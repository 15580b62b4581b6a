// Discard restores at once, offline too (issue 26): a product's name edited offline in Info, saved,
// then discarded in Pending changes shows the server's name again at once, on the product and in
// the catalogue's search (found by the old name, not by the new), and still after an offline
// reload served by the service worker; the discarded name never reaches the server.
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeContexts, skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { installServiceWorker, signIn } from './shell-helpers.ts';

describe.skipIf(skipWithoutChromium('offline discard e2e'))('discard offline', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;

  // Runs before usePortalAndBrowser's afterAll (hooks run in reverse): the page is closed before its CSP check.
  afterAll(() => closeContexts([context]));

  const NEW = 'Discarded offline name';

  const search = (text: string) => page.getByLabel('Name or SKU').fill(text);
  const card = (id: number) => page.locator(`[data-testid="product-card"][data-id="${id}"]`);

  async function checkRestored(id: number, name: string) {
    await page.goto(`${env.s.url}/product/${id}`);
    await page.getByTestId('info-name').getByText(name, { exact: true }).waitFor();
    expect(await page.getByTestId('info-name').getByText(NEW).count()).toBe(0);
    await page.goto(`${env.s.url}/catalog?section=allproducts`);
    await page.getByTestId('product-card').first().waitFor();
    await search(NEW);
    await page.getByTestId('catalog-count').getByText('0 products', { exact: true }).waitFor();
    await search(name);
    await card(id).waitFor();
    expect(await card(id).textContent()).toContain(name);
  }

  it('puts the server name back on the product and in search at once, and after an offline reload', async () => {
    const product = (await env.s.db.one<{ id: number; name: string }>("SELECT id, name FROM products WHERE sku = 'ACM-1012'"))!;
    context = await env.browser.newContext({ viewport: { width: 1300, height: 900 } }); // service workers allowed
    page = await context.newPage();
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
    await page.goto(`${env.s.url}/catalog`);
    await page.getByTestId('product-card').first().waitFor();
    await installServiceWorker(page);
    await page.goto(`${env.s.url}/product/${product.id}`);
    await page.getByRole('heading', { name: 'Info', exact: true }).waitFor();
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Name').fill(NEW);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('info-name').getByText(NEW).waitFor();
    await page.getByTestId('pending-indicator').getByText('1 pending').waitFor();

    await page.getByTestId('pending-indicator').click();
    const panel = page.getByRole('dialog', { name: 'Pending changes' });
    await panel.getByRole('button', { name: 'Discard' }).first().click();
    const confirm = page.getByRole('alertdialog', { name: 'Discard this change?' });
    await confirm.getByText(/The server’s version is restored\./).waitFor();
    await confirm.getByRole('button', { name: 'Discard change' }).click();
    await panel.getByText('Every change has reached the server.').waitFor();
    await page.keyboard.press('Escape');
    // At once, still offline: the product shows the server's name.
    await page.getByTestId('info-name').getByText(product.name, { exact: true }).waitFor();
    await page.screenshot({ path: '.tmp/offline-discard-product.png' });
    await checkRestored(product.id, product.name);
    await page.screenshot({ path: '.tmp/offline-discard-search.png' });

    // A cold start offline: the service worker serves the app, the mirror has the server's name.
    await page.reload();
    await page.getByTestId('product-card').first().waitFor();
    await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor();
    await checkRestored(product.id, product.name);

    await context.setOffline(false);
    expect((await env.s.db.one<{ name: string }>('SELECT name FROM products WHERE id = $1', [product.id]))!.name).toBe(
      product.name,
    );
  });
});
