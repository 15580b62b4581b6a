// Issue 42, stage 3 in real Chromium: Compare versions, then View in AR. An approver opens a Batch C model
// with two versions and compares them: version 1 (with the change request's pins, one resolved, one open) on
// the left, version 2 on the right, both loaded. A drag on the left turns the right one to the same theta; a
// change made by code on the right moves nothing on the left (no echo). A reload keeps the compare; Show one
// version goes back to the single stage. There, View in AR on a desktop shows the QR code of version 2's
// signed link and until when it works, and that link, opened on a "phone" (a new context: no session),
// loads the model through the link alone (never /storage, never the API). Screenshots at 1280 and 1920 px.
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { arWords } from '../../src/api/contract/rules/review.ts';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { DEMO } from '../support/http.ts';
import { batchC, freshPage, serverRound, shoot } from './review-helpers.ts';
import { seriousViolations } from './shell-helpers.ts';

type Viewer = HTMLElement & {
  loaded: boolean;
  cameraOrbit: string;
  getCameraOrbit(): { theta: number; phi: number; radius: number };
  jumpCameraToGoal(): void;
};

/** Resolves once the side's model has loaded (model-viewer's load event, or already loaded). */
const loaded = (side: Locator, timeout?: number) =>
  side
    .locator('model-viewer')
    .evaluate(
      (el: Viewer) => el.loaded || new Promise<boolean>((r) => el.addEventListener('load', () => r(true), { once: true })),
      undefined,
      { timeout },
    );

/** The next two frames drawn: whatever a camera change set off has run. */
const frames = (side: Locator) =>
  side.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

describe.skipIf(skipWithoutChromium('review compare e2e'))('the review page: compare versions (issue 42, stage 3)', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext | undefined;
  let phone: BrowserContext | undefined;
  afterAll(async () => {
    await phone?.close();
    await context?.close();
  });

  /** View in AR on the desktop: the QR dialog of the version's signed link; answers the link it encodes. */
  async function arHandOff(page: Page, versionId: number): Promise<string> {
    // Its first frames are the page's long tasks, which no click should wait behind (a model takes 20 s on a busy machine).
    await loaded(page.getByTestId('review-viewer'), 90_000);
    await page.getByRole('button', { name: arWords.button }).click();
    const dialog = page.getByRole('dialog', { name: arWords.title });
    const code = dialog.locator('[data-url]');
    await code.locator('svg[role="img"]').waitFor();
    const link = (await code.getAttribute('data-url'))!;
    expect(link).toMatch(new RegExp(`^${env.s.url}/viewer/review/${versionId}\\.\\d+\\.[A-Za-z0-9_-]{43}/\\?ar=1$`));
    await dialog.getByText(/^Scan this code with your phone’s camera to see version \d+ of .+ in your room\.$/).waitFor();
    await dialog.getByText(/^The link works until \d\d\/\d\d\/\d{4} \d\d:\d\d;/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '.tmp/shots/review-ar-dialog-1280.png' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    return link;
  }

  /** The link on a phone without a session: its model-viewer loads the .glb through the link alone. */
  async function onPhone(link: string) {
    phone = await env.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    const p = await phone.newPage();
    const asked: string[] = [];
    p.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await p.goto(link);
    const token = new URL(link).pathname;
    const mv = p.locator(`model-viewer[src="${token}model.glb"]`);
    await mv.waitFor({ timeout: 90_000 }); // about 1 MB of script on a busy machine
    await expect.poll(() => mv.evaluate((el: HTMLElement & { loaded: boolean }) => el.loaded), { timeout: 60_000 }).toBe(true);
    expect(await p.getByRole('heading', { level: 1 }).innerText()).toContain('shared for review');
    expect(asked.filter((u) => u.startsWith('/storage/') || u.startsWith('/backend/'))).toEqual([]);
    expect(asked).toContain(`${token}model.glb`);
    await p.screenshot({ path: '.tmp/shots/review-ar-phone.png' });
    await phone.close();
    phone = undefined;
  }

  it('shows two versions side by side with the earlier pins, links the cameras on user turns only; View in AR hands one to a phone', async () => {
    const { acme, roundId, url } = await batchC(env.s);
    const model = (await serverRound(env.s, acme, roundId)).models.find((m) => m.versions.length === 2)!;
    const [v1, v2] = [model.versions[0]!, model.versions[1]!];
    // The demo's version 1 has its change request and no pins: the two it would have had, on its front.
    const [, height, depth] = v1.report!.size;
    await env.s.db.query(
      `INSERT INTO review_pins (version_id, number, target, position, normal, body, state, author_id)
       SELECT $1::int, n, 'model', pos::jsonb, nrm::jsonb, body, st, (SELECT id FROM users WHERE email = $4::text)
       FROM (VALUES (1, $2, '[0,0,1]', 'Too tall: make it 6 % lower.', 'resolved'),
                    (2, $3, '[0,0,1]', 'The finish is the wrong one.', 'open')) AS p(n, pos, nrm, body, st)`,
      [v1.id, JSON.stringify([0, height * 0.8, depth / 2]), JSON.stringify([0, height * 0.4, depth / 2]), DEMO.acme],
    );

    const fresh = await freshPage(env.browser, env.s, DEMO.acme);
    context = fresh.context;
    const page = fresh.page;
    await page.goto(`${url}?model=${model.id}`);
    await page.getByRole('button', { name: 'Compare versions' }).click();
    await page.waitForURL(new RegExp(`compare=${v1.number}`));
    const stage = page.getByTestId('compare-stage');
    const [left, right] = [page.getByTestId('compare-left'), page.getByTestId('compare-right')];
    await left.getByRole('heading', { name: `Version ${v1.number}`, exact: true }).waitFor();
    await right.getByRole('heading', { name: `Version ${v2.number}`, exact: true }).waitFor();
    expect(await left.getByTestId('compare-decision').innerText()).toBe('Changes requested');
    expect(await page.getByTestId('decision-panel').count()).toBe(0);

    // Version 1's pins: counted and listed with their states, marked on its own model only.
    const pins = left.getByTestId('compare-pins');
    await pins.getByText('Pins of version 1: 1 open, 1 resolved').waitFor();
    const rows = await pins
      .locator('li')
      .evaluateAll((li) =>
        li.map((r) => [r.getAttribute('data-pin'), r.querySelector('[data-testid="pin-state"]')?.textContent]),
      );
    expect(rows).toEqual([
      ['1', 'Resolved'],
      ['2', 'Open'],
    ]);
    await left.locator('model-viewer [slot="hotspot-pin-1"]').waitFor({ state: 'attached' });
    expect(await right.locator('model-viewer [slot^="hotspot"]').count()).toBe(0);
    expect(await right.getByTestId('compare-pins').count()).toBe(0);

    await Promise.all([loaded(left), loaded(right)]);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'review-compare-1280', stage);

    // Both thetas in one read, so a frame in between cannot set them apart.
    const thetas = () =>
      stage.evaluate((s) => [...s.querySelectorAll<Viewer>('model-viewer')].map((m) => m.getCameraOrbit().theta));
    const [start] = await thetas();
    const box = (await left.locator('model-viewer').boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 70, y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Math.abs((await thetas())[0]! - start!)).toBeGreaterThan(0.2);
    await expect
      .poll(async () => {
        const [l, r] = await thetas();
        return Math.abs(l! - r!) < 1e-3 && Math.abs(r! - start!) > 0.2;
      })
      .toBe(true);

    // Wider, the cameras still linked.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await frames(right);
    await shoot(page, 'review-compare-1920', stage);

    // A camera set by code on the right is not the user's: the left stays where it is.
    const [settled, before] = await thetas();
    await right.locator('model-viewer').evaluate((el: Viewer, t) => {
      const o = el.getCameraOrbit();
      el.cameraOrbit = `${t}rad ${o.phi}rad ${o.radius}m`;
      el.jumpCameraToGoal();
    }, before! + 1);
    await expect.poll(async () => (await thetas())[1]).toBeCloseTo(before! + 1, 3);
    await frames(left);
    expect((await thetas())[0]).toBeCloseTo(settled!, 6);

    // The address keeps the compare; Show one version goes back to the single stage.
    await page.reload();
    await left.getByRole('heading', { name: `Version ${v1.number}`, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Show one version' }).click();
    await page.getByTestId('decision-panel').waitFor();
    expect(new URL(page.url()).searchParams.has('compare')).toBe(false);
    expect(await stage.count()).toBe(0);

    // View in AR, on the single stage again (1280 px): the QR code on this desktop, then the link on a phone.
    await page.setViewportSize({ width: 1280, height: 800 });
    await onPhone(await arHandOff(page, v2.id));
  });
});
