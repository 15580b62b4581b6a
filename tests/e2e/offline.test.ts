// Offline in real Chromium (DESIGN "Offline model", issue 4): once the service worker controls
// the page, going offline and reloading still shows the catalogue and a product's Info; an Info
// edit made offline waits in the outbox (the indicator shows 1) and reaches the server when the
// network returns, after which the indicator clears.
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeContexts, skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call } from '../support/http.ts';
import { installServiceWorker, signIn } from './shell-helpers.ts';
import { catalogCount } from './registration-helpers.ts';

describe.skipIf(skipWithoutChromium('offline e2e'))('offline', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;

  // Runs before usePortalAndBrowser's afterAll (hooks run in reverse): the page is closed before its CSP check.
  afterAll(() => closeContexts([context]));

  it('browses and edits offline; the change reaches the server when back online', async () => {
    const product = (await env.s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1010'"))!;
    const cid = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Acme Living'"))!.id;
    // A context of its own per attempt: a retry must not start signed in, offline, with a worker.
    await context?.close();
    context = await env.browser.newContext({ viewport: { width: 1300, height: 900 } }); // service workers allowed
    page = await context.newPage();
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
    await page.goto(`${env.s.url}/catalog`);
    await page.getByTestId('product-card').first().waitFor();
    // The installed app: the worker must be active. Root registers it only when import.meta.env.PROD,
    // which the e2e build (made under NODE_ENV=test) leaves false, so register the same /sw.js here.
    await installServiceWorker(page);
    // A page loaded after activation is controlled; visit the product online once (its rights are remembered).
    await page.goto(`${env.s.url}/product/${product.id}`);
    await page.getByRole('heading', { name: 'Info', exact: true }).waitFor();
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

    await context.setOffline(true);
    await page.goto(`${env.s.url}/catalog?section=allproducts`);
    await page.getByTestId('product-card').first().waitFor();
    expect(await catalogCount(page)).toBeGreaterThan(50);
    await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor();
    await page.getByLabel('Id', { exact: true }).fill(String(product.id));
    await page.locator(`[data-testid="product-card"][data-id="${product.id}"]`).click();
    await page.getByRole('heading', { name: 'Info', exact: true }).waitFor();
    await page.reload(); // a cold start of the product page, offline
    await page.getByRole('heading', { name: 'Info', exact: true }).waitFor();
    expect(await page.title()).toBe('Facet | ACM-1010');

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Name').fill('Renamed offline');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('info-name').getByText('Renamed offline').waitFor();
    // Offline, the toast says where the change is; the banner says what happens next.
    await page.getByText('Saved on this device. It will be sent when you are back online', { exact: true }).waitFor();
    await page.getByText('You are offline. Changes are saved on this device and sent when you reconnect.').waitFor();
    const indicator = page.getByTestId('pending-indicator');
    await indicator.getByText('1 pending').waitFor();

    await context.setOffline(false);
    await indicator.waitFor({ state: 'detached', timeout: 20_000 });
    const token = await env.s.tokenFor('manager@acme.test');
    const r = await call(env.s, 'GET', '/gets/product', { token, query: { id_product: product.id, id_customer: cid } });
    expect(r.body.product.name).toBe('Renamed offline');
  });
});
