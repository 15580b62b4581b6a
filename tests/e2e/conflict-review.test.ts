// Issue 43, data a person loses, in real Chromium with two people: A edits a product's collection
// offline while B changes its finish online; when A reconnects, Pending changes offers Review the
// conflict (never Retry), the field-by-field view names the fields as the form does, and Keep mine
// leaves both changes on the server. Then a product B deleted: A's change says so and Register it
// again brings its values into Add Products.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call } from '../support/http.ts';
import { settled } from './registration-helpers.ts';
import { signIn } from './shell-helpers.ts';

describe.skipIf(skipWithoutChromium('conflict review e2e'))('a conflict, reviewed', () => {
  const env = usePortalAndBrowser();
  const contexts: BrowserContext[] = [];
  let a: Page;
  let cid: number;
  let token: string;
  const idOf = async (sku: string) => (await env.s.db.one<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku]))!.id;
  const person = async () => {
    const context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
    return page;
  };
  const openProduct = async (page: Page, id: number) => {
    await page.goto(`${env.s.url}/product/${id}`);
    await page.getByRole('heading', { name: 'Info', exact: true }).waitFor();
  };
  const editOffline = async (field: string, value: string) => {
    await a.context().setOffline(true);
    await a.getByRole('button', { name: 'Edit' }).click();
    await a.getByLabel(field, { exact: true }).fill(value);
    await a.getByRole('button', { name: 'Save' }).click();
    await a.getByTestId('pending-indicator').getByText('1 pending').waitFor();
  };

  beforeAll(async () => {
    cid = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Acme Living'"))!.id;
    token = await env.s.tokenFor('manager@acme.test');
    a = await person();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it('Review the conflict, not Retry; Keep mine leaves both changes on the server', async () => {
    const id = await idOf('ACM-1015');
    await openProduct(a, id);
    await editOffline('Collection', 'Collection by A');

    // B, online in another browser, changes another field of the same product.
    const b = await person();
    await openProduct(b, id);
    await b.getByRole('button', { name: 'Edit' }).click();
    await b.getByLabel('Finish', { exact: true }).fill('Finish by B');
    await b.getByRole('button', { name: 'Save' }).click();
    await settled(b);

    // A reconnects: the edit meets B's version. The product page says so at once; A looks later.
    await a.context().setOffline(false);
    const title = 'This product was changed by someone else';
    await a.getByRole('dialog', { name: title }).waitFor({ timeout: 20_000 });
    await a.keyboard.press('Escape');
    await a.getByTestId('pending-indicator').click();
    const panel = a.getByRole('dialog', { name: 'Pending changes' });
    const change = panel.getByTestId('pending-action');
    await change.getByText('Conflict', { exact: true }).waitFor();
    expect(await change.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await change.getByRole('button', { name: 'Review the conflict' }).click();

    const view = a.getByRole('dialog', { name: title });
    const rows = view.getByTestId('conflict-fields').locator('tbody tr');
    await rows.first().waitFor();
    // Labels as the form shows them; each row says whose value stays.
    expect(await rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)))).toEqual([
      ['Collection', expect.any(String), 'Collection by A', expect.any(String), 'Mine'],
      ['Finish', expect.any(String), expect.any(String), 'Finish by B', 'Theirs'],
    ]);
    // No developer key ("collection", "id_customer") names a row.
    for (const th of await view.getByTestId('conflict-fields').locator('tbody th').allTextContents())
      expect(th).toMatch(/^[A-Z][^_]*$/);
    mkdirSync('/tmp/shots', { recursive: true });
    await a.screenshot({ path: '/tmp/shots/conflict-review.png' });
    await view.getByRole('button', { name: 'Keep mine' }).click();
    await view.waitFor({ state: 'detached' });
    await settled(a);
    const server = (await call(env.s, 'GET', '/gets/product', { token, query: { id_product: id, id_customer: cid } })).body
      .product;
    expect(server).toMatchObject({ collection: 'Collection by A', finish: 'Finish by B' });
    await a.getByTestId('info-name').waitFor();
    expect(await a.getByText('Collection by A').count()).toBeGreaterThan(0);
  });

  it('a product deleted by someone else: its words, no Fix, and Register it again fills Add Products', async () => {
    const id = await idOf('ACM-1016');
    await openProduct(a, id);
    await editOffline('Collection', 'Kept for a new product');
    expect(
      (await call(env.s, 'DELETE', '/deletes/product/squedule', { token, query: { id_product: id, id_customer: cid } })).status,
    ).toBe(200);
    await a.context().setOffline(false);
    const popup = a.getByRole('dialog', { name: 'Error' });
    await popup.getByText('This product was deleted by someone else.').waitFor({ timeout: 20_000 });
    expect(await popup.getByRole('button', { name: 'Fix' }).count()).toBe(0);
    await popup.getByRole('button', { name: 'Register it again' }).click();
    await a.waitForURL('**/product/add');
    await expect.poll(() => a.getByLabel('Collection', { exact: true }).inputValue()).toBe('Kept for a new product');
    expect(await a.getByLabel('SKU', { exact: true }).inputValue()).toBe('ACM-1016');
    // The stale change is gone from Pending changes.
    await settled(a);
  });
});
