// The customers' template catalogue in real Chromium (document 2 §2.3, document 1 §2, §6): the public
// templates and the company's own, filtered by ambient chips (each toggles), by visibility and text;
// a customer with delete-template-access deletes only its own private ones; the keyboard enters the cards
// from the search and a zoomed card gets the focus back; without reader-template-access no menu item, the
// Dashboard, and no call the server refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addMember, createUser, grant } from '../../server/domain/accounts.ts';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call } from '../support/http.ts';
import { atRest, seriousViolations } from './shell-helpers.ts';
import { keyToSecondTemplateCard } from './layout-helpers.ts';
import { catalogCount, signInAs } from './registration-helpers.ts';

interface T {
  id: number;
  name: string;
  public: number;
  ambients: { id: number; name: string }[];
}

describe.skipIf(skipWithoutChromium('template catalogue e2e'))('customer template catalogue', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  let templates: T[];
  const expectCount = (n: number) => expect.poll(() => catalogCount(page), { timeout: 10_000 }).toBe(n);

  beforeAll(async () => {
    const cid = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Acme Living'"))!.id;
    const token = await env.s.tokenFor('manager@acme.test');
    templates = (await call(env.s, 'GET', '/gets/roomsets/templates/show', { token, query: { id_customer: cid } })).body
      .templates;
    context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await signInAs(page, env.s.url, 'manager@acme.test');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('shows the public templates and its own, and filters by ambient chips that toggle', async () => {
    await page.goto(`${env.s.url}/catalog_template`);
    await expectCount(templates.length);
    expect(templates.filter((t) => t.public === 1).length).toBeGreaterThan(0);
    await page.getByRole('combobox', { name: 'Visibility' }).selectOption({ label: 'Public' });
    await expectCount(templates.filter((t) => t.public === 1).length);
    await page.getByTestId('template-card').filter({ hasText: 'Studio Scene' }).first().waitFor();
    await page.getByRole('combobox', { name: 'Visibility' }).selectOption({ label: 'Public & Private' });

    const kitchen = (ids: number[]) => templates.filter((t) => t.ambients.some((a) => ids.includes(a.id))).length;
    const id = (n: string) => templates.flatMap((t) => t.ambients).find((a) => a.name === n)!.id;
    const chip = (n: string) => page.getByRole('group', { name: 'Ambients' }).getByRole('button', { name: n, exact: true });
    await chip('Kitchen').click();
    await expectCount(kitchen([id('Kitchen')]));
    expect(await chip('Kitchen').getAttribute('aria-pressed')).toBe('true');
    await chip('Office').click();
    await expectCount(kitchen([id('Kitchen'), id('Office')]));
    await chip('Kitchen').click();
    await expectCount(kitchen([id('Office')]));
    expect(new URL(page.url()).searchParams.get('ambients')).toBe(String(id('Office')));
    await chip('Office').click();
    await expectCount(templates.length);
    expect(new URL(page.url()).search).toBe('');
    // The thumbnail size: kept in the address, three columns when big.
    await page.getByRole('radio', { name: 'Big' }).check();
    await expect.poll(() => new URL(page.url()).searchParams.get('size')).toBe('big');
    await expect.poll(() => page.getByTestId('grid-row').first().getByTestId('grid-cell').count()).toBe(3);
    await page.getByRole('radio', { name: 'Medium' }).check();
    await expect.poll(() => new URL(page.url()).searchParams.get('size')).toBe(null);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a click on a picture zooms it (no template page for customers); delete only on its own private templates', async () => {
    await page.goto(`${env.s.url}/catalog_template?q=Studio%20Scene%201`);
    const pub = page.getByTestId('template-card').first();
    await pub.hover();
    expect(await pub.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect(await pub.getByRole('link').count()).toBe(0);
    await pub.locator('img').click();
    await page.getByRole('dialog').getByTestId('zoom-stage').waitFor();
    await page.keyboard.press('Escape');
    await page.goto(`${env.s.url}/catalog_template?q=Acme%20Room%2021&visibility=private`);
    const own = page.getByTestId('template-card').first();
    await own.hover();
    await own.getByRole('button', { name: /^Delete Acme Room 21/ }).waitFor();
  });

  it('the keyboard: ↓ from the search enters the cards, Enter zooms one, and Escape gives it back the focus', async () => {
    await page.goto(`${env.s.url}/catalog_template`);
    await expectCount(templates.length);
    const { ids, focusedCard } = await keyToSecondTemplateCard(page);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByTestId('zoom-stage').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(focusedCard).toBe(ids[1]);
  });

  it('without reader-template-access: no Template Catalog item, the Dashboard, and no call refused', async () => {
    const acme = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Acme Living'"))!.id;
    const role = (await env.s.db.one<{ id: number }>(
      `INSERT INTO roles (customer_id, name) VALUES ($1, 'No templates') RETURNING id`,
      [acme],
    ))!.id;
    await grant(env.s.db, role, ['dashboard-access', 'reader-info-access']);
    await addMember(
      env.s.db,
      await createUser(env.s.db, { name: 'No Templates', email: 'notemplates@acme.test', password: 'demo1234' }),
      acme,
      role,
    );
    const other = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
    const p = await other.newPage();
    // Every answer from the sign-in on: nothing the user may not see is asked for (no 403 in the console).
    const refused: string[] = [];
    p.on('response', (r) => void (r.status() === 403 && refused.push(new URL(r.url()).pathname)));
    try {
      await signInAs(p, env.s.url, 'notemplates@acme.test');
      // A new person accepts the terms of use first (document 1 §4).
      const terms = p.getByRole('dialog', { name: 'Terms of Use' });
      await terms.getByRole('switch', { name: 'I accept the terms of use' }).click();
      await terms.getByRole('button', { name: 'Accept' }).click();
      await terms.waitFor({ state: 'detached' });
      const menu = p.getByRole('navigation', { name: 'Main menu' });
      await menu.getByRole('link', { name: 'Dashboard' }).waitFor(); // its slug is answered: the menu is decided
      expect(await menu.getByRole('link', { name: 'Template Catalog' }).count()).toBe(0);
      await menu.getByRole('link', { name: 'Product Catalog' }).waitFor();
      await atRest(p);
      await p.goto(`${env.s.url}/catalog_template`);
      await p.waitForURL('**/dashboard');
      await menu.getByRole('link', { name: 'Dashboard' }).waitFor();
      expect(await menu.getByRole('link', { name: 'Template Catalog' }).count()).toBe(0);
      await atRest(p);
      expect(refused).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
