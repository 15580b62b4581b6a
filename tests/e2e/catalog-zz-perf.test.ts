import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser.ts';
import { startPortal } from '../support/portal.ts';
import type { TestServer } from '../support/server.ts';
import { seedLargeCatalog } from '../../server/db/seed-large.ts';
import { signIn } from './shell-helpers.ts';

describe('perf', () => {
  let s: TestServer;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    [s, browser] = await Promise.all([startPortal(), launchChromium()]);
    const cid = (await s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Acme Living'"))!.id;
    await seedLargeCatalog(s.db, cid, 100_000);
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (e) => console.log('[pageerror]', e.message));
    await signIn(page, s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });
  it('measures', async () => {
    let t0 = Date.now();
    await page.goto(`${s.url}/catalog`);
    await page.getByTestId('product-card').first().waitFor({ timeout: 120_000 });
    console.log('[perf] cold first card ms', Date.now() - t0);
    await page.getByRole('dialog', { name: 'Loading' }).waitFor({ state: 'detached', timeout: 120_000 });
    console.log('[perf] cold popup closed ms', Date.now() - t0, await page.getByTestId('catalog-count').textContent());
    t0 = Date.now();
    await page.reload();
    await page.getByTestId('product-card').first().waitFor({ timeout: 120_000 });
    console.log('[perf] warm first card ms (incl. auth)', Date.now() - t0);
    await page.waitForFunction(() => document.querySelector('[data-testid="catalog-count"]')?.textContent?.startsWith('100'), undefined, { timeout: 60_000 });
    console.log('[perf] warm full index ms', Date.now() - t0, await page.getByTestId('catalog-count').textContent());
    const input = page.getByLabel('Name or SKU');
    await input.focus();
    const times: number[] = [];
    for (const ch of 'oslo sofa 12') {
      const before = await page.getByTestId('catalog-count').textContent();
      const ms = await page.evaluate(
        ({ ch, before }) =>
          new Promise<number>((resolve) => {
            const el = document.querySelector('[data-testid="catalog-count"]')!;
            const start = performance.now();
            const done = () => requestAnimationFrame(() => resolve(performance.now() - start));
            const mo = new MutationObserver(() => {
              if (el.textContent !== before) (mo.disconnect(), done());
            });
            mo.observe(el, { subtree: true, characterData: true, childList: true });
            const i = document.activeElement as HTMLInputElement;
            const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
            setter.call(i, i.value + ch);
            i.dispatchEvent(new Event('input', { bubbles: true }));
            setTimeout(() => (mo.disconnect(), resolve(-1)), 2000);
          }),
        { ch, before },
      );
      times.push(ms);
    }
    console.log('[perf] keystroke ms', times.map((t) => t.toFixed(1)).join(' '));
  });
});
