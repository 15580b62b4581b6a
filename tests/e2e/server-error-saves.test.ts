// A server error is not "offline" (issue 43), in real Chromium: with the browser online and the server
// answering 500, a save says that the server answered with an error and that it will be tried again
// (Product Info with §8's 'Error updating product informations: {message}', My account with its call's
// error), the top bar says no "Offline", Pending changes says "Retrying" and why; once the server
// answers again the retry sends it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call } from '../support/http.ts';
import { SAVED_OFFLINE, SAVED_RETRYING } from '../../src/ui/notify.tsx';
import { settled } from './registration-helpers.ts';
import { signIn } from './shell-helpers.ts';
import { openUsers } from './users-helpers.ts';

const FAULT = { success: false, message: 'Internal server error.', request_id: 'req-43' };
const fail = (route: Route) => route.fulfill({ status: 500, json: FAULT });

describe.skipIf(skipWithoutChromium('server error saves e2e'))('a save the server answers with 500', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  const toast = (text: string) => page.locator('[data-sonner-toast]', { hasText: text });

  /** What the user reads after the save: the retry's words with the cause, nothing of "offline". */
  async function saysRetried(cause: string) {
    const said = toast(SAVED_RETRYING);
    await said.waitFor();
    await said.getByText(cause, { exact: true }).waitFor();
    expect(await toast(SAVED_OFFLINE).count()).toBe(0);
    expect(await page.getByText('Offline', { exact: true }).count()).toBe(0);
    await page.getByTestId('pending-indicator').click();
    const panel = page.getByRole('dialog', { name: 'Pending changes' });
    const action = panel.getByTestId('pending-action').first();
    await action.getByText('Retrying', { exact: true }).waitFor();
    await action.getByText(cause, { exact: true }).waitFor();
    expect(await panel.getByText(/You are offline/).count()).toBe(0);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1300, height: 900 } });
    page = await context.newPage();
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('Product Info: the retry in §8 words, then sent once the server answers', async () => {
    const token = await env.s.tokenFor('manager@acme.test');
    const { id, customer_id: cid } = (await env.s.db.one<{ id: number; customer_id: number }>(
      "SELECT id, customer_id FROM products WHERE sku = 'ACM-1010'",
    ))!;
    await page.goto(`${env.s.url}/product/${id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('form', { name: 'Edit product information' }).getByLabel('Finish').fill('Retried finish');
    const edit = '**/backend/puts/product/edit';
    await page.route(edit, fail);
    await page.getByRole('button', { name: 'Save' }).click();
    await saysRetried('Error updating product informations: Internal server error.');
    await page.unroute(edit);
    await settled(page);
    const p = await call(env.s, 'GET', '/gets/product', { token, query: { id_product: id, id_customer: cid } });
    expect(p.body.product.finish).toBe('Retried finish');
  });

  it('My account: the retry with its call’s error, then sent once the server answers', async () => {
    await openUsers(page, env.s.url, 'account');
    await page.getByRole('textbox', { name: 'Phone' }).fill('+1 555 0143');
    const edit = '**/backend/user/edit';
    await page.route(edit, fail);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await saysRetried('Error: Internal server error.');
    await page.unroute(edit);
    await settled(page);
    const row = await env.s.db.one<{ phone: string }>("SELECT phone FROM users WHERE email = 'manager@acme.test'");
    expect(row!.phone).toBe('+1 555 0143');
  });
});
