// Session, companies, permissions, menus and logout in real Chromium (document 1 §2, §4, §6).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { localRows, seriousViolations, signIn, tokenCookie } from './shell-helpers.ts';
import { changeByHand } from '../support/by-hand.ts';

describe.skipIf(skipWithoutChromium('shell session e2e'))('session and menus', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  const companyId = async (name: string) =>
    (await env.s.db.one<{ id: number }>('SELECT id FROM customers WHERE name = $1', [name]))!.id;
  beforeEach(async () => {
    context = await env.browser.newContext({ serviceWorkers: 'block' });
    page = await context.newPage();
  });
  afterEach(async () => context.close());

  it('staff switch to the provider context (-1) and land on /admin with the admin menu', async () => {
    await signIn(page, env.s.url, 'staff@facet.test');
    await page.waitForURL('**/dashboard');
    const company = page.getByLabel('Company');
    expect(await company.locator('option').first().textContent()).toBe('Facet Studio');
    await company.selectOption('-1');
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Manage Accounts' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Admin menu' });
    await menu.getByRole('link', { name: 'Retailer' }).waitFor();
    await menu.getByRole('link', { name: 'Add Templates' }).waitFor();
    // Non-admin paths redirect to /admin while -1 is chosen.
    await page.goto(`${env.s.url}/catalog`);
    await page.waitForURL('**/admin');
    // Choosing a company in the admin menu goes to /dashboard.
    await page.getByLabel('Company').selectOption(String(await companyId('Acme Living')));
    await page.waitForURL('**/dashboard');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).waitFor();
  });

  it('customers are sent from staff-only routes to the Dashboard', async () => {
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
    await page.goto(`${env.s.url}/admin/template/add`);
    await page.waitForURL('**/dashboard');
    expect(await page.getByLabel('Company').count()).toBe(0);
    await page.getByText('Acme Living').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]); // the shell itself
  });

  it('multi@facet.test switches company: stored and reloaded', async () => {
    await signIn(page, env.s.url, 'multi@facet.test');
    await page.waitForURL('**/dashboard');
    const company = page.getByLabel('Company');
    await company.locator('option').first().waitFor({ state: 'attached' }); // the shell renders after the user loads
    expect(await company.locator('option').allTextContents()).toEqual(['Acme Living', 'Borealis Home']);
    const borealis = String(await companyId('Borealis Home'));
    const reloaded = page.waitForEvent('load');
    await company.selectOption(borealis);
    await reloaded;
    await page.waitForURL('**/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('customer_id'))).toBe(borealis);
    expect(await page.getByLabel('Company').inputValue()).toBe(borealis);
  });

  it('viewer@acme.test has no dashboard-access: reader-info-access sends it to /catalog', async () => {
    await signIn(page, env.s.url, 'viewer@acme.test');
    await page.waitForURL(/\/catalog(\?|$)/);
    await page.getByRole('heading', { name: 'Product Catalog' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Product Catalog' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Add Products' }).count()).toBe(0);
    await page.goto(`${env.s.url}/admin`);
    await page.waitForURL(/\/catalog(\?|$)/);
  });

  it('opens Terms of Use in a new tab and sends a bug report', async () => {
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Terms of Use' }).click()]);
    await tab!.waitForURL('**/term-of-use');
    await tab!.close();
    await page.getByRole('button', { name: 'Report Bug' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report Bug' });
    // Checked here first: clear words at each field, nothing sent.
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Enter a subject, a few words that sum up the problem.').waitFor();
    await dialog.getByText('Describe what happened and what you expected.').waitFor();
    expect(await dialog.getByLabel('Subject').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Subject').fill('Broken button');
    await dialog.getByLabel('Description').fill('It does nothing.');
    await dialog.getByLabel('Attachment').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('img', { name: 'shot.png' }).waitFor();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Bug report sent successfully!').waitFor();
    // Sent once: Send stays disabled after success.
    expect(await dialog.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    const rows = await env.s.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM bug_reports WHERE subject = 'Broken button'",
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('the shell and the Pending changes panel pass axe; the panel is empty once everything is sent', async () => {
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
    await page.getByTestId('sync-status').click();
    const panel = page.getByRole('dialog', { name: 'Pending changes' });
    await panel.getByText('Every change has reached the server.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    // The user menu: Settings and Log out, with the user's name.
    await page.getByRole('button', { name: 'Alice Manager' }).click();
    const menu = page.getByRole('menu'); // named by its trigger, the user's name
    await menu.getByRole('menuitem', { name: 'Settings' }).waitFor();
    await menu.getByRole('menuitem', { name: 'Log out' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('logout removes the cookie and empties the local database', async () => {
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
    // The data layer has pulled the company's lists, so there is something to wipe.
    await expect.poll(() => localRows(page), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await tokenCookie(context)).toBeUndefined();
    expect(await localRows(page)).toBe(0);
    await page.goto(`${env.s.url}/dashboard`);
    await page.waitForURL('**/login');
  });

  it('asks for the new terms version: the toggle is required, then the version is saved', async () => {
    await changeByHand(env.s.db, `UPDATE settings SET value = '2' WHERE key = 'terms_version'`);
    await signIn(page, env.s.url, 'manager@borealis.test');
    const dialog = page.getByRole('dialog', { name: 'Terms of Use' });
    await dialog.waitFor();
    const accept = dialog.getByRole('button', { name: 'Accept' });
    expect(await accept.isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('switch', { name: 'I accept the terms of use' }).check();
    await accept.click();
    await dialog.waitFor({ state: 'hidden' });
    const row = await env.s.db.one<{ v: string }>(
      `SELECT version_terms_use AS v FROM users WHERE email = 'manager@borealis.test'`,
    );
    expect(row!.v).toBe('2');
  });
});

// A 1x1 PNG for the attachment preview.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
