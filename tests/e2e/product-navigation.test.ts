// Navigation that explains itself (issue 26): an unknown product id and a product of a company the
// user is not in both show Not found, the same page; a product of another of the user's companies
// offers to switch, and after the switch the product opens; offline, a product this device does not
// hold is Not found when the company's list is complete here, else it needs a connection (and opens
// once the connection is back). An unknown template id is Not found too.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { atRest, signIn } from './shell-helpers.ts';

describe.skipIf(skipWithoutChromium('product navigation e2e'))('navigation that explains itself', () => {
  const env = usePortalAndBrowser();
  const contexts: BrowserContext[] = [];
  const productOf = async (company: string) =>
    (await env.s.db.one<{ id: number; sku: string }>(
      'SELECT p.id, p.sku FROM products p JOIN customers c ON c.id = p.customer_id WHERE c.name = $1 AND p.deleted_at IS NULL ORDER BY p.id LIMIT 1',
      [company],
    ))!;
  const companyId = async (name: string) =>
    (await env.s.db.one<{ id: number }>('SELECT id FROM customers WHERE name = $1', [name]))!.id;

  async function session(email: string): Promise<Page> {
    const context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, env.s.url, email);
    await page.waitForURL(/\/(dashboard|catalog)/);
    return page;
  }
  /** In-app navigation (no page load), as a link would: it works offline without a service worker. */
  const navigate = (page: Page, path: string) =>
    page.evaluate((p) => {
      history.pushState({}, '', p);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  const notFound = (page: Page) => page.getByTestId('not-found');
  const notFoundText = async (page: Page) => (await notFound(page).textContent())!.trim();

  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  let manager: Page;
  beforeAll(async () => {
    manager = await session('manager@acme.test');
  });

  it('an unknown id and a product of a company the user is not in show the same Not found', async () => {
    await manager.goto(`${env.s.url}/product/999999`);
    await notFound(manager).getByRole('heading', { name: 'Page not found' }).waitFor();
    const unknown = await notFoundText(manager);
    expect(manager.url()).toMatch(/\/product\/999999$/);

    const foreign = await productOf('Borealis Home');
    await manager.goto(`${env.s.url}/product/${foreign.id}`);
    await notFound(manager).waitFor();
    expect(await notFoundText(manager)).toBe(unknown);
    expect(await manager.getByText(foreign.sku).count()).toBe(0);
    await manager.screenshot({ path: '.tmp/nav-not-found.png' });

    await manager.goto(`${env.s.url}/product/abc`);
    await notFound(manager).waitFor();
    await manager.goto(`${env.s.url}/template/999999`);
    await notFound(manager).waitFor();
  });

  it('a product of another of the user’s companies offers the switch; after it the product opens', async () => {
    const page = await session('multi@facet.test');
    const company = page.getByLabel('Company');
    if ((await company.inputValue()) !== String(await companyId('Borealis Home'))) {
      // Choosing a company reloads the page where it is: wait for that load, not for the address (unchanged).
      const reloaded = page.waitForEvent('load');
      await company.selectOption(String(await companyId('Borealis Home')));
      await reloaded;
    }
    const acme = await productOf('Acme Living');
    await page.goto(`${env.s.url}/product/${acme.id}`);
    await page.getByRole('heading', { name: 'This product belongs to Acme Living' }).waitFor();
    await page.getByText('You are working in Borealis Home.', { exact: false }).waitFor();
    await page.screenshot({ path: '.tmp/nav-switch-company.png' });
    await page.getByRole('button', { name: 'Switch to Acme Living' }).click();
    await page.getByTestId('product-sku').getByText(acme.sku).waitFor();
    expect(page.url()).toMatch(new RegExp(`/product/${acme.id}$`));
    expect(await page.getByLabel('Company').inputValue()).toBe(String(await companyId('Acme Living')));
  });

  it('offline with the whole list here, a product the device does not hold is Not found', async () => {
    // The product screen's code is on the device (as the installed app's precache holds it; this
    // context blocks service workers): opened online once, then back to the list in the app.
    const own = await productOf('Acme Living');
    await manager.goto(`${env.s.url}/product/${own.id}`);
    await manager.getByTestId('product-sku').getByText(own.sku).waitFor();
    await navigate(manager, '/catalog');
    await manager.getByRole('heading', { name: 'Product Catalog' }).waitFor();
    await atRest(manager);
    await manager.context().setOffline(true);
    try {
      await navigate(manager, '/product/999999');
      await notFound(manager).getByRole('heading', { name: 'Page not found' }).waitFor();
    } finally {
      await manager.context().setOffline(false);
    }
  });

  it('offline before the list has arrived, it says opening needs a connection, and opens once back online', async () => {
    const context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    // The company's product list never arrives on this device.
    const list = '**/backend/gets/product/show**';
    await context.route(list, (r) => r.abort('internetdisconnected'));
    const page = await context.newPage();
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
    await page.getByText('Rounds Review').first().waitFor(); // the router and the shell are up
    const [product, other] = await env.s.db.query<{ id: number; sku: string }>(
      "SELECT p.id, p.sku FROM products p JOIN customers c ON c.id = p.customer_id WHERE c.name = 'Acme Living' AND p.deleted_at IS NULL ORDER BY p.id LIMIT 2",
    );
    // Online, another product opens (so the product screen's code is here: no service worker in this test).
    await page.goto(`${env.s.url}/product/${other!.id}`);
    await page.getByTestId('product-sku').getByText(other!.sku).waitFor();
    await context.setOffline(true);
    await navigate(page, `/product/${product!.id}`);
    await page.getByRole('heading', { name: 'This product is not on this device yet' }).waitFor();
    await page.getByText('Opening it needs a connection.', { exact: false }).waitFor();
    expect(await notFound(page).count()).toBe(0);
    await page.screenshot({ path: '.tmp/nav-needs-connection.png' });
    await context.unroute(list);
    await context.setOffline(false);
    await page.getByTestId('product-sku').getByText(product!.sku).waitFor();
  });
});
