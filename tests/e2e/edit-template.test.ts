// Edit template in real Chromium (document 2 §2.5, §4, §8): staff open a template from the admin
// catalogue, change its name, visibility and client, drop an ambient and add a tag; one popup says
// 'Template saved successfully!' and the API has every change. The image is shown, not editable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call } from '../support/http.ts';
import { seriousViolations } from './shell-helpers.ts';
import { settled, signInAsStaffAdmin } from './registration-helpers.ts';

interface T {
  id: number;
  name: string;
  public: number;
  id_customer: number | null;
  image_name: string;
  ambients: { id: number; name: string }[];
  tags: { id: number; name: string }[];
}

describe.skipIf(skipWithoutChromium('edit template e2e'))('edit template', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const get = async (id: number) =>
    (await call(env.s, 'GET', '/template/get', { token, query: { id, id_customer: -1 } })).body.template as T;

  beforeAll(async () => {
    token = await env.s.tokenFor('staff@facet.test');
    context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await signInAsStaffAdmin(page, env.s.url);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('saves the info with the ambient and tag changes, in one result popup', async () => {
    const id = (await env.s.db.one<{ id: number }>("SELECT id FROM templates WHERE name = 'Acme Room 23'"))!.id;
    const before = await get(id);
    await page.goto(`${env.s.url}/admin/catalog_template?q=Acme%20Room%2023`);
    await page.getByRole('link', { name: 'Open Acme Room 23' }).click();
    await page.waitForURL(`**/template/${id}`);
    await page.getByRole('heading', { name: 'Acme Room 23' }).waitFor();
    await page.getByText('The image cannot be changed.').waitFor();
    expect(await page.getByLabel('Image', { exact: true }).count()).toBe(0);

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Acme Room 23 (north)');
    await page.getByLabel('Client').selectOption({ label: 'Borealis Home' });
    await page.getByRole('button', { name: `Remove ambient ${before.ambients[0]!.name}` }).click();
    const tags = page.getByLabel('Ambient Tags*');
    await tags.fill('Morning Light');
    await tags.press('Enter');
    await page.getByText('Tag created successfully!').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    const popup = page.getByRole('dialog', { name: 'Success' });
    await popup.getByText('Template saved successfully!').waitFor();
    await popup.getByRole('button', { name: 'OK' }).click();
    await settled(page);

    const after = await get(id);
    const borealis = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Borealis Home'"))!.id;
    expect(after).toMatchObject({
      name: 'Acme Room 23 (north)',
      public: 0,
      id_customer: borealis,
      image_name: before.image_name,
    });
    expect(after.ambients.map((a) => a.id)).toEqual(before.ambients.slice(1).map((a) => a.id));
    expect(after.tags.map((t) => t.name).sort()).toEqual([...before.tags.map((t) => t.name), 'Morning Light'].sort());
    // The catalogue shows the change.
    await page.getByRole('link', { name: 'Template Catalog' }).first().click();
    await page.getByLabel('Name or tag').fill('north');
    await page.getByTestId('template-card').filter({ hasText: 'Acme Room 23 (north)' }).waitFor();
  });

  it('refused: the popup is titled Error Saving Template, and the change waits in Pending changes', async () => {
    const id = (await env.s.db.one<{ id: number }>("SELECT id FROM templates WHERE name = 'Acme Room 24'"))!.id;
    await page.goto(`${env.s.url}/template/${id}`);
    await page.getByRole('heading', { name: 'Acme Room 24' }).waitFor();
    // Deleted meanwhile by someone else: whether or not a pull has taken the row off this device yet,
    // the form stays with what was typed, and the edit is refused (404).
    expect((await call(env.s, 'DELETE', '/template/delete', { token, query: { id } })).status).toBe(200);
    await page.getByLabel('Notes').fill('Too late');
    await page.getByRole('button', { name: 'Save' }).click();
    const popup = page.getByRole('dialog', { name: 'Error Saving Template' });
    await popup.getByText('Template not found.').waitFor();
    await popup.getByRole('button', { name: 'OK' }).click();
  });
});
