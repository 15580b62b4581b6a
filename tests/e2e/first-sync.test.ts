// A big company's first sync in real Chromium: the catalogue fills page by page under a progress
// band ("Syncing products: 5,000 of 12,000"), and after a dropped page and a reload the walk goes on
// from the last page written, not from zero.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seedLargeCatalog } from '../../server/db/seed-large.ts';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { catalogCount, signInAs } from './registration-helpers.ts';
import { holdRequests } from './shell-helpers.ts';

const TOTAL = 12_000;

describe.skipIf(skipWithoutChromium('first sync e2e'))('first sync of a big company', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const bor = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name LIKE 'Borealis%'"))!.id;
    const seeded = (await env.s.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM products WHERE customer_id = $1 AND deleted_at IS NULL',
      [bor],
    ))!.n;
    await seedLargeCatalog(env.s.db, bor, TOTAL - seeded);
    context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
  }, 120_000);
  afterAll(async () => {
    await context?.close();
  });

  it('shows the pages as they arrive, and resumes after a dropped page and a reload', async () => {
    const asked: (string | null)[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.endsWith('/gets/product/show')) asked.push(u.searchParams.get('before'));
    });
    // The last range (from=0) is dropped: the other two pages (10,000 rows) are written, and the walk
    // stops there. Chosen by its range, not by arrival: the two later pages are asked side by side.
    let dropped: string | null = null;
    await context.route('**/gets/product/show?*', (route) => {
      const u = new URL(route.request().url());
      if (u.searchParams.get('from') !== '0') return route.continue();
      dropped = u.searchParams.get('before');
      return route.abort('connectionreset');
    });
    await signInAs(page, env.s.url, 'manager@borealis.test');
    await page.goto(`${env.s.url}/catalog`);
    await expect.poll(() => catalogCount(page), { timeout: 30_000 }).toBe(10_000);
    expect(asked[0]).toBeNull();
    expect(Number(dropped)).toBeGreaterThan(0);
    await context.unroute('**/gets/product/show?*');

    // A reload: the first list call asks for the page after the last one written.
    asked.length = 0;
    await page.reload();
    const band = page.getByTestId('sync-progress');
    await expect.poll(() => catalogCount(page), { timeout: 30_000 }).toBe(TOTAL);
    expect(asked[0]).toBe(dropped);
    expect(asked.filter((b) => b === null)).toHaveLength(0);
    await expect.poll(() => band.count()).toBe(0);
  });

  it('shows "Syncing products: n of total" while the walk is under way', async () => {
    // A fresh device (a new context): the band is there from the first page on.
    const fresh = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
    const p = await fresh.newPage();
    // The first page goes; the others wait until the band has been read.
    const pages = await holdRequests(fresh, '**/gets/product/show?*');
    pages.release();
    await signInAs(p, env.s.url, 'manager@borealis.test');
    const band = p.getByTestId('sync-progress');
    await band.getByText(/^Syncing products: 5,000 of 12,000$/).waitFor({ timeout: 20_000 });
    await p.screenshot({ path: '.tmp/first-sync-band.png' });
    pages.releaseAll();
    await band.waitFor({ state: 'detached', timeout: 30_000 });
    await fresh.close();
  });
});
