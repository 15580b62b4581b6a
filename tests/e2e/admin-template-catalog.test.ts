// The staff template catalogue in real Chromium (document 2 §2.1, §4, §8; document 1 §2, §6): every
// template in the provider context with the admin menu, cards that open /template/{id}, the zoom popup,
// the delete flow in the specs' words, filters that live in the URL (a deep link, back and forward), and
// the keyboard: ↓ from the search into the cards, Enter, then Back gives the focus to the card opened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call } from '../support/http.ts';
import { seriousViolations } from './shell-helpers.ts';
import { keyToSecondTemplateCard } from './layout-helpers.ts';
import { catalogCount, settled, signInAsStaffAdmin } from './registration-helpers.ts';

describe.skipIf(skipWithoutChromium('admin template catalogue e2e'))('admin template catalogue', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const live = async () =>
    (await env.s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM templates WHERE deleted_at IS NULL'))!.n;
  const expectCount = (n: number) => expect.poll(() => catalogCount(page), { timeout: 10_000 }).toBe(n);

  beforeAll(async () => {
    token = await env.s.tokenFor('staff@facet.test');
    context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await signInAsStaffAdmin(page, env.s.url);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('lists every template with the admin menu; a card opens its template; the zoom popup', async () => {
    await page.goto(`${env.s.url}/admin/catalog_template`);
    await expectCount(await live());
    await page.getByRole('navigation', { name: 'Admin menu' }).waitFor();
    expect(page.url()).toBe(`${env.s.url}/admin/catalog_template`); // the default view is a clean URL
    const first = page.getByTestId('template-card').first();
    const name = (await first.getAttribute('data-id'))!;
    await first.hover();
    await first.getByRole('button', { name: /^Zoom / }).click();
    const zoom = page.getByRole('dialog');
    await zoom.getByTestId('zoom-stage').hover();
    await page.mouse.wheel(0, -300);
    await zoom.getByText(/^1[1-9]\d%$/).waitFor();
    await page.keyboard.press('Escape');
    await zoom.waitFor({ state: 'detached' });
    await first.getByRole('link').first().click();
    await page.waitForURL(`**/template/${name}`);
    await page.goBack();
    expect(await seriousViolations(page)).toEqual([]);
  });

  // Issue 43: after Enter on a card and Back, the focus was lost; it returns to the card that was opened.
  it('↓ from the search enters the cards; Enter opens one, and Back focuses that card again', async () => {
    await page.goto(`${env.s.url}/admin/catalog_template`);
    await expectCount(await live());
    const { ids, focusedCard } = await keyToSecondTemplateCard(page);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/template/${ids[1]}`);
    await page.goBack();
    await expect.poll(focusedCard, { timeout: 10_000 }).toBe(ids[1]);
    // One Tab stop for the grid: the card last focused.
    expect(await page.locator('[data-testid="template-card"] a[tabindex="0"]').count()).toBe(1);
  });

  it('deletes a template: confirmation, then Template deleted successfully; the card leaves the list', async () => {
    await page.goto(`${env.s.url}/admin/catalog_template?q=Studio%20Scene%207`);
    const card = page.getByTestId('template-card').filter({ hasText: 'Studio Scene 7' });
    await expectCount(1);
    const id = Number(await card.getAttribute('data-id'));
    await card.hover();
    await card.getByRole('button', { name: 'Delete Studio Scene 7' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete template' });
    await confirm.getByText('Are you sure you want to delete this product?').waitFor();
    await confirm.getByText(/Studio Scene 7.*will be removed from the catalogue of every client/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete template' }).click();
    await page.getByText('Template deleted successfully').waitFor();
    await expectCount(0);
    await settled(page);
    const r = await call(env.s, 'GET', '/template/get', { token, query: { id, id_customer: -1 } });
    expect(r.status).toBe(404);
  });

  it('a deep link reopens a filtered view; back and forward step through filter changes', async () => {
    const ambient = (await env.s.db.one<{ id: number; name: string }>("SELECT id, name FROM ambients WHERE name = 'Kitchen'"))!;
    const expected = (await env.s.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM templates t WHERE t.deleted_at IS NULL AND t.public = 0 AND t.name ILIKE '%room%'
          AND EXISTS (SELECT 1 FROM template_ambients l WHERE l.template_id = t.id AND l.ambient_id = $1)`,
      [ambient.id],
    ))!.n;
    expect(expected).toBeGreaterThan(0);
    await page.goto(`${env.s.url}/admin/catalog_template?q=room&visibility=private&ambients=${ambient.id}&size=small`);
    await expectCount(expected);
    expect(await page.getByLabel('Name or tag').inputValue()).toBe('room');
    expect(await page.getByLabel('Visibility').inputValue()).toBe('0');
    expect(await page.getByRole('button', { name: 'Kitchen' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('radio', { name: 'Small' }).isChecked()).toBe(true);

    // A chip off is a new history entry; back turns it on again, forward off.
    await page.getByRole('button', { name: 'Kitchen' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('ambients')).toBeNull();
    const wider = await catalogCount(page);
    expect(wider).toBeGreaterThan(expected);
    await page.goBack();
    await expectCount(expected);
    expect(await page.getByRole('button', { name: 'Kitchen' }).getAttribute('aria-pressed')).toBe('true');
    await page.goForward();
    await expectCount(wider);
    // Typing is one entry, written once the typing stops.
    await page.getByLabel('Name or tag').fill('room 1');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('room 1');
    await page.goBack();
    await expect.poll(() => page.getByLabel('Name or tag').inputValue()).toBe('room');
  });
});
