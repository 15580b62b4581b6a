// The product catalogue's filters in the URL in real Chromium: a copied address opens the same view
// (section, text, automation, size), back and forward step through filter changes, the default view
// is a clean URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call } from '../support/http.ts';
import { catalogCount, signInAs } from './registration-helpers.ts';

describe.skipIf(skipWithoutChromium('catalogue deep links e2e'))('product catalogue deep links', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  let products: { id: number; sku: string; name: string; automation_system: number }[];
  const expectCount = (n: number) => expect.poll(() => catalogCount(page), { timeout: 10_000 }).toBe(n);

  beforeAll(async () => {
    const cid = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Acme Living'"))!.id;
    const token = await env.s.tokenFor('manager@acme.test');
    products = (await call(env.s, 'GET', '/gets/product/show', { token, query: { id_customer: cid } })).body.products;
    context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await signInAs(page, env.s.url, 'manager@acme.test');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('reopens a filtered view from its URL, and steps back and forward through filter changes', async () => {
    const sent = products.filter((p) => p.automation_system === 1 && `${p.name}\n${p.sku}`.toLowerCase().includes('acm-10'));
    expect(sent.length).toBeGreaterThan(0);
    await page.goto(`${env.s.url}/catalog?section=allproducts&q=ACM-10&automation=sent&size=big`);
    await expectCount(sent.length);
    expect(await page.getByLabel('Name or SKU').inputValue()).toBe('ACM-10');
    expect(await page.getByLabel('Automation').inputValue()).toBe('1');
    expect(await page.getByRole('radio', { name: 'Big' }).isChecked()).toBe(true);

    await page.getByLabel('Automation').selectOption({ label: 'All' });
    await expect.poll(() => new URL(page.url()).searchParams.get('automation')).toBeNull();
    const all = products.filter((p) => `${p.name}\n${p.sku}`.toLowerCase().includes('acm-10')).length;
    await expectCount(all);
    await page.goBack();
    await expectCount(sent.length);
    await page.goForward();
    await expectCount(all);

    // Clearing every filter gives the clean URL of the section.
    await page.getByLabel('Name or SKU').fill('');
    await page.getByRole('radio', { name: 'Medium' }).check();
    await expect.poll(() => new URL(page.url()).search).toBe('?section=allproducts');
    await expectCount(products.length);
  });

  it('a card clicked within a moment of typing a filter opens the product, however slowly its screen loads', async () => {
    // The typed filter is written to the URL 400 ms after the last key; the router loads the next
    // screen before the URL moves, so that write used to start a navigation back to the catalogue.
    // The page's clock is ours: the write falls due (its 400 ms run on that clock) while every
    // script and style of the product screen is held, and only then do they come.
    const slow = await context.newPage();
    await slow.clock.install();
    await slow.goto(`${env.s.url}/catalog?section=allproducts`);
    const id = products[products.length - 1]!.id;
    const card = slow.locator(`[data-testid="product-card"][data-id="${id}"]`);
    await slow.getByTestId('product-card').first().waitFor();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let asked!: () => void;
    const loading = new Promise<void>((r) => (asked = r));
    await slow.route('**/assets/**', async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await slow.clock.pauseAt(Date.now() + 60_000);
    await slow.getByLabel('Id', { exact: true }).fill(String(id));
    await card.click();
    await loading; // the product screen is on its way
    await slow.clock.runFor(1_000); // the typed filter's write falls due while it is held
    release();
    await slow.clock.resume();
    // A busy machine may need longer than the default 30 s for the product screen.
    await slow
      .getByRole('heading', { name: 'Info', exact: true })
      .waitFor({ timeout: 90_000 })
      .catch((err: Error) => {
        throw new Error(`${err.message}\nThe page was at ${slow.url()}`);
      });
    expect(new URL(slow.url()).pathname).toBe(`/product/${id}`);
    await slow.close();
  });
});
