// Shared steps of the review page's browser tests (issue 42): the round of the demo that needs approval,
// a fresh signed-in page, the round as the server answers it, and a point on the model's surface.
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { ReviewRoundData } from '../../src/data/index.ts';
import { call, DEMO } from '../support/http.ts';
import type { TestServer } from '../support/server.ts';
import { signIn } from './shell-helpers.ts';

const SHOTS_DIR = '.tmp/shots';

/** Acme's "Batch C" (status 2, needs approval): its company and round ids. */
export async function batchC(s: TestServer) {
  const acme = (await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
  const roundId = (await s.db.one<{ id: number }>(
    `SELECT id FROM dashboard_rounds WHERE customer_id = $1 AND title = 'Batch C'`,
    [acme],
  ))!.id;
  return { acme, roundId, url: `${s.url}/review/${acme}/${roundId}` };
}

/** The round as the server has it now (read as the Acme manager). */
export async function serverRound(s: TestServer, acme: number, roundId: number): Promise<ReviewRoundData> {
  const r = await call(s, 'GET', '/gets/review/round', {
    token: await s.tokenFor(DEMO.acme),
    query: { id_customer: acme, id_round: roundId },
  });
  return r.body as ReviewRoundData;
}

/** A new context signed in as `email`, on its landing page. */
export async function freshPage(
  browser: Browser,
  s: TestServer,
  email: string,
  o: { serviceWorkers?: 'allow' | 'block'; landing?: string; width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    serviceWorkers: o.serviceWorkers ?? 'block',
    viewport: { width: o.width ?? 1280, height: o.height ?? 800 },
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[page]', e.message));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, s.url, email);
  await page.waitForURL(o.landing ?? '**/dashboard');
  return { context, page };
}

export const viewer = (page: Page) => page.locator('[data-testid="review-viewer"] model-viewer');

/** Waits until model-viewer has loaded the version's model (pins are picked on the loaded scene). */
export async function modelLoaded(page: Page, src?: string) {
  await page.waitForFunction(
    (want) => {
      const mv = document.querySelector('[data-testid="review-viewer"] model-viewer') as
        (HTMLElement & { loaded?: boolean }) | null;
      return !!mv?.loaded && (!want || mv.getAttribute('src') === want);
    },
    src,
    { polling: 100 },
  );
}

/**
 * A point of the model's surface in the page: its centre, or the nearest point around it that model-viewer
 * finds on the model (a table seen from the front may show the floor at its very centre).
 */
export async function surfacePoint(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    type Hit = (x: number, y: number) => unknown;
    const mv = document.querySelector('[data-testid="review-viewer"] model-viewer') as HTMLElement & {
      positionAndNormalFromPoint: Hit;
    };
    const r = mv.getBoundingClientRect();
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    for (let ring = 0; ring < 16; ring++) {
      const steps = Math.max(1, ring * 8);
      for (let k = 0; k < steps; k++) {
        const a = (k / steps) * 2 * Math.PI;
        const x = cx + Math.cos(a) * ring * 10;
        const y = cy + Math.sin(a) * ring * 10;
        if (mv.positionAndNormalFromPoint(x, y)) return { x, y };
      }
    }
    throw new Error('No point of the model found near the centre of the view');
  });
}

/** model-viewer's camera target now (metres). */
export const cameraTarget = (page: Page) =>
  page.evaluate(() => {
    const mv = document.querySelector('[data-testid="review-viewer"] model-viewer') as HTMLElement & {
      getCameraTarget(): { x: number; y: number; z: number };
    };
    const t = mv.getCameraTarget();
    return [t.x, t.y, t.z];
  });

/** A screenshot of the page from its top, or with `at` in view (the page scrolls inside the shell's main). */
export async function shoot(page: Page, name: string, at?: Locator) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  if (at) await at.scrollIntoViewIfNeeded();
  else await page.locator('#content').evaluate((m) => m.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png` });
}
