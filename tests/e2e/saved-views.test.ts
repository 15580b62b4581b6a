// Saved views of the catalogue in real Chromium (issue 28): one browser context saves the view on
// screen (section, search, sort, thumbnail size) from the catalogue's menu, with the name rule's
// words in the dialog; a second context of the same user (another device) finds it in its menu and
// opens it; it is renamed there and deleted with a confirmation, and the first context follows.
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { catalogCount, signInAs } from './registration-helpers.ts';

const NAME = 'ACM-10, Z to A';
const RENAMED = 'ACM-10 reversed';
const SHOTS = '.tmp';

describe.skipIf(skipWithoutChromium('saved views e2e'))('saved views', () => {
  const env = usePortalAndBrowser();
  const contexts: BrowserContext[] = [];
  let userId: number;
  afterAll(() => closeContexts(contexts));
  beforeAll(async () => {
    userId = (await env.s.db.one<{ id: number }>("SELECT id FROM users WHERE email = 'manager@acme.test'"))!.id;
    mkdirSync(SHOTS, { recursive: true });
  });

  async function device(path: string): Promise<Page> {
    const context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await signInAs(page, env.s.url, 'manager@acme.test');
    await page.goto(`${env.s.url}${path}`);
    await page.getByTestId('product-card').first().waitFor();
    return page;
  }
  const views = (page: Page) => page.getByRole('region', { name: 'Saved views' });
  const serverViews = () =>
    env.s.db.query<{ name: string; query: string; deleted: boolean }>(
      'SELECT name, query, deleted_at IS NOT NULL AS deleted FROM saved_views WHERE user_id = $1 ORDER BY id',
      [userId],
    );

  it('saves the view on screen in one context; another context of the same user opens, renames and deletes it', async () => {
    const a = await device('/catalog?section=allproducts&q=ACM-10&sort=-name&size=big');
    const count = await catalogCount(a);
    await views(a).getByText('No saved views yet').waitFor();
    await a.screenshot({ path: `${SHOTS}/saved-views-empty.png` });

    await views(a).getByRole('button', { name: 'Save view' }).click();
    const dialog = a.getByRole('dialog', { name: 'Save view' });
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await dialog.getByText('The name field is required.').waitFor();
    await dialog.screenshot({ path: `${SHOTS}/saved-views-dialog.png` });
    await dialog.getByLabel('Name').fill(NAME);
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await dialog.waitFor({ state: 'detached' });
    await views(a).getByRole('link', { name: NAME }).waitFor();
    await a.getByText(`View “${NAME}” saved`).waitFor();
    await a.screenshot({ path: `${SHOTS}/saved-views-saved.png` });
    await expect
      .poll(serverViews)
      .toEqual([{ name: NAME, query: 'section=allproducts&q=ACM-10&size=big&sort=-name', deleted: false }]);
    // The same name again, in other letters: the rule's words, nothing queued.
    await views(a).getByRole('button', { name: 'Save view' }).click();
    await a.getByRole('dialog', { name: 'Save view' }).getByLabel('Name').fill(' acm-10, z TO a ');
    await a.getByRole('dialog', { name: 'Save view' }).getByRole('button', { name: 'Save view' }).click();
    await a.getByRole('dialog', { name: 'Save view' }).getByText('You already have a saved view with this name.').waitFor();
    await a.getByRole('dialog', { name: 'Save view' }).getByRole('button', { name: 'Cancel' }).click();

    // Another device: the view is in its menu; a click opens it.
    const b = await device('/catalog?section=allproducts');
    const link = views(b).getByRole('link', { name: NAME });
    await link.click();
    await expect.poll(() => new URL(b.url()).search).toBe('?section=allproducts&q=ACM-10&size=big&sort=-name');
    // The address moves at the click; the screen follows it a render later (by 100 ms or more under load).
    await expect.poll(() => b.getByLabel('Name or SKU').inputValue()).toBe('ACM-10');
    await expect.poll(() => b.getByRole('radio', { name: 'Big' }).isChecked()).toBe(true);
    await expect.poll(() => catalogCount(b)).toBe(count);
    await expect.poll(() => link.getAttribute('aria-current')).toBe('page');

    await views(b)
      .getByRole('button', { name: `Actions for view ${NAME}` })
      .click();
    await b.screenshot({ path: `${SHOTS}/saved-views-menu.png` });
    await b.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = b.getByRole('dialog', { name: 'Rename view' });
    expect(await rename.getByLabel('Name').inputValue()).toBe(NAME);
    await rename.getByLabel('Name').fill(RENAMED);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await views(b).getByRole('link', { name: RENAMED }).waitFor();
    await b.getByText(`View renamed to “${RENAMED}”`).waitFor();
    await expect.poll(async () => (await serverViews())[0]?.name).toBe(RENAMED);
    await a.reload();
    await views(a).getByRole('link', { name: RENAMED }).waitFor();

    await views(b)
      .getByRole('button', { name: `Actions for view ${RENAMED}` })
      .click();
    await b.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = b.getByRole('alertdialog', { name: 'Delete view' });
    await confirm.getByText(`“${RENAMED}” will be removed from your saved views on every device.`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Delete view' }).click();
    await views(b).getByText('No saved views yet').waitFor();
    await b.getByText(`View “${RENAMED}” deleted`).waitFor();
    await expect.poll(async () => (await serverViews())[0]?.deleted).toBe(true);
    await a.reload();
    await views(a).getByText('No saved views yet').waitFor();
  });
});
