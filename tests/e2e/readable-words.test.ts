// Words a person can read (issue 26): an action that needs a connection says so and is off while
// offline (Download All, the tailor request, the service request); a call that gets no answer or a
// 5xx is worded (never "Network Error", never JSON); the public pages answer a wrong or rotated share
// key with a small page in the product's look, status 404.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_TEXT, UNAVAILABLE_TITLE } from '../../src/entries/unavailable.ts';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call } from '../support/http.ts';
import { loaded, openSection } from './imagery-helpers.ts';
import { signIn } from './shell-helpers.ts';

describe.skipIf(skipWithoutChromium('readable words e2e'))('words a person can read', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  let productId: number;
  let cid: number;
  let token: string;
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const offline = async (on: boolean) => {
    await context.setOffline(on);
    await page.getByText('You are offline.', { exact: false }).waitFor({ state: on ? 'visible' : 'detached' });
  };

  beforeAll(async () => {
    // A product with customer uploads in silo, so its Download All is the server's zip.
    productId = (await env.s.db.one<{ id: number }>("SELECT min(product_id) AS id FROM product_uploads WHERE section = 'silo'"))!
      .id;
    cid = (await env.s.db.one<{ id: number }>('SELECT customer_id AS id FROM products WHERE id = $1', [productId]))!.id;
    const email =
      (await env.s.db.one<{ name: string }>('SELECT name FROM customers WHERE id = $1', [cid]))!.name === 'Acme Living'
        ? 'manager@acme.test'
        : 'manager@borealis.test';
    token = await env.s.tokenFor(email);
    context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 1000 } });
    page = await context.newPage();
    await signIn(page, env.s.url, email);
    await page.waitForURL('**/dashboard');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('offline, Download All and the tailor request are off and say they need a connection', async () => {
    await openSection(page, env.s.url, productId, 'silo');
    await loaded(page);
    expect(await button('Download All Images').isEnabled()).toBe(true);
    await offline(true);
    const download = button('Download All Images');
    expect(await download.isDisabled()).toBe(true);
    await page.getByText('Downloading the images needs a connection.').waitFor();
    expect(await download.getAttribute('aria-describedby')).toBeTruthy();
    const tailor = button('Click here to be contacted');
    expect(await tailor.isDisabled()).toBe(true);
    await page.getByText('Asking the studio needs a connection.').waitFor();
    await page.screenshot({ path: '.tmp/words-offline-silo.png' });
    await page.locator('section[aria-labelledby="uploads-heading"]').screenshot({ path: '.tmp/words-offline-download.png' });
    await offline(false);
    expect(await download.isEnabled()).toBe(true);
  });

  it('a call that gets no answer, or a 5xx, is worded: the action needs a connection, or the request id', async () => {
    await openSection(page, env.s.url, productId, 'silo');
    await loaded(page);
    // The browser thinks it is online, but the request is lost on its way.
    const zip = '**/backend/gets/product/zip/images-uploaded**';
    await page.route(zip, (r) => r.abort('internetdisconnected'));
    await button('Download All Images').click();
    const popup = page.getByRole('dialog', { name: 'Error' });
    await popup
      .getByText('Error: Downloading the images needs a connection. Check that you are online, then try again.')
      .waitFor();
    expect(await popup.textContent()).not.toMatch(/Network Error|\{"success"/);
    await popup.getByRole('button', { name: 'OK' }).click();
    await page.unroute(zip);

    await page.route('**/backend/posts/email/request/service/tailor/send**', (r) =>
      r.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Internal server error.', request_id: 'req-4711' }),
      }),
    );
    await button('Click here to be contacted').click();
    await popup.getByText(/^Error: Something went wrong on our side \(request req-4711\)\./).waitFor();
    await popup.getByRole('button', { name: 'OK' }).click();
  });

  it('offline, the service request is off and says why', async () => {
    await page.goto(`${env.s.url}/catalog?section=templates`);
    await page.getByTestId('scene-card').first().getByRole('checkbox').check();
    await offline(true);
    expect(await button('Request service').isDisabled()).toBe(true);
    await page.getByText('Requesting a service needs a connection.').waitFor();
    await page.screenshot({ path: '.tmp/words-offline-service.png' });
    await offline(false);
    expect(await button('Request service').isEnabled()).toBe(true);
  });

  describe('the public pages with a wrong or rotated key', () => {
    let key: string;
    let presetId: number;
    beforeAll(async () => {
      key = (await call(env.s, 'GET', '/gets/product/share-key', { token, query: { id_product: productId, id_customer: cid } }))
        .body.key;
      presetId = (await env.s.db.one<{ id: number }>(
        "SELECT min(id) AS id FROM product_presets WHERE product_id = $1 AND section = '360'",
        [productId],
      ))!.id;
    });

    it.each([
      ['/iframe/360', () => `id_product=${productId}&id_customization=${presetId}&frames=24&key=wrong${key}`],
      ['/viewer/', () => `id_product=${productId}&key=wrong${key}`],
    ])('%s answers 404 with the small page in the product’s look', async (path, query) => {
      const visitor = await env.browser.newPage();
      try {
        const res = await visitor.goto(`${env.s.url}${path}?${query()}`);
        expect(res!.status()).toBe(404);
        const body = await res!.text();
        expect(body).not.toContain('{"success"');
        await visitor.getByRole('heading', { name: UNAVAILABLE_TITLE }).waitFor();
        await visitor.getByText(UNAVAILABLE_TEXT).waitFor();
        await visitor.evaluate(() => document.fonts.ready);
        const font = await visitor.getByRole('heading').evaluate((h) => getComputedStyle(h).fontFamily);
        expect(font).toMatch(/^"?Inter Variable"?/);
        expect(await visitor.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
        await visitor.screenshot({ path: `.tmp/unavailable-${path.replace(/\W+/g, '') || 'page'}.png` });
      } finally {
        await visitor.close();
      }
    });

    it('a spin whose key is rotated while it is open shows the same page on its next ask', async () => {
      const visitor = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 800, height: 600 } });
      const spin = await visitor.newPage();
      try {
        await spin.clock.install();
        // The first answer: frames still being made, so the page asks again later (the real server answers that one).
        let first = true;
        await spin.route(/\/backend\/public\/360\?/, (r) => {
          if (!first) return r.fallback();
          first = false;
          return r.fulfill({
            contentType: 'application/json',
            body: JSON.stringify({
              success: true,
              name: 'Oak chair',
              sku: 'X',
              width: 0,
              height: 0,
              status: 'rendering',
              frames: [],
            }),
          });
        });
        const res = await spin.goto(
          `${env.s.url}/iframe/360?id_product=${productId}&id_customization=${presetId}&frames=24&key=${key}`,
        );
        expect(res!.status()).toBe(200);
        await spin.getByText('This 360 view is being prepared.', { exact: false }).waitFor();
        const rotated = await call(env.s, 'POST', '/posts/product/share-key/rotate', {
          token,
          body: { id_product: productId, id_customer: cid },
        });
        expect(rotated.status).toBe(200);
        const asked = spin.waitForResponse(/\/backend\/public\/360\?/);
        await spin.clock.runFor(10_000);
        expect((await asked).status()).toBe(404);
        await spin.getByRole('heading', { name: UNAVAILABLE_TITLE }).waitFor();
        expect(await spin.locator('body').textContent()).not.toContain('{"success"');
      } finally {
        await visitor.close();
      }
    });
  });
});
