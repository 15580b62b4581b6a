// /iframe/360 on the frames the server itself rendered (issue 14): nothing intercepted. The public
// call starts the preset's frame set on the job queue; once it is ready the page shows those files
// (WebP through srcset), each one the server stores, and a drag shows the frame the turn maps to.
// The load order and the drag rule are covered on 48 distinct addresses in spin-iframe.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call } from '../support/http.ts';
import { working } from '../server/exports.fixtures.ts';

const N = 24;
interface SpinFrame {
  index: number;
  webp: Record<string, string>;
  jpeg: Record<string, string>;
}

describe.skipIf(skipWithoutChromium('real frame set e2e'))('/iframe/360 on a frame set the server rendered', () => {
  const env = usePortalAndBrowser(working({ spinWidths: [320, 640] }));
  let context: BrowserContext;
  let page: Page;
  let frames: SpinFrame[];
  const fetched = new Map<string, number>();
  /** Every stored file of the set (24 frames share the preset's rendered views). */
  const inSet = new Set<string>();

  beforeAll(async () => {
    const p = (await env.s.db.one<{ id: number; customer_id: number }>(
      "SELECT id, customer_id FROM products WHERE sku = 'ACM-1005'",
    ))!;
    const token = await env.s.tokenFor('manager@acme.test');
    const key = (
      await call(env.s, 'GET', '/gets/product/share-key', { token, query: { id_product: p.id, id_customer: p.customer_id } })
    ).body.key;
    const preset = (await env.s.db.one<{ id: number }>(
      "SELECT id FROM product_presets WHERE product_id = $1 AND section = '360' ORDER BY id LIMIT 1",
      [p.id],
    ))!.id;
    const query = { id_product: p.id, id_customization: preset, frames: N, key };
    // The first ask starts the render; the page would poll the same way.
    const until = Date.now() + 90_000;
    for (;;) {
      const r = await call(env.s, 'GET', '/public/360', { query });
      frames = r.body.frames;
      if (r.body.status === 'ready' && frames.length === N) break;
      if (Date.now() > until) throw new Error(`frame set not ready in 90 s: ${JSON.stringify(r.body).slice(0, 300)}`);
      await new Promise((done) => setTimeout(done, 500));
    }
    for (const f of frames)
      for (const u of [...Object.values(f.webp), ...Object.values(f.jpeg)]) inSet.add(new URL(u, env.s.url).pathname);

    context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 900, height: 700 } });
    page = await context.newPage();
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.request().resourceType() === 'image') fetched.set(path, r.status());
    });
    await page.goto(`${env.s.url}/iframe/360?id_product=${p.id}&id_customization=${preset}&frames=${N}&key=${key}`);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
  });

  const pathsOf = (f: SpinFrame) =>
    [...Object.values(f.webp), ...Object.values(f.jpeg)].map((u) => new URL(u, env.s.url).pathname);
  const shownPath = () =>
    page
      .locator('img')
      .first()
      .evaluate((i: HTMLImageElement) => ({ path: new URL(i.currentSrc).pathname, width: i.naturalWidth }));

  it('shows the stored frames: every address it fetches is one of the set, answered 200, in WebP', async () => {
    const slider = page.getByRole('slider', { name: /^360 view of / });
    await slider.waitFor();
    await expect.poll(async () => (await shownPath()).width, { timeout: 15_000 }).toBeGreaterThan(0);
    const first = await shownPath();
    expect(pathsOf(frames[0]!)).toContain(first.path);
    expect(first.path).toMatch(/\.webp$/);
    // Every view of the turn is fetched (24 frames map onto the preset's rendered views).
    const views = new Set(frames.map((f) => new URL(Object.values(f.webp)[0]!, env.s.url).pathname.replace(/-\d+\.webp$/, '')));
    await expect
      .poll(() => new Set([...fetched.keys()].map((k) => k.replace(/-\d+\.(webp|jpg)$/, ''))).size, { timeout: 15_000 })
      .toBe(views.size);
    expect([...fetched.keys()].filter((k) => !inSet.has(k))).toEqual([]);
    expect([...fetched.values()].every((s) => s === 200)).toBe(true);
  });

  it('a drag shows the frame the turn maps to, from the same set', async () => {
    const slider = page.getByRole('slider', { name: /^360 view of / });
    const box = (await slider.boundingBox())!;
    // Reduced motion: no inertia, so the frame shown after the drag is the rule's (spin-iframe.test.ts).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.mouse.move(box.x + box.width / 4, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2); // a quarter of the stage: a quarter turn
    await page.mouse.up();
    const now = Number(await slider.getAttribute('aria-valuenow')) - 1;
    expect(now).not.toBe(0);
    const expected = frames[now]!;
    await expect.poll(async () => pathsOf(expected).includes((await shownPath()).path)).toBe(true);
  });
});
