// The product screen's issue-14 parts in real Chromium (document 3 §2, §5, §8): the 3D viewer section
// (model-viewer's chunk fetched only when it opens, never on /login or the portal's first screens; the
// model from file_glb; the lazy-load toggle; the thumbnail upload; the iframe code copied with its
// message; 'No viewer available') and the 360 tab's additions (the 24/48-frame embed codes, 'Select
// Preset', the Download Options' messages, a queued export in the Downloads panel), axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { working } from '../server/exports.fixtures.ts';
import { seriousViolations, signIn } from './shell-helpers.ts';
import { changeByHand } from '../support/by-hand.ts';

const SHOTS = process.env.E2E_SHOTS; // a folder: screenshots to look at

describe.skipIf(skipWithoutChromium('3D viewer e2e'))('3D viewer section', () => {
  // Export jobs are worked in this server, so a queued export reaches 'Ready' in the Downloads panel.
  const env = usePortalAndBrowser(working());
  let context: BrowserContext;
  let page: Page;
  const fetched: string[] = [];
  const idOf = async (sku: string) => (await env.s.db.one<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku]))!.id;
  const modelViewerFetched = () => fetched.some((u) => /\/assets\/model-viewer-[^/]*\.js$/.test(u));

  beforeAll(async () => {
    context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1300, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.s.url });
    page = await context.newPage();
    page.on('request', (r) => fetched.push(r.url()));
    // Wayfair (the demo's retailer whose file names need a note) at 12 views of 600 px instead of 48 of
    // 1,600 px in this file's copy: here the point is the note, the panel and one job per option, and the
    // 48 full-size frames took 38 s of the two cores; tests/server/exports.test.ts renders full sizes.
    await changeByHand(
      env.s.db,
      `UPDATE retailers SET width = 600, height = 600, images_per_row = 12 WHERE retailer = 'Wayfair'`,
    );
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
    // The page settled (its pulls done; the live stream stays open, so never 'networkidle').
    await page.getByTestId('sync-status').getByText('Up to date').waitFor();
    expect(modelViewerFetched()).toBe(false);
    await page.getByRole('tablist', { name: 'Product sections' }).getByRole('tab', { name: 'Viewer 3D' }).click();
    await page.getByRole('heading', { name: 'Viewer 3D', level: 2 }).waitFor();
    const mv = page.locator('model-viewer');
    await mv.waitFor();
    expect(modelViewerFetched()).toBe(true);
    // One read: software WebGL keeps the page's thread busy while the model renders.
    const seen = await mv.evaluate(
      (el) => ({ src: el.getAttribute('src'), defined: customElements.get('model-viewer') === el.constructor }),
      undefined,
      { timeout: 60_000 },
    );
    const src = seen.src!;
    expect(src).toMatch(/^\/storage\/products\/.+\.glb$/);
    expect(seen.defined).toBe(true);
    expect((await context.request.get(`${env.s.url}${src}`)).headers()['content-type']).toMatch(/gltf-binary/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/viewer-section.png` });
  });

  it("copies the iframe code with 'The text has been copied to the clipboard'; its page opens with the key", async () => {
    const box = page.getByTestId('viewer-embed').getByLabel('Iframe code', { exact: true });
    await expect.poll(() => box.inputValue(), { timeout: 10_000 }).toMatch(/^<iframe src="/);
    await box.click();
    await page.getByText('The text has been copied to the clipboard').waitFor();
    const code = await page.evaluate(() => navigator.clipboard.readText());
    expect(code).toBe(await box.inputValue());
    expect(code).toMatch(
      /title="3D view of [^"]+" loading="lazy" allow="fullscreen; xr-spatial-tracking" allowfullscreen style="width:100%;aspect-ratio:4 \/ 3;border:0"/,
    );
    const src = /src="([^"]+)"/.exec(code)![1]!.replace(/&amp;/g, '&');
    expect((await context.request.get(src)).status()).toBe(200);
    expect((await context.request.get(src.replace(/key=[^&]+/, 'key=wrong'))).status()).toBe(404);
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
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c04020' } })
      .png()
      .toBuffer();
    const stored = page.waitForResponse((r) => r.url().includes('/posts/product/viewer/imagelazyload/store'));
    await page.getByLabel('Replace the thumbnail').setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: png });
    const res = await stored;
    expect(res.status()).toBe(200);
    const { path } = (await res.json()) as { path: string };
    const row = await env.s.db.one<{ image_lazy_load: string }>(
      'SELECT image_lazy_load FROM product_viewers WHERE product_id = $1',
      [id],
    );
    expect(row!.image_lazy_load).toBe(path);
    // The section reads the links again: the thumbnail shown is the new file.
    await expect
      .poll(() => page.getByRole('img', { name: /^Thumbnail of the 3D viewer of / }).getAttribute('src'), { timeout: 10_000 })
      .toContain(path);
  });

  it("says 'No viewer available' for a product without a model", async () => {
    const id = await idOf('ACM-1012');
    await changeByHand(env.s.db, 'DELETE FROM product_viewers WHERE product_id = $1', [id]);
    await page.goto(`${env.s.url}/product/${id}?section=3d-viewer`);
    await page.getByText('No viewer available').waitFor();
    expect(await page.locator('model-viewer').count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/viewer-none.png` });
  });

  it("shows the 360 embed codes for a saved preset, 'Select Preset' without one, and copies them", async () => {
    const id = await idOf('ACM-1005');
    await page.goto(`${env.s.url}/product/${id}?section=360`);
    const code24 = page.getByTestId('embed-24').getByLabel('24 frames', { exact: true });
    await expect.poll(() => code24.inputValue(), { timeout: 10_000 }).toMatch(/^<iframe src="/);
    const code = await code24.inputValue();
    expect(code).toMatch(/\/iframe\/360\?id_product=\d+&amp;id_customization=\d+&amp;frames=24&amp;key=/);
    expect(code).toMatch(/loading="lazy" allow="fullscreen" allowfullscreen style="width:100%;aspect-ratio:/);
    expect(await page.getByTestId('embed-48').getByLabel('48 frames', { exact: true }).inputValue()).toContain('frames=48');
    await code24.click();
    await page.getByText('The text has been copied to the clipboard').first().waitFor();
    const src = /src="([^"]+)"/.exec(code)![1]!.replace(/&amp;/g, '&');
    expect((await context.request.get(src)).status()).toBe(200);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/spin-360-tab.png`, fullPage: true });

    const other = await idOf('ACM-1012');
    await changeByHand(env.s.db, "DELETE FROM product_presets WHERE product_id = $1 AND section = '360'", [other]);
    await page.goto(`${env.s.url}/product/${other}?section=360`);
    await expect
      .poll(() => page.getByTestId('embed-24').getByLabel('24 frames', { exact: true }).inputValue())
      .toBe('Select Preset');
    expect(await page.getByTestId('embed-48').getByLabel('48 frames', { exact: true }).inputValue()).toBe('Select Preset');
    await page.getByRole('switch', { name: '4K Images' }).click();
    await page.getByRole('button', { name: 'Send to email' }).click();
    await page.getByRole('alert').getByText('Please select or create a preset.').waitFor();
  });

  it("asks for the note ('Please fill input for' + the retailer), then queues one export per option into the Downloads panel, each reaching Ready", async () => {
    const id = await idOf('ACM-1005');
    await page.goto(`${env.s.url}/product/${id}?section=360`);
    await page.getByRole('switch', { name: 'Wayfair' }).click();
    // Home Depot (12 views at 1,000 px) rather than 4K Images: the server's exports test renders 4K; here
    // the point is the panel, the note and one job per option.
    await page.getByRole('switch', { name: 'Home Depot' }).click();
    await page.getByRole('button', { name: 'Send to email' }).click();
    await page.getByText('Please fill input for Wayfair').waitFor();
    await page.getByLabel('Note for Wayfair').fill('oak');
    const queued = page.waitForResponse((r) => r.url().includes('/enqueue/download') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send to email' }).click();
    expect((await queued).status()).toBe(200);
    await page.getByText('An e-mail with the link will follow.', { exact: false }).waitFor();
    const jobs = page.getByTestId('export-job');
    await expect.poll(() => jobs.count(), { timeout: 10_000 }).toBe(2);
    const rows = await env.s.db.query<{ retailer_id: number; note: string | null }>(
      'SELECT retailer_id, note FROM exports WHERE product_id = $1 ORDER BY retailer_id',
      [id],
    );
    expect(rows.map((r) => r.note)).toEqual(['oak', null]);
    // Rendered by the server's worker, each reaches Ready with its link, without a reload.
    await expect.poll(() => page.getByRole('link', { name: 'Download the zip' }).count(), { timeout: 240_000 }).toBe(2);
    await jobs.first().getByText('Ready').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/spin-downloads.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  }, 300_000);
  it('loads a textured Draco- and KTX2-compressed model with the decoders of this origin, in the section and on /viewer/', async () => {
    // A studio delivery's usual form (issue 40): the decoders come from /decoders/, never a CDN, under the
    // Content-Security-Policy (blob: workers, WebAssembly, the texture read through a blob: URL).
    const id = await idOf('ACM-1006');
    const glb = await env.s.app.services.storage.save(
      `products/test/${id}/viewer`,
      'glb',
      readFileSync('tests/fixtures/textured-draco-ktx2.glb'),
    );
    await changeByHand(env.s.db, 'UPDATE product_viewers SET file_glb = $2, updated_at = now() WHERE product_id = $1', [id, glb]);
    const loaded = (p: Page) =>
      p.locator('model-viewer').evaluate((el) => {
        const mv = el as HTMLElement & {
          loaded: boolean;
          model?: { materials: { pbrMetallicRoughness: { baseColorTexture: { texture: unknown } | null } }[] };
        };
        return mv.loaded && !!mv.model?.materials[0]?.pbrMetallicRoughness.baseColorTexture?.texture;
      });
    const requested = fetched.length;
    await page.goto(`${env.s.url}/product/${id}?section=3d-viewer`);
    await page.locator(`model-viewer[src$="${glb.split('/').pop()}"]`).waitFor();
    await expect.poll(() => loaded(page), { timeout: 60_000 }).toBe(true);
    const since = fetched.slice(requested);
    for (const decoder of [
      '/decoders/draco/draco_wasm_wrapper.js',
      '/decoders/draco/draco_decoder.wasm',
      '/decoders/basis/basis_transcoder.js',
      '/decoders/basis/basis_transcoder.wasm',
    ]) {
      expect(
        since.some((u) => u === `${env.s.url}${decoder}`),
        decoder,
      ).toBe(true);
    }
    expect(since.filter((u) => !u.startsWith(env.s.url) && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual([]);

    const embed = await page.getByTestId('viewer-embed').getByLabel('Iframe code', { exact: true }).inputValue();
    const shopper = await context.newPage();
    await shopper.goto(/src="([^"]+)"/.exec(embed)![1]!.replace(/&amp;/g, '&'));
    // The page loads the model at the shopper's first move; it listens from the moment its poster cover is up.
    await shopper.locator('.model-cover').waitFor({ state: 'attached' });
    await shopper.mouse.move(200, 200);
    await shopper.locator('model-viewer').waitFor({ timeout: 90_000 }); // about 1 MB of script on a busy machine
    await expect.poll(() => loaded(shopper), { timeout: 60_000 }).toBe(true);
    await shopper.close();
  });
});
