// Opening a model from the review page's list: click on its row -> its poster on screen, -> model-viewer's
// load event, -> the first frame after the model shows (it can be turned). Ten models opened for the
// first time online, each with its own poster and .glb; then the same ten from the device's cache with
// the browser offline (the page reloaded offline, served by the service worker); and the 5 MB model,
// online the first time and offline after.
import type { Browser, Page } from 'playwright-core';
import { storageUrl } from '../../src/api/storage-paths.ts';
import { stats } from '../support/stats.ts';
import type { TestServer } from '../../tests/support/server.ts';
import { armOpen, nextFrame, openTimes, settled, type OpenTimes } from './probes.ts';
import { modelLoaded, profiled, signedIn } from './session.ts';

export interface Delivered {
  model: number;
  glb: string;
  poster: string;
}

async function openOne(page: Page, m: Delivered): Promise<OpenTimes> {
  await settled(page);
  await armOpen(page, { poster: storageUrl(m.poster), glb: storageUrl(m.glb) });
  await page.locator(`[data-testid="model-list"] [data-item-id="${m.model}"]`).click();
  const t = await openTimes(page);
  await nextFrame(page);
  return t;
}

const round1 = (xs: number[]) => xs.map((x) => Math.round(x * 10) / 10);

function summary(runs: OpenTimes[]) {
  return {
    poster_ms: stats(
      runs.map((r) => r.poster),
      1,
    ),
    load_ms: stats(
      runs.map((r) => r.load),
      1,
    ),
    turnable_ms: stats(
      runs.map((r) => r.turnable),
      1,
    ),
    shown_first: runs.map((r) => r.via),
    poster_runs_ms: round1(runs.map((r) => r.poster)),
  };
}

const big = (r: OpenTimes) => ({
  poster_ms: round1([r.poster])[0],
  load_ms: round1([r.load])[0],
  turnable_ms: round1([r.turnable])[0],
  shown_first: r.via,
});

/**
 * `start` is shown first (the page's own first open, which also loads model-viewer's code), then each
 * of `models` is opened in turn, each after the previous one could be turned.
 */
export async function measureOpens(
  browser: Browser,
  s: TestServer,
  url: string,
  start: Delivered,
  models: Delivered[],
  large: Delivered,
) {
  const { context, page } = await signedIn(browser, s);
  try {
    await page.goto(`${url}?model=${start.model}`);
    await modelLoaded(page, storageUrl(start.glb));
    if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) throw new Error('the page has no service worker');
    const online: OpenTimes[] = [];
    await profiled(page, 'open-online', async () => {
      for (const m of models) online.push(await openOne(page, m));
    });
    const largeOnline = await openOne(page, large);

    await context.setOffline(true);
    await page.goto(`${url}?model=${start.model}`);
    await modelLoaded(page, storageUrl(start.glb));
    const offline: OpenTimes[] = [];
    await profiled(page, 'open-offline', async () => {
      for (const m of models) offline.push(await openOne(page, m));
    });
    const largeOffline = await openOne(page, large);
    return {
      online: summary(online),
      offline: summary(offline),
      large: { online: big(largeOnline), offline: big(largeOffline) },
    };
  } finally {
    await context.close();
  }
}
