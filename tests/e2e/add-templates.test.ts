// Add templates in real Chromium (document 2 §2.4, §4, §5, §8): staff fill a batch of two templates
// (image, an ambient created with Enter, a tag), the checks name the failing template, a reload keeps
// the form (fields and image), SEND lands on /admin/catalog_template with both, checked through the API;
// a private template left on the Client select's default goes to that client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call } from '../support/http.ts';
import { seriousViolations } from './shell-helpers.ts';
import { draftStored, imageFile, settled, signInAsStaffAdmin } from './registration-helpers.ts';

describe.skipIf(skipWithoutChromium('add templates e2e'))('add templates', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await signInAsStaffAdmin(page, env.s.url);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('adds two templates (image, ambient created with Enter, tag) and shows them in the admin catalogue', async () => {
    await page.goto(`${env.s.url}/admin/template/add`);
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    // The server's limits are the form's, in the same words, as typed.
    await name.fill('n'.repeat(256));
    await page.getByText('The name field must not be greater than 255 characters.').waitFor();
    await name.fill('Sunlit Loft');
    await page.getByText('The name field must not be greater than 255 characters.').waitFor({ state: 'detached' });
    await page.getByLabel('Image', { exact: true }).setInputFiles(await imageFile('loft.png'));
    await page.getByRole('img', { name: 'loft.png' }).waitFor();
    // The labels of §2.4; Enter picks the first matching ambient, or creates a new one.
    const ambients = page.getByLabel('Ambient Type*');
    await ambients.fill('liv');
    await ambients.press('Enter');
    await page.getByRole('button', { name: 'Remove ambient Living Room' }).waitFor();
    await ambients.fill('Winter Garden');
    await ambients.press('Enter');
    await page.getByText('Ambient created successfully!').waitFor();
    await page.getByRole('button', { name: 'Remove ambient Winter Garden' }).waitFor();
    const tags = page.getByLabel('Ambient Tags*');
    await tags.fill('Sunny Corner');
    await tags.press('Enter');
    await page.getByText('Tag created successfully!').waitFor();
    // A name too long for the server is refused at Enter, in its words (§8's 'Error creating tag: ').
    await tags.fill('t'.repeat(101));
    await tags.press('Enter');
    const refusal = page.getByRole('dialog', { name: 'Error' });
    await refusal.getByText('Error creating tag: The name field must not be greater than 100 characters.').waitFor();
    await refusal.getByRole('button', { name: 'OK' }).click();
    // Public: no client chooser.
    await page.getByRole('radio', { name: 'Public' }).click();
    expect(await page.getByLabel('Client').count()).toBe(0);

    // A second template without an image or an ambient: both checks name it.
    await page.getByRole('button', { name: 'Add template' }).click();
    await name.fill('Quiet Study');
    await page.getByRole('button', { name: 'SEND' }).click();
    const error = page.getByRole('dialog', { name: 'Error' });
    await error.getByText('Template 2 has no image').waitFor();
    await error.getByText('Template 2 has no ambients').waitFor();
    await error.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Template 2 has no image').waitFor(); // under the field too

    // A reload keeps the whole form, image included.
    await draftStored(page, 'Quiet Study');
    await page.reload();
    await page.getByRole('button', { name: /Sunlit Loft/ }).click();
    await page.getByRole('img', { name: 'loft.png' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Sunlit Loft');
    await page.getByRole('button', { name: /Quiet Study/ }).click();
    await page.getByLabel('Image', { exact: true }).setInputFiles(await imageFile('study.jpg', '#6a7f9a'));
    await page.getByRole('img', { name: 'study.jpg' }).waitFor(); // checked, then added
    await page.getByLabel('Client').selectOption({ label: 'Borealis Home' });
    await page.getByLabel('Ambient Type*').fill('office');
    await page.getByLabel('Ambient Type*').press('Enter');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'SEND' }).click();
    await page.waitForURL('**/admin/catalog_template');
    await page.getByText('Templates sent successfully!').waitFor();
    await settled(page);
    for (const n of ['Sunlit Loft', 'Quiet Study'])
      await page.getByTestId('template-card').filter({ hasText: n }).first().waitFor();

    const token = await env.s.tokenFor('staff@facet.test');
    const all = (await call(env.s, 'GET', '/template/get_all', { token, query: { id_customer: -1 } })).body.templates as {
      name: string;
      public: number;
      id_customer: number | null;
      ambients: { name: string }[];
      tags: { name: string }[];
    }[];
    const loft = all.filter((t) => t.name === 'Sunlit Loft');
    const study = all.filter((t) => t.name === 'Quiet Study');
    expect(loft).toHaveLength(1);
    expect(study).toHaveLength(1);
    expect(loft[0]).toMatchObject({ public: 1, id_customer: null });
    expect(loft[0]!.ambients.map((a) => a.name).sort()).toEqual(['Living Room', 'Winter Garden']);
    expect(loft[0]!.tags.map((t) => t.name)).toEqual(['Sunny Corner']);
    const borealis = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Borealis Home'"))!.id;
    expect(study[0]).toMatchObject({ public: 0, id_customer: borealis, ambients: [{ name: 'Office' }] });
    // The form is empty again: a fresh template to fill in.
    await page.goto(`${env.s.url}/admin/template/add`);
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('button', { name: /Template 1/ }).count()).toBe(1);
  });

  // Issue 43: on a first visit the form was made before the customers list had arrived; the select then
  // showed "Acme Living" while SEND sent no client ("The id_customer field is required when public is 0.").
  it('sends a private template to the client the select shows by default', async () => {
    const fresh = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
    const p = await fresh.newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await p.route('**/backend/gets/customers/all/show**', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await signInAsStaffAdmin(p, env.s.url);
      await p.goto(`${env.s.url}/admin/template/add`);
      const client = p.getByLabel('Client');
      const shown = () => client.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent);
      // No list yet: nothing is shown as chosen (the first option would not be what is sent).
      await expect.poll(shown).toBe('Choose…');
      release();
      await expect.poll(shown).toBe('Acme Living');
      await p.getByRole('textbox', { name: 'Name', exact: true }).fill('Default Client Room');
      await p.getByLabel('Image', { exact: true }).setInputFiles(await imageFile('default.png'));
      await p.getByRole('img', { name: 'default.png' }).waitFor();
      await p.getByLabel('Ambient Type*').fill('liv');
      await p.getByLabel('Ambient Type*').press('Enter');
      await p.getByRole('button', { name: 'Remove ambient Living Room' }).waitFor();
      await p.getByRole('button', { name: 'SEND' }).click();
      await p.waitForURL('**/admin/catalog_template');
      await p.getByText('Templates sent successfully!').waitFor();
      await settled(p);
    } finally {
      release();
      await fresh.close();
    }
    const acme = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Acme Living'"))!.id;
    const row = await env.s.db.one<{ public: number; customer_id: number | null }>(
      "SELECT public, customer_id FROM templates WHERE name = 'Default Client Room'",
    );
    expect(row).toEqual({ public: 0, customer_id: acme });
  });
});
