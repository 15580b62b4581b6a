// Issue 42, stage 2 in real Chromium: the review page's pins, threads, decisions and the studio's
// controls. An approver opens Batch C from the dashboard's Go to Review, clicks the model to drop pin 1
// with a comment (a hotspot on the model and a row in the list), chooses it (the camera turns to it),
// replies and requests changes; the studio's staff deliver the next version (a .glb and a render) and set
// the round to needs approval; the approver approves it and the dashboard's card moves on. Also a
// pin on a render, and a reader who sees the pins and no control.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { modelStateWords } from '../../src/api/contract/rules/review.ts';
import type { ReviewModelData, ReviewRoundData } from '../../src/data/index.ts';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { DEMO } from '../support/http.ts';
import { imageFile } from './registration-helpers.ts';
import { batchC, cameraTarget, freshPage, modelLoaded, serverRound, shoot, surfacePoint, viewer } from './review-helpers.ts';
import { seriousViolations } from './shell-helpers.ts';

const GLB = readFileSync('tests/fixtures/textured-draco-ktx2.glb');

describe.skipIf(skipWithoutChromium('review pins e2e'))('the review page: pins, threads, decisions (issue 42, stage 2)', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext | undefined;
  let page: Page;
  let acme: number;
  let roundId: number;
  let url: string;
  let round: ReviewRoundData;
  /** A model to review with no pin yet; the first model (under review) has the demo's two pins. */
  let model: ReviewModelData;
  let pinned: ReviewModelData;

  beforeAll(async () => {
    ({ acme, roundId, url } = await batchC(env.s));
    round = await serverRound(env.s, acme, roundId);
    model = round.models.find((m) => m.state === 'review' && m.versions.at(-1)!.pins.length === 0)!;
    pinned = round.models.find((m) => m.state === 'review' && m.versions.at(-1)!.pins.length > 0)!;
  });
  afterAll(async () => context?.close());

  async function as(email: string, o: Parameters<typeof freshPage>[3] = {}) {
    await context?.close();
    ({ context, page } = await freshPage(env.browser, env.s, email, o));
  }
  const row = (id: number) => page.locator(`[data-item-id="${id}"]`);
  const pinList = () => page.getByRole('list', { name: 'Pins of this version' });
  const panel = () => page.getByTestId('pin-panel');
  const latest = async (id: number) => (await serverRound(env.s, acme, roundId)).models.find((m) => m.id === id)!;
  /** Nothing of this page is waiting on this device any more. */
  const allSent = () => expect.poll(() => page.getByTestId('pending-mark').count(), { timeout: 20_000 }).toBe(0);

  it('an approver drops a pin on the model, replies, and requests changes', async () => {
    await as(DEMO.acme);
    const card = page.locator('[data-testid="round-card"][aria-label^="Batch C,"]');
    await card.getByRole('link', { name: 'Go to Review' }).click();
    await page.waitForURL(`**/review/${acme}/${roundId}`);
    await row(model.id).click();
    await page.waitForURL(new RegExp(`model=${model.id}`));
    await panel().getByText('No pins yet. Click the model or a render to add one.').waitFor();

    // A click on the model's surface opens the comment box there; Save drops pin 1.
    await modelLoaded(page);
    const at = await surfacePoint(page);
    await page.mouse.click(at.x, at.y);
    const draft = page.getByTestId('pin-draft');
    await draft.getByLabel('Pin 1: your comment').fill('The legs look too thin next to the photo.');
    await shoot(page, 'review-pins-draft', draft);
    await draft.getByRole('button', { name: 'Save pin' }).click();
    await draft.waitFor({ state: 'detached' });
    await page.getByText('Pin added').first().waitFor();
    await viewer(page).locator('[slot="hotspot-pin-1"]').waitFor({ state: 'attached' });
    await pinList().getByText('The legs look too thin next to the photo.').waitFor();
    await allSent();
    const pin = (await latest(model.id)).versions.at(-1)!.pins[0]!;
    expect(pin).toMatchObject({ number: 1, target: 'model', state: 'open', body: 'The legs look too thin next to the photo.' });
    expect(pin.position).toHaveLength(3);
    expect(pin.normal).toHaveLength(3);

    // A drag that turns the model drops no pin.
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.move(at.x + 80, at.y + 10, { steps: 5 });
    await page.mouse.up();
    expect(await page.getByTestId('pin-draft').count()).toBe(0);

    // Choosing the pin in the list shows its thread and turns the camera to it.
    await pinList().getByText('The legs look too thin next to the photo.').click();
    const thread = page.getByTestId('pin-thread');
    await thread.getByRole('heading', { name: 'Pin 1' }).waitFor();
    await expect
      .poll(async () => (await cameraTarget(page)).map((v, i) => Math.abs(v - pin.position[i]!)).every((d) => d < 1e-3))
      .toBe(true);

    await thread.getByLabel('Reply').fill('Please make them 2 cm thicker.');
    await thread.getByRole('button', { name: 'Reply' }).click();
    await thread.getByTestId('pin-note').filter({ hasText: 'Please make them 2 cm thicker.' }).waitFor();
    await page.getByText('Reply added').first().waitFor();
    await allSent();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'review-pins-1280');
    await shoot(page, 'review-pins-1280-thread', thread);

    // Request changes: the open pin is reason enough; the decision shows with who made it.
    const decision = page.getByTestId('decision-panel');
    await decision.getByRole('button', { name: 'Request changes' }).click();
    await decision.getByTestId('decision').getByText('Changes requested').waitFor();
    await allSent();
    await decision.getByText('By Alice Manager').waitFor();
    expect(await row(model.id).getByTestId('model-state').innerText()).toBe(modelStateWords.changes);
    const after = await latest(model.id);
    expect(after.versions.at(-1)!.decision).toBe('changes_requested');
    expect(after.versions.at(-1)!.pins[0]!.replies.map((r) => r.body)).toEqual(['Please make them 2 cm thicker.']);
    expect(after.change_requests).toBe(model.change_requests + 1);
  });

  it('the studio delivers the next version and asks for approval; the approver approves it; the dashboard card moves on', async () => {
    const n = (await latest(model.id)).versions.length + 1;
    await as(DEMO.staff);
    await page.goto(`${url}?model=${model.id}`, { waitUntil: 'commit' });
    await page.getByTestId('studio-controls').waitFor();
    await page.getByRole('button', { name: 'Deliver a new version' }).click();
    const dialog = page.getByRole('dialog', { name: `Deliver a new version of ${model.product.name}` });
    // Without a render or a poster the form says why before anything is sent.
    await dialog.getByLabel('Model (.glb)').setInputFiles({ name: 'chair-v2.glb', mimeType: 'model/gltf-binary', buffer: GLB });
    await dialog.getByText('chair-v2.glb').waitFor();
    await dialog.getByRole('button', { name: `Deliver version ${n}` }).click();
    await dialog.getByText('Add at least one render or a poster').waitFor();
    await dialog.getByLabel('Renders (up to 3)').setInputFiles(await imageFile('render-front.png'));
    await dialog.getByText('render-front.png').waitFor();
    await shoot(page, 'review-pins-deliver', dialog);
    await dialog.getByRole('button', { name: `Deliver version ${n}` }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Version delivered: version ${n} of ${model.product.name}.`).waitFor();
    const delivered = (await latest(model.id)).versions.at(-1)!;
    expect(delivered.number).toBe(n);
    await viewer(page)
      .and(page.locator(`[src="/storage/${delivered.glb}"]`))
      .waitFor();
    expect(await page.getByLabel('Version', { exact: true }).inputValue()).toBe(String(n));

    // The round's status: "Needs approval" mails the company's approvers.
    const controls = page.getByTestId('studio-controls');
    if ((await controls.getByLabel('Round status').inputValue()) === '2') {
      // Run alone, the round still needs approval: the studio takes it back first.
      await controls.getByLabel('Round status').selectOption('1');
      await controls.getByRole('button', { name: 'Save status' }).click();
      await page.getByTestId('round-status').getByText('The studio is modelling').waitFor();
    }
    await controls.getByLabel('Round status').selectOption('2');
    await controls.getByRole('button', { name: 'Save status' }).click();
    await page.getByText(/^Round status saved: \d+ approvers? e-mailed\.$/).waitFor();
    await page.getByTestId('round-status').getByText('Needs approval').waitFor();
    await shoot(page, 'review-pins-studio');

    // The approver: the new version is the one to decide on; the one before says it was replaced.
    await as(DEMO.acme);
    const card = page.locator('[data-testid="round-card"][aria-label^="Batch C,"]');
    expect(await card.getAttribute('data-status')).toBe('2');
    const leftBefore = await card.getByText(/models? left/).innerText();
    await page.goto(`${url}?model=${model.id}`);
    await modelLoaded(page, `/storage/${delivered.glb}`);
    const decision = page.getByTestId('decision-panel');
    await decision.getByRole('heading', { name: `Decision on version ${n}` }).waitFor();
    await decision.getByRole('button', { name: 'Approve' }).click();
    await decision.getByTestId('decision').getByText('Approved').waitFor();
    await allSent();
    expect((await latest(model.id)).versions.at(-1)!.decision).toBe('approved');
    await page.getByLabel('Version', { exact: true }).selectOption(String(n - 1));
    await decision.getByText(`Version ${n - 1} has been replaced by version ${n}.`).waitFor();
    expect(await decision.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    const status = (await serverRound(env.s, acme, roundId)).round.status_service;
    await page.goto(`${env.s.url}/dashboard`);
    await expect.poll(() => card.getAttribute('data-status')).toBe(String(status));
    expect(status).not.toBe(2);
    expect(await card.getByText(/models? left/).innerText()).not.toBe(leftBefore);
  });

  it('drops a pin on a render, at the point clicked; 1920 px wide', async () => {
    await as(DEMO.acme, { width: 1920, height: 1080 });
    await page.goto(`${url}?model=${pinned.id}`);
    const v = pinned.versions.at(-1)!;
    await pinList()
      .locator('li')
      .nth(v.pins.length - 1)
      .waitFor();
    await page.getByRole('radio', { name: 'Render 2' }).click();
    const frame = page.locator('[data-render-frame]');
    await frame.locator('img').waitFor();
    await expect.poll(async () => (await frame.boundingBox())?.width ?? 0).toBeGreaterThan(100);
    const box = (await frame.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.4);
    const next = v.pins.length + 1;
    await page.getByTestId('pin-draft').getByLabel(`Pin ${next}: your comment`).fill('The cushion seam is crooked here.');
    await page.getByTestId('pin-draft').getByRole('button', { name: 'Save pin' }).click();
    await page.getByTestId('pin-draft').waitFor({ state: 'detached' });
    await frame.getByRole('button', { name: `Pin ${next}: The cushion seam is crooked here.` }).waitFor();
    await allSent();
    const pin = (await latest(pinned.id)).versions.at(-1)!.pins.find((p) => p.number === next)!;
    expect(pin).toMatchObject({ target: 'render', render_index: 1 });
    expect(pin.position[0]).toBeCloseTo(0.25, 1);
    expect(pin.position[1]).toBeCloseTo(0.4, 1);
    await pinList().getByText('On render 2').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'review-pins-1920');
  });

  it('a reader sees the pins and their threads, and no control to change them', async () => {
    // The Viewer role of the demo, given the dashboard: it reads the round, approves nothing.
    await env.s.db.query(
      `INSERT INTO role_privileges (role_id, slug) SELECT id, 'dashboard-access' FROM roles WHERE customer_id = $1 AND name = 'Viewer'`,
      [acme],
    );
    await as(DEMO.viewer);
    await page.goto(`${url}?model=${pinned.id}`);
    await pinList().getByText('The top looks too glossy next to our fabric swatch.').click();
    await page.getByTestId('pin-thread').getByText('Noted: we will lower the sheen in the next version.').waitFor();
    await page.getByText('Waiting for a decision by someone who may approve').waitFor();
    for (const name of [
      'Pin at the centre of the view',
      'Approve',
      'Request changes',
      'Reply',
      'Resolve',
      'Deliver a new version',
    ])
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await page.getByTestId('studio-controls').count()).toBe(0);
    await modelLoaded(page);
    const at = await surfacePoint(page);
    await page.mouse.click(at.x, at.y);
    await page.getByTestId('pin-thread').waitFor();
    expect(await page.getByTestId('pin-draft').count()).toBe(0);
  });
});
