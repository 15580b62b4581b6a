// Route guards in real Chromium (issue 17): the viewer (no register-products, no dashboard-access)
// is sent from /product/add through the Dashboard's rule to the Catalog; /config/user opens for
// everyone signed in; a one-segment path is a profile only for the id of a user the caller may
// see, anything else shows "Page not found" with a way home.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { seriousViolations, signIn } from './shell-helpers.ts';

describe.skipIf(skipWithoutChromium('route guards e2e'))('route guards', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  const userId = async (email: string) =>
    (await env.s.db.one<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))!.id;

  beforeAll(async () => {
    context = await env.browser.newContext({ serviceWorkers: 'block' });
    page = await context.newPage();
    await signIn(page, env.s.url, 'viewer@acme.test');
    await page.waitForURL(/\/catalog(\?|$)/);
  });
  afterAll(async () => context?.close());

  it('sends the viewer from /product/add to the Dashboard, whose rule sends it to the Catalog', async () => {
    await page.goto(`${env.s.url}/product/add`);
    await page.waitForURL(/\/catalog(\?|$)/);
    await page.getByRole('heading', { name: 'Product Catalog' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Add Products' }).count()).toBe(0);
  });

  it('opens /config/user to the viewer', async () => {
    await page.goto(`${env.s.url}/config/user`);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/config/user');
  });

  it('shows Not found with a way home for /foo, /settings and a user the viewer may not see', async () => {
    const stranger = await userId('manager@borealis.test');
    for (const path of ['/foo', '/settings', '/99999', `/${stranger}`]) {
      await page.goto(`${env.s.url}${path}`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Achievements' }).count(), path).toBe(0);
      expect(new URL(page.url()).pathname, path).toBe(path);
      expect(await page.title()).toBe('Facet | Page not found');
    }
    await page.screenshot({ path: '.tmp/not-found.png' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to the Dashboard' }).click();
    await page.waitForURL(/\/catalog(\?|$)/); // the Dashboard's rule for the viewer
  });

  it('shows the profile of a team member and of oneself', async () => {
    for (const email of ['manager@acme.test', 'viewer@acme.test']) {
      await page.goto(`${env.s.url}/${await userId(email)}`);
      await page.getByRole('heading', { name: 'Achievements' }).waitFor();
    }
  });

  it('two unknown segments are Not found too, also signed out', async () => {
    const fresh = await (await env.browser.newContext({ serviceWorkers: 'block' })).newPage();
    await fresh.goto(`${env.s.url}/foo/bar`);
    await fresh.getByRole('heading', { name: 'Page not found' }).waitFor();
    await fresh.context().close();
  });
});
