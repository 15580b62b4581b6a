// Issue 43, data a person loses, in real Chromium: what is typed in Product Info's edit mode (a tag not
// yet added too) survives a reload with a notice, and leaving it inside the portal (a menu link, Back,
// another section, Cancel) asks "Discard your changes?" first; the registration wizard keeps its step
// and values over a reload and Back goes to the previous step; Escape in the bulk Add tags suggestions
// closes them alone, and they are not clipped by the dialog; the dialogs that take typing (Set collection,
// Report Bug, Register User) keep it over a reload too. Few page loads: one signed-in tab.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { draftStored, fillWizard, wizardSteps } from './registration-helpers.ts';
import { signIn } from './shell-helpers.ts';

describe.skipIf(skipWithoutChromium('unsaved drafts e2e'))('unsaved changes and drafts', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
  });
  afterAll(async () => {
    await context?.close();
  });

  const discardDialog = () => page.getByRole('alertdialog', { name: 'Discard your changes?' });
  const notice = () => page.getByRole('status').filter({ hasText: 'Restored your unsaved changes from' });

  it('keeps Product Info typing over a reload, and asks before a menu link, Back, a section or Cancel drops it', async () => {
    // Opened from the catalogue, so the browser's Back stays inside the portal.
    await page.goto(`${env.s.url}/catalog`);
    const card = page.getByTestId('product-card').first();
    const id = Number(await card.getAttribute('data-id'));
    await card.click();
    await page.waitForURL(`**/product/${id}`);
    await page.getByRole('heading', { name: 'Info', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const name = page.getByLabel('Name', { exact: true });
    const tagBox = page.getByLabel('Add tags (separate with commas)');
    await name.fill('Kept over a reload');
    await tagBox.fill('kept-tag, half-typed'); // one tag added by its comma, one still typed
    await page.getByRole('button', { name: 'Remove tag kept-tag' }).waitFor();
    await draftStored(page, 'half-typed');
    await draftStored(page, 'Kept over a reload');
    // The browser's Back asks; Keep editing stays.
    await page.goBack();
    await discardDialog().getByRole('button', { name: 'Keep editing' }).click();
    await discardDialog().waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/product/${id}`);

    await page.reload();
    await notice().waitFor();
    expect(await name.inputValue()).toBe('Kept over a reload');
    expect(await tagBox.inputValue()).toBe('half-typed');
    await page.getByRole('button', { name: 'Remove tag kept-tag' }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor(); // still in edit mode
    await notice().screenshot({ path: '/tmp/shots/drafts-restored-notice.png' });
    await page.screenshot({ path: '/tmp/shots/drafts-restored.png' });

    // A menu link asks; Keep editing stays with what was typed.
    await page.getByRole('link', { name: 'Product Catalog', exact: true }).first().click();
    await discardDialog().waitFor();
    await page.screenshot({ path: '/tmp/shots/drafts-blocker.png' });
    await discardDialog().getByRole('button', { name: 'Keep editing' }).click();
    await discardDialog().waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/product/${id}`);
    expect(await name.inputValue()).toBe('Kept over a reload');

    // Another section of the product asks too.
    await page.getByRole('tablist', { name: 'Product sections' }).getByRole('tab', { name: 'Video' }).click();
    await discardDialog().getByRole('button', { name: 'Keep editing' }).click();
    expect(await name.inputValue()).toBe('Kept over a reload');

    // Cancel asks; Discard goes back to the saved product and forgets the draft.
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await discardDialog().getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    expect(await page.getByTestId('info-name').textContent()).not.toBe('Kept over a reload');
    await draftStored(page, 'half-typed', false);
    // Clean again: a menu link goes at once.
    await page.getByRole('link', { name: 'Product Catalog', exact: true }).first().click();
    await page.waitForURL('**/catalog**');
    expect(await discardDialog().count()).toBe(0);
  });

  it('lets Escape close the bulk Add tags suggestions alone, shown whole outside the dialog', async () => {
    await page.getByTestId('grid-cell').first().getByRole('checkbox').click();
    const bar = page.getByTestId('bulk-bar');
    await bar.getByRole('button', { name: 'Add tags' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add tags' });
    const tags = dialog.getByLabel('Tags');
    await tags.fill('Escape kept');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Remove tag Escape kept' }).waitFor();
    await tags.fill('a');
    const list = page.getByRole('listbox', { name: 'tag suggestions' });
    await list.waitFor();
    // Portalled: not inside the dialog, so its overflow cannot cut it; the whole list is in view.
    expect(await dialog.getByRole('listbox').count()).toBe(0);
    const box = (await list.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    // Nothing covers or cuts its last line: the point just above its bottom edge is the list itself
    // (once the popover has taken its place: it is positioned after it shows).
    const bottomIsList = () =>
      list.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.bottom - 4);
        return !!hit && el.contains(hit);
      });
    await expect.poll(bottomIsList, { timeout: 10_000 }).toBe(true);
    await page.screenshot({ path: '/tmp/shots/drafts-tag-suggestions.png' });

    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Remove tag Escape kept' }).waitFor();
    expect(await tags.inputValue()).toBe('a');
    // The next Escape is the dialog's.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('keeps what is typed in Set collection, Report Bug and Register User over a reload; sending or Discard drops it', async () => {
    const collection = page.getByRole('dialog', { name: 'Set collection' });
    const bug = page.getByRole('dialog', { name: 'Report Bug' });
    const invite = page.getByRole('dialog', { name: 'Register User' });
    const restored = (dialog: typeof bug) => dialog.getByRole('status').filter({ hasText: 'Restored your unsaved changes from' });
    const openCollection = async () => {
      await page.getByTestId('grid-cell').first().getByRole('checkbox').click();
      await page.getByTestId('bulk-bar').getByRole('button', { name: 'Set collection' }).click();
    };
    await page.goto(`${env.s.url}/catalog`);
    await openCollection();
    await collection.getByLabel('Collection').fill('Kept collection');
    await draftStored(page, 'Kept collection');

    // After a reload, reopened: the kept text with the notice; sent, the draft goes with it.
    await page.reload();
    await openCollection();
    await restored(collection).waitFor();
    expect(await collection.getByLabel('Collection').inputValue()).toBe('Kept collection');
    await collection.getByRole('button', { name: 'Set collection' }).click();
    await collection.waitFor({ state: 'detached' });
    await draftStored(page, 'Kept collection', false);
    await page.getByRole('button', { name: 'Report Bug' }).click();
    await bug.getByLabel('Subject').fill('Kept bug subject');
    await draftStored(page, 'Kept bug subject');

    // Another page, loaded afresh: Report Bug keeps its subject; Cancel asks, and Discard drops it.
    await page.goto(`${env.s.url}/config/user?tab=accounts`);
    await page.getByRole('button', { name: 'Report Bug' }).click();
    await restored(bug).waitFor();
    expect(await bug.getByLabel('Subject').inputValue()).toBe('Kept bug subject');
    await bug.getByRole('button', { name: 'Cancel' }).click();
    await discardDialog().getByRole('button', { name: 'Discard' }).click();
    await bug.waitFor({ state: 'detached' });
    await draftStored(page, 'Kept bug subject', false);
    await page.getByRole('button', { name: 'Register User' }).first().click();
    await invite.getByLabel('Email').fill('kept.invitee@acme.test');
    await draftStored(page, 'kept.invitee@acme.test');

    // Register User: kept over a reload; Escape with changes asks first.
    await page.reload();
    await page.getByRole('button', { name: 'Register User' }).first().click();
    await restored(invite).waitFor();
    expect(await invite.getByLabel('Email').inputValue()).toBe('kept.invitee@acme.test');
    await page.keyboard.press('Escape');
    await discardDialog().getByRole('button', { name: 'Discard' }).click();
    await invite.waitFor({ state: 'detached' });
    await draftStored(page, 'kept.invitee@acme.test', false);
  });

  it("keeps the wizard's step and values over a reload, and Back goes to the previous step", async () => {
    const wizard = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });
    const p = await wizard.newPage();
    try {
      await p.goto(`${env.s.url}/register/customer`);
      await fillWizard(p, wizardSteps({ company: 'Kept Co', email: 'kept@wizard.test' }).slice(0, 7));
      await p.getByText('7 / 10').waitFor();
      await draftStored(p, 'Wizard'); // the manager's last name, typed on step 7
      await p.reload();
      await p.getByText('7 / 10').waitFor();
      expect(await p.getByLabel('Last name', { exact: true }).inputValue()).toBe('Wizard');
      await p.getByRole('status').filter({ hasText: 'Restored your unsaved changes from' }).waitFor();

      await p.goBack(); // the previous step, not an empty first one
      await p.getByText('6 / 10').waitFor();
      await p.goBack();
      await p.getByText('5 / 10').waitFor();
      expect(await p.getByLabel('Description', { exact: true }).inputValue()).toBe('Registered once.');
      await p.goForward();
      await p.goForward();
      await p.getByText('7 / 10').waitFor();
      expect(await p.getByLabel('Name', { exact: true }).inputValue()).toBe('Wanda');
      // The back arrow walks the same history.
      await p.getByRole('button', { name: 'Back' }).click();
      await p.getByText('6 / 10').waitFor();

      // Leaving the wizard for Sign in asks first.
      await p.getByRole('link', { name: 'Sign in', exact: true }).click();
      await p.getByRole('alertdialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Keep editing' }).click();
      expect(new URL(p.url()).pathname).toBe('/register/customer');
    } finally {
      await wizard.close();
    }
  });
});
