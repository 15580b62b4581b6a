// The 3D viewer section of /product/{id} in real Chromium (document 3 §2, §5; issue 14): model-viewer's
// chunk is fetched only when the section opens (never on the catalogue or /login), the model shows
// from file_glb, the lazy-load toggle covers it with the thumbnail and a play button, the thumbnail
// upload goes to /posts/product/viewer/imagelazyload/store, 'No viewer available' without a model, axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { seriousViolations, signIn } from './shell-helpers.ts';

const SHOTS = process.env.E2E_SHOTS; // a folder: screenshots to look at

describe.skipIf(skipWithoutChromium('3D viewer e2e'))('3D viewer section', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  const fetched: string[] = [];
  const idOf = async (sku: string) => (await env.s.db.one<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku]))!.id;
  const modelViewerFetched = () => fetched.some((u) => /\/assets\/model-viewer-[^/]*\.js$/.test(u));

  beforeAll(async () => {
    context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1300, height: 900 } });
    page = await context.newPage();
    page.on('request', (r) => fetched.push(r.url()));
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('fetches model-viewer only when the section opens, and shows the model', async () => {
    const id = await idOf('ACM-1005');
    await page.goto(`${env.s.url}/product/${id}`);
    await page.getByRole('heading', { name: 'Info', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(modelViewerFetched()).toBe(false);
    await page.getByRole('tablist', { name: 'Product sections' }).getByRole('tab', { name: 'Viewer 3D' }).click();
    await page.getByRole('heading', { name: 'Viewer 3D', level: 2 }).waitFor();
    const mv = page.locator('model-viewer');
    await mv.waitFor();
    expect(modelViewerFetched()).toBe(true);
    // One read: software WebGL keeps the page's thread busy while the model renders.
    const seen = await mv.evaluate((el) => ({ src: el.getAttribute('src'), defined: customElements.get('model-viewer') === el.constructor }), undefined, { timeout: 60_000 });
    const src = seen.src!;
    expect(src).toMatch(/^\/storage\/products\/.+\.glb$/);
    expect(seen.defined).toBe(true);
    expect((await context.request.get(`${env.s.url}${src}`)).headers()['content-type']).toMatch(/gltf-binary/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/viewer-section.png` });
  });

  it('covers the model with the thumbnail and a play button while lazy loading is on', async () => {
    await page.getByRole('switch', { name: 'Play button' }).click();
    const play = page.getByRole('button', { name: /^Load the 3D model of / });
    await play.waitFor();
    await expect.poll(() => page.locator('model-viewer').count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/viewer-lazy.png` });
    await play.click();
    await page.locator('model-viewer').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('uploads one thumbnail, which the server then answers as the lazy-load image', async () => {
    const id = await idOf('ACM-1005');
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c04020' } }).png().toBuffer();
    const stored = page.waitForResponse((r) => r.url().includes('/posts/product/viewer/imagelazyload/store'));
    await page.getByLabel('Replace the thumbnail').setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: png });
    const res = await stored;
    expect(res.status()).toBe(200);
    const { path } = (await res.json()) as { path: string };
    const row = await env.s.db.one<{ image_lazy_load: string }>('SELECT image_lazy_load FROM product_viewers WHERE product_id = $1', [id]);
    expect(row!.image_lazy_load).toBe(path);
    // The section reads the links again: the thumbnail shown is the new file.
    await expect.poll(() => page.getByRole('img', { name: /^Thumbnail of the 3D viewer of / }).getAttribute('src'), { timeout: 10_000 }).toContain(path);
  });

  it("says 'No viewer available' for a product without a model", async () => {
    const id = await idOf('ACM-1012');
    await env.s.db.query('DELETE FROM product_viewers WHERE product_id = $1', [id]);
    await page.goto(`${env.s.url}/product/${id}?section=3d-viewer`);
    await page.getByText('No viewer available').waitFor();
    expect(await page.locator('model-viewer').count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/viewer-none.png` });
  });
});
