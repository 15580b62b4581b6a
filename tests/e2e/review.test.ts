// Issue 42, stage 1 in real Chromium: the read-only review page. From the dashboard's Go to Review
// (Batch C, which needs approval) to the round: its title, status and "n of N approved"; the model
// list with its states and filter; a model in 3D (the version's .glb), its renders, the reference
// photos and the report (pass or warn, the dimensions); another version; a reload keeps the model;
// another company's round and a reader without dashboard-access; offline after one visit; axe.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { arWords, budgetChecks, checkDimensions, modelStateWords } from '../../src/api/contract/rules/review.ts';
import { needsConnection } from '../../src/api/failure-text.ts';
import type { ReviewRoundData } from '../../src/data/index.ts';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call, DEMO } from '../support/http.ts';
import { installServiceWorker, seriousViolations, signIn } from './shell-helpers.ts';

const SHOTS = process.env.E2E_SHOTS; // a folder: screenshots to look at
const storage = (path: string) => `/storage/${path}`;
const thumb = (path: string) => storage(path.replace(/(\.[A-Za-z0-9]+)$/, '_thumb$1'));

describe.skipIf(skipWithoutChromium('review e2e'))('the review page (issue 42, stage 1)', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  let acme: number;
  let roundId: number;
  let round: ReviewRoundData;
  let reviewUrl: string;

  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    acme = (await env.s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
    roundId = (await env.s.db.one<{ id: number }>(
      `SELECT id FROM dashboard_rounds WHERE customer_id = $1 AND title = 'Batch C'`,
      [acme],
    ))!.id;
    const r = await call(env.s, 'GET', '/gets/review/round', {
      token: await env.s.tokenFor(DEMO.acme),
      query: { id_customer: acme, id_round: roundId },
    });
    round = r.body as ReviewRoundData;
    reviewUrl = `${env.s.url}/review/${acme}/${roundId}`;
  });
  afterAll(async () => context?.close());

  async function fresh(email: string, o: { serviceWorkers?: 'allow' | 'block'; landing?: string } = {}) {
    await context?.close();
    context = await env.browser.newContext({
      serviceWorkers: o.serviceWorkers ?? 'block',
      viewport: { width: 1280, height: 800 },
    });
    page = await context.newPage();
    page.on('pageerror', (e) => console.error('[page]', e.message));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, env.s.url, email);
    await page.waitForURL(o.landing ?? '**/dashboard');
  }
  const rows = () => page.getByRole('list', { name: 'Models of the round' }).locator('[data-item-id]');
  const row = (id: number) => page.locator(`[data-item-id="${id}"]`);
  /** A screenshot of the page from its top, then (`scrolled`) of its end: the page scrolls inside the shell's main. */
  async function shoot(name: string, scrolled = false) {
    if (!SHOTS) return;
    await page.locator('#content').evaluate((m) => m.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
    if (!scrolled) return;
    await page.locator('#content').evaluate((m) => m.scrollTo(0, m.scrollHeight));
    await page.screenshot({ path: `${SHOTS}/${name}-end.png` });
  }
  const viewer = (src?: string) => page.locator(`[data-testid="review-viewer"] model-viewer${src ? `[src="${src}"]` : ''}`);

  it("opens from the dashboard's Go to Review: the round's title, status and n of N approved; the list and its filter", async () => {
    await fresh(DEMO.acme);
    const card = page.locator('[data-testid="round-card"][aria-label^="Batch C,"]');
    await card.getByRole('link', { name: 'Go to Review' }).click();
    await page.waitForURL(`**/review/${acme}/${roundId}`);
    await page.getByRole('heading', { level: 1, name: 'Batch C' }).waitFor();
    expect(await page.getByTestId('not-found').count()).toBe(0);
    expect(await page.title()).toBe('Facet | Batch C');
    await page.getByText(`${round.round.subtitle} · Round ${round.round.round_current}`).waitFor();
    expect(await page.getByTestId('round-status').innerText()).toBe('Needs approval');
    const approved = round.models.filter((m) => m.state === 'approved').length;
    expect(approved).toBeGreaterThan(0);
    await page.getByTestId('round-approved').getByText(`${approved} of ${round.models.length} approved`).waitFor();
    const bar = page.getByRole('progressbar', { name: 'Models approved' });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBe(Math.round((approved / round.models.length) * 100));

    // One row per model, each with its state in words and its open pins.
    await rows().first().waitFor();
    await expect.poll(() => rows().count()).toBe(round.models.length);
    for (const m of round.models) {
      expect(await row(m.id).getByTestId('model-state').innerText()).toBe(modelStateWords[m.state]);
      expect(await row(m.id).getByTestId('model-pins').innerText()).toContain(String(m.open_pins));
    }
    // The model that needs a review comes first when the address names none.
    const firstReview = round.models.find((m) => m.state === 'review')!;
    expect(await row(firstReview.id).getAttribute('aria-current')).toBe('true');

    // The filter: each state with its count; a state without a model says so.
    const filters = page.getByRole('group', { name: 'Show models' });
    const review = round.models.filter((m) => m.state === 'review');
    await filters.getByRole('button', { name: `${modelStateWords.review} ${review.length}` }).click();
    await page.waitForURL(/state=review/);
    await expect.poll(() => rows().count()).toBe(review.length);
    await filters.getByRole('button', { name: `${modelStateWords.approved} ${approved}` }).click();
    await expect.poll(() => rows().count()).toBe(approved);
    expect(round.models.some((m) => m.state === 'changes')).toBe(false);
    await filters.getByRole('button', { name: `${modelStateWords.changes} 0` }).click();
    await page.getByText(`No model under “${modelStateWords.changes}”.`).waitFor();
    await expect.poll(() => rows().count()).toBe(0);
    await page.getByRole('button', { name: 'Show all models' }).click();
    await rows()
      .nth(round.models.length - 1)
      .waitFor();
    expect(await filters.getByRole('button', { name: /^All / }).getAttribute('aria-pressed')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows the chosen model in 3D with its renders, the reference photos and the report; another version; a reload keeps it', async () => {
    // The first model of a round past round 1 has two versions: the first 6 % too tall, the second right.
    const m = round.models.find((x) => x.versions.length > 1 && x.product.photos.length > 0)!;
    const [v1, v2] = m.versions as [(typeof m.versions)[0], (typeof m.versions)[0]];
    await page.goto(reviewUrl);
    await row(m.id).click();
    await page.waitForURL(new RegExp(`model=${m.id}`));
    const stage = page.getByTestId('model-stage');
    await stage.getByRole('heading', { level: 2, name: m.product.name }).waitFor();
    await viewer(storage(v2.glb)).waitFor();
    expect(await viewer().getAttribute('alt')).toBe(`3D model of ${m.product.name}, version ${v2.number}`);

    // The studio's renders of the version, and the customer's photos, side by side with the model.
    const renders = page.getByTestId('renders').locator('img');
    await renders.first().waitFor();
    expect(await renders.evaluateAll((l) => l.map((i) => i.getAttribute('src')))).toEqual(v2.renders.map(thumb));
    const photos = page.getByTestId('reference-photos').locator('img');
    await photos.first().waitFor();
    expect(await photos.count()).toBe(m.product.photos.length);
    await page.getByTestId('model-report').getByText('Dimensions').waitFor();
    await shoot('review-1280', true);
    await page.getByRole('button', { name: `Zoom render 1 of ${v2.renders.length}` }).click();
    const zoom = page.getByRole('dialog', { name: `Render 1 of ${v2.renders.length}: ${m.product.name}` });
    await zoom.locator(`img[src="${storage(v2.renders[0]!)}"]`).waitFor();
    await page.keyboard.press('Escape');
    await zoom.waitFor({ state: 'detached' });

    // The report: each checked figure marked as the budget says; the dimensions stated and measured.
    const report = page.getByTestId('model-report');
    const expectChecks = async (v: typeof v1) => {
      const checks = budgetChecks(v.report!, m.product);
      const mark = (pass: boolean | undefined) => (pass === undefined ? 'Not checked' : pass ? 'Pass' : 'Warning');
      await report.getByText(`Version ${v.number} · `).waitFor();
      const figures = [
        ['Triangles', 'triangles'],
        ['File size', 'file'],
        ...(v.report!.textures.length ? ([['Textures', 'textures']] as const) : []),
      ] as const;
      for (const [figure, key] of figures)
        expect(await report.locator(`[data-figure="${figure}"] [data-check]`).innerText()).toBe(
          mark(checks.find((c) => c.key === key)!.pass),
        );
      const dims = checkDimensions(v.report!.size, m.product);
      for (const d of dims) {
        const cells = report.locator(`[data-side="${d.side}"] td`);
        expect(await cells.nth(2).innerText()).toBe(mark(d.pass));
        if (m.product[d.side]) expect(await cells.nth(0).innerText()).toBe(`${m.product[d.side]} ${m.product.measure}`.trim());
      }
      return dims;
    };
    await expectChecks(v2);
    await page.getByText(/^\d of 3 free change requests used$/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Version 1: its own .glb, renders and report (too tall: the height warns where the product states one).
    await page.getByLabel('Version', { exact: true }).selectOption(String(v1.number));
    await page.waitForURL(/version=1/);
    await viewer(storage(v1.glb)).waitFor();
    expect(await renders.evaluateAll((l) => l.map((i) => i.getAttribute('src')))).toEqual(v1.renders.map(thumb));
    const dims = await expectChecks(v1);
    if (dims[0]!.stated !== undefined) expect(dims[0]!.pass).toBe(false);

    // A reload keeps the model and the version the address names.
    await page.reload();
    await viewer(storage(v1.glb)).waitFor();
    expect(await row(m.id).getAttribute('aria-current')).toBe('true');
    expect(await page.getByLabel('Version', { exact: true }).inputValue()).toBe(String(v1.number));

    // The keyboard: ↓ from the chosen row chooses the next one.
    const i = round.models.findIndex((x) => x.id === m.id);
    const next = round.models[(i + 1) % round.models.length]!;
    await row(m.id).focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForURL(new RegExp(`model=${next.id}`));
    await page.locator(`[data-item-id="${next.id}"][aria-current="true"]`).waitFor();
    await stage.getByRole('heading', { level: 2, name: next.product.name }).waitFor();

    if (SHOTS) {
      await page.goto(`${reviewUrl}?model=${m.id}`);
      await page.setViewportSize({ width: 1920, height: 1080 });
      await viewer().waitFor();
      await page.getByTestId('model-report').getByText('Dimensions').waitFor();
      await shoot('review-1920', true);
    }
  });

  it('a round not started: its models wait for the studio; an unknown round is Not found', async () => {
    const notStarted = (await env.s.db.one<{ id: number }>(
      'SELECT id FROM dashboard_rounds WHERE customer_id = $1 AND status_service = 0 ORDER BY id LIMIT 1',
      [acme],
    ))!.id;
    await page.goto(`${env.s.url}/review/${acme}/${notStarted}`);
    await page.getByTestId('round-status').getByText('Not started').waitFor();
    await rows().first().waitFor();
    const states = await page.getByTestId('model-state').allInnerTexts();
    expect(states.length).toBeGreaterThan(0);
    expect(new Set(states)).toEqual(new Set([modelStateWords.waiting]));
    await page.getByText('The studio has not delivered this model yet').waitFor();
    await page.getByTestId('reference-photos').waitFor();
    expect(await page.locator('model-viewer').count()).toBe(0);
    expect(await page.getByLabel('Version', { exact: true }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot('review-waiting');

    // A round id the server does not know for this company: its 404 is Not found, as an unknown page.
    await page.goto(`${env.s.url}/review/${acme}/987654`);
    await page.getByTestId('not-found').getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  it("is Not found for another company's round, and an empty state for a reader without dashboard-access", async () => {
    await fresh(DEMO.borealis);
    await page.goto(reviewUrl);
    await page.getByTestId('not-found').getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Batch C' }).count()).toBe(0);

    await fresh(DEMO.viewer, { landing: '**/catalog**' }); // without dashboard-access the Catalog is home
    await page.goto(reviewUrl);
    await page.getByRole('heading', { level: 1, name: 'Review rounds are for people who see the dashboard.' }).waitFor();
    expect(await page.getByTestId('model-list').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot('review-no-dashboard');
  });

  it("a member of two companies opening the other company's round: the company is chosen (a reload) and the round shows", async () => {
    await fresh(DEMO.multi);
    const company = page.getByLabel('Company');
    await company.locator('option').first().waitFor({ state: 'attached' });
    expect(await company.inputValue()).toBe(String(acme));
    const borealis = (await env.s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Borealis Home'`))!.id;
    const theirs = (await env.s.db.one<{ id: number; title: string }>(
      'SELECT id, title FROM dashboard_rounds WHERE customer_id = $1 AND status_service = 2 ORDER BY id LIMIT 1',
      [borealis],
    ))!;
    // The page chooses the company and reloads itself: the round's heading shows only after that.
    await page.goto(`${env.s.url}/review/${borealis}/${theirs.id}`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: theirs.title }).waitFor();
    expect(page.url()).toBe(`${env.s.url}/review/${borealis}/${theirs.id}`);
    expect(await page.getByLabel('Company').inputValue()).toBe(String(borealis));
    await rows().first().waitFor();
  });

  it('shows the stored round offline after one visit, with the time it was saved', async () => {
    await fresh(DEMO.acme, { serviceWorkers: 'allow' });
    await installServiceWorker(page);
    await page.goto(reviewUrl);
    await rows().first().waitFor();
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Batch C' }).waitFor();
    await page
      .getByTestId('review-saved')
      .getByText(/^Saved on this device, \d\d\/\d\d\/\d{4} \d\d:\d\d$/)
      .waitFor();
    await expect.poll(() => rows().count()).toBe(round.models.length);
    // View in AR asks the server for a signed link: off offline, and it says why.
    expect(await page.getByRole('button', { name: arWords.button }).isDisabled()).toBe(true);
    await page.getByText(needsConnection(arWords.needsConnection), { exact: true }).waitFor();
    await shoot('review-offline');
    await context.setOffline(false);
  });
});
