// The live channel in Chromium (issue 44): two users of one company, each in their own browser context: a
// rename in one appears in the other's open catalogue without any action there; on a product page each sees
// the other's avatar (presence), gone when the other leaves; a colleague's save while Info is being edited
// keeps the typing and says "Changed by … just now" with Take theirs / Keep mine. Eight tabs of one user
// share one connection, and an event reaches all eight. The dashboard, the review page and user management
// change in place too. Screenshots at 1280 px in /tmp/shots/live-*.png.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call } from '../support/http.ts';
import { signIn } from './shell-helpers.ts';

const SHOTS = '/tmp/shots';
const VIEWPORT = { width: 1280, height: 900 };

/** The tab's live channel is up: its leader's stream said hello (the page's root carries data-live). */
const liveUp = (page: Page) => page.locator('html[data-live="up"]').waitFor({ state: 'attached' });
const card = (page: Page, id: number) => page.locator(`[data-testid="product-card"][data-id="${id}"]`);

describe.skipIf(skipWithoutChromium('live e2e'))('live channel', () => {
  const env = usePortalAndBrowser();
  let cid: number;
  let id: number;
  let contexts: BrowserContext[] = [];
  const userId = async (email: string) =>
    (await env.s.db.one<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))!.id;
  const streams = async (email: string) => env.s.app.services.live.countOf(await userId(email));
  const rename = async (email: string, name: string) => {
    const token = await env.s.tokenFor(email);
    const r = await call(env.s, 'PUT', '/puts/product/edit', { token, body: { id_product: id, id_customer: cid, name } });
    expect(r.status).toBe(200);
  };
  const context = async () => {
    const c = await env.browser.newContext({ serviceWorkers: 'block', viewport: VIEWPORT });
    contexts.push(c);
    return c;
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    cid = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Acme Living'"))!.id;
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it('two users of one company: a rename reaches the open catalogue; presence; a save under an edit keeps the typing', async () => {
    const viewer = await (await context()).newPage();
    const manager = await (await context()).newPage();
    await Promise.all([signIn(viewer, env.s.url, 'viewer@acme.test'), signIn(manager, env.s.url, 'manager@acme.test')]);
    await Promise.all([viewer.waitForURL(/\/(dashboard|catalog)/), manager.waitForURL('**/dashboard')]);
    await viewer.goto(`${env.s.url}/catalog`);
    // The product at the top of the catalogue (newest first): in view in every tab of this file.
    id = Number(await viewer.getByTestId('product-card').first().getAttribute('data-id'));
    await card(viewer, id).waitFor();
    await liveUp(viewer);

    // The manager renames the product through the portal: the viewer's open catalogue shows it, no action there.
    await manager.goto(`${env.s.url}/product/${id}`);
    await manager.getByRole('heading', { name: 'Info', exact: true }).waitFor();
    await liveUp(manager);
    let viewerSent = 0;
    viewer.on('request', (r) => void (r.method() !== 'GET' && viewerSent++));
    await manager.getByRole('button', { name: 'Edit' }).click();
    await manager.getByLabel('Name').fill('Oak sideboard, live');
    await manager.getByRole('button', { name: 'Save' }).click();
    await card(viewer, id).getByText('Oak sideboard, live').waitFor();
    expect(viewerSent).toBe(0);

    // Both on the product page: each sees the other (the viewer arrives by the catalogue's own link).
    await card(viewer, id).click();
    await viewer.getByRole('heading', { name: 'Info', exact: true }).waitFor();
    await manager.getByTestId('people-here').getByText('Victor Viewer is here too').waitFor();
    await viewer.getByTestId('people-here').getByText('Alice Manager is here too').waitFor();
    await manager.screenshot({ path: `${SHOTS}/live-presence.png` });

    // The manager edits Info; a colleague (Max Multi, through the API) saves the product meanwhile.
    await manager.getByRole('button', { name: 'Edit' }).click();
    await manager.getByLabel('Finish').fill('Mine: walnut oil');
    await rename('multi@facet.test', 'Oak sideboard, theirs');
    const notice = manager.getByTestId('changed-by');
    await notice.getByText('Changed by Max Multi just now.').waitFor();
    expect(await manager.getByLabel('Finish').inputValue()).toBe('Mine: walnut oil');
    expect(await manager.getByLabel('Name').inputValue()).toBe('Oak sideboard, live');
    await manager.screenshot({ path: `${SHOTS}/live-changed-by.png` });
    // Keep mine: the typing stays, the notice goes.
    await manager.getByRole('button', { name: 'Keep mine' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await manager.getByLabel('Finish').inputValue()).toBe('Mine: walnut oil');
    // Another save by the colleague: Take theirs starts the form again from their version.
    await rename('multi@facet.test', 'Oak sideboard, theirs again');
    await notice.waitFor();
    await manager.getByRole('button', { name: 'Take theirs' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await manager.getByLabel('Name').inputValue()).toBe('Oak sideboard, theirs again');
    expect(await manager.getByLabel('Finish').inputValue()).not.toBe('Mine: walnut oil');
    await manager.getByRole('button', { name: 'Cancel' }).click();

    // The viewer leaves (the tab closes): gone from the manager's page at once ('left' with keepalive).
    await viewer.close();
    await manager.getByTestId('people-here').waitFor({ state: 'detached' });
    await manager.context().close();
    contexts = contexts.filter((c) => c !== manager.context());
  });

  it('the dashboard, the review page and user management change in place on a poke', async () => {
    const page = await (await context()).newPage();
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
    await liveUp(page);
    const staff = await env.s.tokenFor('staff@facet.test');
    const round = (await env.s.db.one<{ id: number; title: string; subtitle: string }>(
      'SELECT id, title, subtitle FROM dashboard_rounds WHERE customer_id = $1 AND status_service <> 2 ORDER BY id LIMIT 1',
      [cid],
    ))!;
    const setStatus = async (status_service: number) => {
      const r = await call(env.s, 'PUT', '/puts/review/round/status', {
        token: staff,
        body: { id_customer: cid, id_round: round.id, status_service },
      });
      expect(r.status).toBe(200);
    };
    // Dashboard: the studio asks for approval; the round's card says so without a reload.
    const roundCard = page.getByRole('article', { name: `${round.title}, ${round.subtitle}` });
    await roundCard.waitFor();
    await setStatus(2);
    await roundCard.getByText('Needs approval').waitFor();

    // The review page: the studio moves the round on; the header's status follows.
    await page.goto(`${env.s.url}/review/${cid}/${round.id}`);
    await page.getByTestId('round-status').getByText('Needs approval').waitFor();
    await setStatus(3);
    await page.getByTestId('round-status').getByText('Changes requested').waitFor();

    // User management: a colleague creates a role; it appears in the list.
    await page.goto(`${env.s.url}/config/user?tab=roles`);
    const roles = page.getByRole('navigation', { name: 'Roles' });
    await roles.getByRole('button').first().waitFor();
    const r = await call(env.s, 'POST', '/customer/role/create', {
      token: await env.s.tokenFor('multi@facet.test'),
      body: { id_customer: cid, name: 'Live buyers' },
    });
    expect(r.status).toBe(200);
    await roles.getByRole('button', { name: /Live buyers/ }).waitFor();
    await page.context().close();
    contexts = contexts.filter((c) => c !== page.context());
  });

  it('eight tabs of one user share one connection, and an event reaches all eight', async () => {
    const c = await context();
    // Streams open per tab, as the pages see their own requests (a stream's request never finishes while open).
    const open = new Map<Page, number>();
    const watch = (p: Page) => {
      open.set(p, 0);
      const mine = (r: { url(): string }) => new URL(r.url()).pathname.endsWith('/api/live');
      p.on('request', (r) => void (mine(r) && open.set(p, open.get(p)! + 1)));
      const ended = (r: Request) => void (mine(r) && open.set(p, open.get(p)! - 1));
      p.on('requestfinished', ended);
      p.on('requestfailed', ended);
      return p;
    };
    const first = watch(await c.newPage());
    await signIn(first, env.s.url, 'manager@acme.test');
    await first.waitForURL('**/dashboard');
    const pages = [first, ...(await Promise.all(Array.from({ length: 7 }, async () => watch(await c.newPage()))))];
    await Promise.all(pages.map((p) => p.goto(`${env.s.url}/catalog`)));
    // Seven of the eight are background tabs of one window, which do not paint: their cards are read, not waited visible.
    await Promise.all(pages.map((p) => card(p, id).waitFor({ state: 'attached' })));
    await Promise.all(pages.map(liveUp));
    await expect.poll(() => streams('manager@acme.test')).toBe(1);
    await expect.poll(() => [...open.values()].filter((n) => n > 0).length).toBe(1);
    expect([...open.values()].reduce((a, b) => a + b, 0)).toBe(1);

    // Each tab notes when the new name lands in its DOM (a MutationObserver, set before the write: no
    // polling delay in the figure).
    const NEW = 'Oak sideboard, for eight tabs';
    type Landing = Window & { landed?: Promise<number> };
    await Promise.all(
      pages.map((p) =>
        p.evaluate(
          ([sel, text]) => {
            const seen = () => document.querySelector(sel)?.textContent?.includes(text);
            (window as Landing).landed = new Promise<number>((resolve) => {
              const o = new MutationObserver(() => seen() && (o.disconnect(), resolve(Date.now())));
              o.observe(document.body, { subtree: true, childList: true, characterData: true });
            });
          },
          [`[data-testid="product-card"][data-id="${id}"]`, NEW] as const,
        ),
      ),
    );
    await rename('multi@facet.test', NEW);
    const answered = Date.now();
    const shown = (await Promise.all(pages.map((p) => p.evaluate(() => (window as Landing).landed!)))).map((t) => t - answered);
    console.log(`[live] from the write's answer to the new name in each of eight tabs: ${shown.join(', ')} ms`);
    expect(await streams('manager@acme.test')).toBe(1);
  });
});
