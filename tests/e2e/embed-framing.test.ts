// Issue 40: who may frame what. A shop that EMBED_FRAME_ANCESTORS names shows the 360 embed and the 3D
// viewer in its page; a shop it does not name gets nothing, and neither shop can frame the portal
// itself (frame-ancestors 'none'). The refused frames are reported to the server as violations, which
// this file checks and then removes, so the file's own count of violations (tests/support/csp.ts)
// still holds every other page to zero.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call } from '../support/http.ts';
import type { Config } from '../../server/config.ts';

/** A shop's page on its own origin (localhost, not the portal's 127.0.0.1): one iframe of `src`. */
function shop(src: () => string): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><title>Shop</title><h1>Our sofa</h1><iframe id="embed" src="${src()}" width="560" height="420"></iframe>`,
    );
  });
  return new Promise((resolve) =>
    server.listen(0, 'localhost', () =>
      resolve({ server, origin: `http://localhost:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe.skipIf(skipWithoutChromium('embed framing e2e'))("the public pages in a shop's frame", () => {
  const overrides: Partial<Config> = {};
  let target = '';
  let allowed: { server: Server; origin: string };
  let other: { server: Server; origin: string };
  beforeAll(async () => {
    [allowed, other] = await Promise.all([shop(() => target), shop(() => target)]);
    overrides.embedFrameAncestors = ['https:', "'self'", allowed.origin];
  });
  const env = usePortalAndBrowser(overrides);
  let context: BrowserContext;
  let page: Page;
  let spin: string;
  let viewer: string;

  beforeAll(async () => {
    const product = (await env.s.db.one<{ id: number; customer_id: number }>(
      "SELECT id, customer_id FROM products WHERE sku = 'ACM-1005'",
    ))!;
    const token = await env.s.tokenFor('manager@acme.test');
    const key = (
      await call(env.s, 'GET', '/gets/product/share-key', {
        token,
        query: { id_product: product.id, id_customer: product.customer_id },
      })
    ).body.key;
    const preset = (await env.s.db.one<{ id: number }>(
      "SELECT id FROM product_presets WHERE product_id = $1 AND section = '360' ORDER BY id LIMIT 1",
      [product.id],
    ))!.id;
    spin = `${env.s.url}/iframe/360?id_product=${product.id}&id_customization=${preset}&frames=24&key=${key}`;
    viewer = `${env.s.url}/viewer/?id_product=${product.id}&key=${key}`;
    context = await env.browser.newContext({ serviceWorkers: 'block' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await new Promise((r) => allowed?.server.close(r));
    await new Promise((r) => other?.server.close(r));
  });

  const embedded = async (shopOrigin: string, src: string): Promise<Frame> => {
    target = src;
    await page.goto(`${shopOrigin}/`);
    const frame = await (await page.locator('#embed').elementHandle())!.contentFrame();
    return frame!;
  };
  const refusedFrames = () => env.s.app.services.cspReports.kept.filter((v) => v.directive === 'frame-ancestors');

  it('a shop that EMBED_FRAME_ANCESTORS names shows the 360 embed and the 3D viewer', async () => {
    for (const src of [spin, viewer]) {
      const frame = await embedded(allowed.origin, src);
      await frame.locator('main').waitFor();
      expect(frame.url()).toBe(src);
    }
    expect(refusedFrames()).toEqual([]);
  });

  it("the 3D viewer in the official embed's 560 × 420 frame leaves the model uncovered; its QR card opens on demand", async () => {
    const frame = await embedded(allowed.origin, viewer);
    const toggle = frame.getByRole('button', { name: 'See it in your room' });
    await toggle.waitFor();
    const card = frame.getByRole('complementary', { name: 'See it in your room' });
    expect(await card.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // The middle of the frame, where the model is framed, is the model's (poster or model-viewer) only.
    const covered = await frame.evaluate(() => {
      const stage = document.querySelector('.viewer-stage')!;
      const out: string[] = [];
      for (let x = 0.2; x <= 0.8; x += 0.1)
        for (let y = 0.2; y <= 0.8; y += 0.1) {
          const top = document.elementFromPoint(innerWidth * x, innerHeight * y);
          if (!top || !stage.contains(top)) out.push(`${top?.className} at ${x.toFixed(1)},${y.toFixed(1)}`);
        }
      return out;
    });
    expect(covered).toEqual([]);
    // The poster's own ground fills the frame, and the model will stand on it too (issue 43).
    await expect
      .poll(() => frame.locator('.viewer-stage').evaluate((el) => (el as HTMLElement).style.getPropertyValue('--model-backdrop')))
      .toMatch(/^rgb\(/);
    await toggle.click();
    await card.getByRole('img', { name: /QR code/ }).waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await card.getByRole('button', { name: 'Close' }).click();
    await card.waitFor({ state: 'hidden' });
    await toggle.click();
    await card.waitFor();
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'hidden' });
  });

  it('a shop it does not name, and any shop framing the portal, are refused and reported', async () => {
    for (const [origin, src] of [
      [other.origin, spin],
      [allowed.origin, `${env.s.url}/login`],
    ] as const) {
      // A refused frame's report names only the framed page's origin, so it is told by the count.
      const before = refusedFrames().length;
      const frame = await embedded(origin, src);
      await expect.poll(() => refusedFrames().length).toBeGreaterThan(before);
      expect(await frame.locator('main').count()).toBe(0);
    }
    // Expected here, and only here: the file's count of violations ignores them.
    const kept = env.s.app.services.cspReports.kept;
    kept.splice(0, kept.length, ...kept.filter((v) => v.directive !== 'frame-ancestors'));
  });
});
