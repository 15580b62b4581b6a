// Shared steps of the template and product registration browser tests (issue 11), and of the account
// registration wizard (/register/customer).
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { installServiceWorker, signIn } from './shell-helpers.ts';

/** Staff in the provider context (-1), as the admin menu leaves them. */
export async function signInAsStaffAdmin(page: Page, base: string) {
  await signIn(page, base, 'staff@facet.test');
  await page.waitForURL('**/dashboard');
  await page.evaluate(() => localStorage.setItem('customer_id', '-1'));
}

export async function signInAs(page: Page, base: string, email: string) {
  await signIn(page, base, email);
  await page.waitForURL('**/dashboard');
}

/**
 * Add Products once the tutorial's answer has come: closed if it opened by itself (a later answer never
 * opens it over the form, so the form's fields are then the user's).
 */
export async function addProductsReady(page: Page) {
  await page.locator('[data-tutorial="answered"]').waitFor();
  const tutorial = page.getByRole('dialog', { name: 'How to register products' });
  if (await tutorial.isVisible()) await tutorial.getByRole('button', { name: 'Got it' }).click();
  await page
    .getByRole('button', { name: 'Import CSV' })
    .or(page.getByLabel('SKU', { exact: true }))
    .first()
    .waitFor();
}

/** A small PNG or JPEG a file input accepts. */
export async function imageFile(name: string, colour = '#b08d6a') {
  const img = sharp({ create: { width: 64, height: 48, channels: 3, background: colour } });
  const jpeg = /\.jpe?g$/i.test(name);
  return { name, mimeType: jpeg ? 'image/jpeg' : 'image/png', buffer: await (jpeg ? img.jpeg() : img.png()).toBuffer() };
}

/** The unsent form, as stored on this device (what a reload finds), holds `text` (or, `held` false, no longer does): the debounced write has landed. */
export const draftStored = (page: Page, text: string, held = true) =>
  expect
    .poll(
      () =>
        page.evaluate(
          (t) =>
            new Promise<boolean>((resolve, reject) => {
              const req = indexedDB.open('facet');
              req.onerror = () => reject(req.error);
              req.onsuccess = () => {
                const all = req.result.transaction('drafts').objectStore('drafts').getAll();
                all.onsuccess = () => (req.result.close(), resolve(JSON.stringify(all.result).includes(t)));
                all.onerror = () => reject(all.error);
              };
            }),
          text,
        ),
      { timeout: 10_000 },
    )
    .toBe(held);

/**
 * The installed app on Add Products, signed in as the manager: the service worker controls the page (so
 * it works offline, see offline.test.ts) and the tutorial has been dismissed. A new context of its own.
 */
export async function installedAddProducts(browser: Browser, base: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } }); // service workers allowed
  const page = await context.newPage();
  await signInAs(page, base, 'manager@acme.test');
  await installServiceWorker(page);
  await page.goto(`${base}/catalog`);
  await page.getByTestId('product-card').first().waitFor();
  await page.goto(`${base}/product/add`);
  await page.getByRole('dialog', { name: 'How to register products' }).getByRole('button', { name: 'Got it' }).click();
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  return { context, page };
}

/**
 * The rows in the page's outbox, read from IndexedDB itself. A screen may show its answer before the
 * pending indicator has caught up with the row it queued, so the indicator's absence alone can be
 * "not yet shown" rather than "sent". A page that never opened the database has nothing queued.
 */
export const outboxRows = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await indexedDB.databases()).some((d) => d.name === name)) return 0;
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onupgradeneeded = () => open.transaction!.abort(); // never create it from here
      open.onerror = () => resolve(0);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('outbox')) return (db.close(), resolve(0));
        const count = db.transaction('outbox').objectStore('outbox').count();
        count.onsuccess = () => (db.close(), resolve(count.result));
        count.onerror = () => (db.close(), reject(count.error));
      };
    });
  }, 'facet');

/** Nothing left in the outbox (read from IndexedDB), and the pending indicator has gone. */
export async function settled(page: Page, timeout = 30_000) {
  await expect.poll(() => outboxRows(page), { timeout }).toBe(0);
  await page.getByTestId('pending-indicator').waitFor({ state: 'detached', timeout });
}

/** The number in the (screen-reader) count line of a catalogue, once it is known (a skeleton says "Counting…" before). */
export async function catalogCount(page: Page): Promise<number> {
  return Number((await page.locator('[data-testid="catalog-count"][aria-busy="false"]').textContent())!.split(' ')[0]);
}

/** The wizard's ten steps (src/features/auth/register.ts) by label, one or two fields each; {} is a step with none. */
export function wizardSteps(o: { company: string; email: string; password?: string }): Record<string, string>[] {
  const password = o.password ?? 'secret123';
  return [
    { 'Company name': o.company, Country: 'Norway' },
    { Street: 'Storgata 1', City: 'Oslo' },
    { Region: 'Oslo', Zipcode: '0155' },
    { Sector: 'Furniture', Website: 'https://wizard.test' },
    { Description: 'Registered once.' },
    {},
    { Name: 'Wanda', 'Last name': 'Wizard' },
    { Email: o.email, Phone: '+47 555 0100' },
    { Office: 'Owner' },
    { Password: password, 'Confirm password': password },
  ];
}

export const termsBox = (page: Page) => page.getByRole('checkbox', { name: 'I accept the terms of use' });

/**
 * Fills the wizard's steps from `from` (where it stands) to the last one given, Next after each but that
 * one; with all ten, the terms are ticked on the last and Register is left to the test.
 */
export async function fillWizard(page: Page, steps: Record<string, string>[], from = 0) {
  for (const [i, fields] of steps.entries()) {
    if (i < from) continue;
    for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
    if (i < steps.length - 1) await page.getByRole('button', { name: 'Next' }).click();
  }
  if (steps.length === 10) await termsBox(page).check();
}
