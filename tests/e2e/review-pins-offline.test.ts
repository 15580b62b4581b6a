// Issue 42, stage 2 offline in real Chromium: once the round (and its model) was opened online, a pin
// and a change request made offline show at once marked Pending, survive a reload, reach nothing on
// the server while offline, and are sent once when the connection is back. An approval made offline
// that the studio's newer delivery overtook stops in Pending changes with "Review the new version".
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { ReviewModelData } from '../../src/data/index.ts';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call, DEMO, form } from '../support/http.ts';
import { imageFile } from './registration-helpers.ts';
import { batchC, freshPage, modelLoaded, serverRound, surfacePoint } from './review-helpers.ts';
import { installServiceWorker } from './shell-helpers.ts';

describe.skipIf(skipWithoutChromium('review pins offline e2e'))('review pins and decisions offline (issue 42, stage 2)', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext | undefined;
  let page: Page;
  afterAll(async () => context?.close());

  let acme: number;
  let roundId: number;
  let url: string;
  let model: ReviewModelData;
  let other: ReviewModelData;
  beforeAll(async () => {
    ({ acme, roundId, url } = await batchC(env.s));
    const round = await serverRound(env.s, acme, roundId);
    [model, other] = round.models.filter((m) => m.state === 'review' && m.versions.at(-1)!.pins.length === 0) as [
      ReviewModelData,
      ReviewModelData,
    ];
  });
  const onServer = async (id = model.id) => (await serverRound(env.s, acme, roundId)).models.find((m) => m.id === id)!;

  it('a pin and a decision made offline wait on the device, survive a reload and are sent once', async () => {
    ({ context, page } = await freshPage(env.browser, env.s, DEMO.acme, { serviceWorkers: 'allow' }));
    await installServiceWorker(page);
    // Opened once online: the round, the model's file (kept by the service worker) and the reviewer's rights.
    await page.goto(`${url}?model=${model.id}`);
    await modelLoaded(page);
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Batch C' }).waitFor();
    await page.getByTestId('review-saved').waitFor();
    await modelLoaded(page);
    const at = await surfacePoint(page);
    await page.mouse.click(at.x, at.y);
    const draft = page.getByTestId('pin-draft');
    await draft.getByLabel('Pin 1: your comment').fill('Made offline: the back is too upright.');
    await draft.getByRole('button', { name: 'Save pin' }).click();
    await page.getByText('Saved on this device. It will be sent when you are back online', { exact: true }).first().waitFor();
    const list = page.getByRole('list', { name: 'Pins of this version' });
    const row = list.locator('li').filter({ hasText: 'Made offline: the back is too upright.' });
    await row.getByTestId('pending-mark').waitFor();

    const decision = page.getByTestId('decision-panel');
    await decision.getByLabel('Note for the studio').fill('See pin 1.');
    await decision.getByRole('button', { name: 'Request changes' }).click();
    await decision.getByTestId('decision').getByText('Changes requested').waitFor();
    await decision.getByTestId('decision').getByTestId('pending-mark').waitFor();

    // A reload offline: both are still here, still pending; the server has neither.
    await page.reload();
    await row.getByTestId('pending-mark').waitFor();
    await decision.getByTestId('decision').getByTestId('pending-mark').waitFor();
    await decision.getByText('See pin 1.').waitFor();
    const before = await onServer();
    expect(before.versions.at(-1)!.pins).toEqual([]);
    expect(before.versions.at(-1)!.decision).toBeNull();

    // Back online: sent, once each.
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('pending-mark').count(), { timeout: 30_000 }).toBe(0);
    await page.getByTestId('pending-indicator').waitFor({ state: 'detached', timeout: 20_000 });
    const after = await onServer();
    const v = after.versions.at(-1)!;
    expect(v.pins.map((p) => [p.number, p.body])).toEqual([[1, 'Made offline: the back is too upright.']]);
    expect(v.decision).toBe('changes_requested');
    expect(v.decision_note).toBe('See pin 1.');
    expect(after.change_requests).toBe(model.change_requests + 1);
    // The page reads the round again once they went out: the sent pin stays, in the server's words.
    await list.getByText('Made offline: the back is too upright.').waitFor();
    await decision.getByText('By Alice Manager').waitFor();
  });

  it('an approval made offline that a newer delivery overtook offers "Review the new version", never Retry', async () => {
    // The same page, with the worker: the other model opened once online.
    await page.goto(`${url}?model=${other.id}`);
    await modelLoaded(page);
    await context!.setOffline(true);
    await page.reload();
    const decision = page.getByTestId('decision-panel');
    await decision.getByRole('button', { name: 'Approve' }).click();
    await decision.getByTestId('decision').getByTestId('pending-mark').waitFor();

    // Meanwhile the studio delivers the next version.
    const png = await imageFile('render.png');
    const delivered = await call(env.s, 'POST', '/posts/review/version/store', {
      token: await env.s.tokenFor(DEMO.staff),
      form: form(
        { id_customer: acme, id_round: roundId, id_model: other.id },
        {
          file_glb: {
            name: 'next.glb',
            bytes: readFileSync('tests/fixtures/textured-draco-ktx2.glb'),
            type: 'model/gltf-binary',
          },
          render_1: { name: png.name, bytes: png.buffer, type: png.mimeType },
        },
      ),
    });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);

    await context!.setOffline(false);
    const indicator = page.getByTestId('pending-indicator');
    await expect.poll(() => indicator.getAttribute('aria-label'), { timeout: 20_000 }).toContain('with errors');
    await indicator.click();
    const panel = page.getByRole('dialog', { name: 'Pending changes' });
    const action = panel.getByTestId('pending-action').filter({ hasText: 'Approve a model' });
    await action
      .getByText('The studio has delivered a newer version of this model.', { exact: false })
      .waitFor({ timeout: 20_000 });
    expect(await action.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await action.getByRole('button', { name: 'Discard' }).waitFor();
    await action.getByRole('link', { name: 'Review the new version' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.waitForURL(`**/review/${acme}/${roundId}`);
    expect((await onServer(other.id)).versions.at(-2)!.decision).toBeNull();
  });
});
