// Issue 27 in real Chromium: the uploaded-photos carousel of a 360 upload group (document 3 §2: it
// wraps around; a mouse drag under 3 px is ignored, the movement is halved, each step is at most ±10
// photos) and its keys; the group's uploadimage=1 embed code, built from PUBLIC_URL, playing the
// group's photos on /iframe/360 in the portal's Inter; then a new share key, after which the old
// address shows the 'not available' page.
import sharp from 'sharp';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_TITLE } from '../../src/entries/unavailable.ts';
import { dragStep, wrap } from '../../src/spin/rules.ts';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call, form } from '../support/http.ts';
import { loaded, openSection } from './imagery-helpers.ts';
import { signIn } from './shell-helpers.ts';
import { working } from '../server/exports.fixtures.ts';

const SHOTS = process.env.E2E_SHOTS;
const N = 24;
/** A photo per position, each its own colour, so every one is a different file. */
const photo = (i: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="240"><rect width="200" height="240" fill="hsl(${i * 15} 60% 55%)"/><circle cx="${20 + i * 7}" cy="120" r="16" fill="#fff"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

describe.skipIf(skipWithoutChromium('photo carousel e2e'))('the uploaded-photos carousel and its embed', () => {
  // Jobs run in the server's process: the group's frame set is rendered for /iframe/360.
  const env = usePortalAndBrowser(working({ spinWidths: [320, 640] }));
  let context: BrowserContext;
  let page: Page;
  let productId: number;
  let cid: number;
  let group: number;
  let paths: string[];
  let embedAddress: string;

  const now = async (slider: Locator) => Number(await slider.getAttribute('aria-valuenow')) - 1;
  /** One drag: down at x0, moved by each of `moves` (px from x0) in turn, then up. */
  async function drag(p: Page, slider: Locator, moves: number[], from = 0) {
    await slider.scrollIntoViewIfNeeded();
    const box = (await slider.boundingBox())!;
    const y = box.y + box.height / 2;
    const x0 = box.x + box.width / 2 + from;
    await p.mouse.move(x0, y);
    await p.mouse.down();
    for (const dx of moves) await p.mouse.move(x0 + dx, y);
    await p.mouse.up();
  }

  beforeAll(async () => {
    productId = (await env.s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1005'"))!.id;
    cid = (await env.s.db.one<{ customer_id: number }>('SELECT customer_id FROM products WHERE id = $1', [productId]))!
      .customer_id;
    const token = await env.s.tokenFor('manager@acme.test');
    // A 360 upload session of 24 photos, through the real upload calls.
    group = (
      await call(env.s, 'GET', '/gets/product/images-uploaded/360/new-group', {
        token,
        query: { id_product: productId, id_customer: cid },
      })
    ).body.new_id;
    paths = [];
    for (let i = 0; i < N; i++) {
      const r = await call(env.s, 'POST', '/posts/product/images-uploaded/360/store', {
        token,
        form: form(
          { id_product: productId, id_customer: cid, id_folder: group },
          { file_image: { name: `IMG_${i}.png`, bytes: await photo(i) } },
        ),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      paths.push(r.body.path_image);
    }
    context = await env.browser.newContext({ viewport: { width: 1440, height: 1000 }, serviceWorkers: 'block' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.s.url });
    page = await context.newPage();
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
    await openSection(page, env.s.url, productId, '360');
    await loaded(page);
    await page.getByRole('button', { name: 'Upload 1', exact: true }).click();
  });
  afterAll(async () => {
    await context?.close();
  });

  const carousel = () => page.getByRole('slider', { name: 'Photos of Upload 1' });

  it('drags by document 3: under 3 px nothing, half the movement, at most ±10 photos a step, wrapping both ways', async () => {
    const slider = carousel();
    await slider.waitFor();
    expect(await slider.getAttribute('aria-valuemax')).toBe(String(N));
    expect(await now(slider)).toBe(0);
    await drag(page, slider, [2]); // the dead zone
    expect(await now(slider)).toBe(0);
    await drag(page, slider, [40]); // 40 px at once: half is 20, limited to 10
    expect(dragStep(40)).toBe(10);
    expect(await now(slider)).toBe(10);
    // Slow: each 2 px is inside the dead zone, so the anchor stays until 4 px have gathered: 2 photos.
    await drag(
      page,
      slider,
      Array.from({ length: 20 }, (_, k) => 2 * (k + 1)),
    );
    expect(await now(slider)).toBe(wrap(10 + 20, N)); // past the last photo to the first ones
    await drag(page, slider, [5]); // halved, toward zero
    expect(await now(slider)).toBe(wrap(30 + 2, N));
    await drag(page, slider, [-40], 100); // back 10, past the first photo to the last ones
    expect(await now(slider)).toBe(wrap(32 - 10, N));
    // The picture shown is that photo.
    await expect
      .poll(() => page.getByTestId('photo-carousel').locator('.spin-img').getAttribute('src'))
      .toBe(`/storage/${paths[wrap(22, N)]}`);
    await expect
      .poll(() => page.getByTestId('photo-carousel').locator('.spin-count').textContent())
      .toBe(`${wrap(22, N) + 1} / ${N}`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/carousel-portal.png` });
  });

  it('answers the arrows, Home and End once focused, wrapping', async () => {
    const slider = carousel();
    await slider.focus();
    const at = await now(slider);
    await page.keyboard.press('ArrowRight');
    expect(await now(slider)).toBe(wrap(at + 1, N));
    await page.keyboard.press('End');
    expect(await now(slider)).toBe(N - 1);
    await page.keyboard.press('ArrowRight');
    expect(await now(slider)).toBe(0);
    await page.keyboard.press('ArrowLeft');
    expect(await now(slider)).toBe(N - 1);
    await page.keyboard.press('Home');
    expect(await now(slider)).toBe(0);
    expect(await slider.getAttribute('aria-valuetext')).toBe(`Photo 1 of ${N}`);
    expect(await slider.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  });

  it("offers the group's uploadimage=1 embed code, built from PUBLIC_URL", async () => {
    const box = page.getByTestId('embed-uploads').getByRole('textbox');
    await expect.poll(() => box.inputValue()).toContain('uploadimage=1');
    const code = await box.inputValue();
    const origin = new URL(env.s.config.publicUrl).origin;
    const src = /src="([^"]+)"/.exec(code)![1]!.replace(/&amp;/g, '&');
    expect(src.startsWith(`${origin}/iframe/360?id_product=${productId}&id_customization=${group}&uploadimage=1&key=`)).toBe(
      true,
    );
    expect(code).toContain('title="Photos of ACM-1005"');
    // The 24 and 48 frames boxes are for presets.
    expect(await page.getByTestId('embed-24').count()).toBe(0);
    const u = new URL(src);
    embedAddress = `${env.s.url}${u.pathname}${u.search}`;
  });

  it('/iframe/360 with uploadimage=1 plays the group’s photos in the carousel, in Inter', async () => {
    const key = new URL(embedAddress).searchParams.get('key')!;
    // The group's frame set renders in the server's job queue: wait until it is ready.
    const ask = () =>
      call(env.s, 'GET', '/public/360', { query: { id_product: productId, id_customization: group, uploadimage: 1, key } });
    await expect.poll(async () => (await ask()).body.status, { timeout: 90_000, interval: 500 }).toBe('ready');
    const frames = (await ask()).body.frames as Array<{
      index: number;
      webp: Record<string, string>;
      jpeg: Record<string, string>;
    }>;
    expect(frames).toHaveLength(N);
    const embed = await context.newPage();
    const res = await embed.goto(embedAddress);
    expect(res!.status()).toBe(200);
    const slider = embed.getByRole('slider', { name: /^Photos of / });
    await slider.waitFor();
    expect(await slider.getAttribute('aria-valuemax')).toBe(String(N));
    await drag(embed, slider, [40]);
    expect(await now(slider)).toBe(10);
    const urlsOf = (i: number) =>
      [...Object.values(frames[i]!.webp), ...Object.values(frames[i]!.jpeg)].map((p) => new URL(p, env.s.url).href);
    await expect
      .poll(() => embed.locator('.spin-img').evaluate((img: HTMLImageElement) => img.currentSrc))
      .toSatisfy((src: string) => urlsOf(10).includes(src));
    await embed.evaluate(() => document.fonts.ready);
    expect(await embed.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable"/);
    expect(await embed.evaluate(() => document.fonts.check('12px "Inter Variable"'))).toBe(true);
    if (SHOTS) await embed.screenshot({ path: `${SHOTS}/carousel-iframe.png` });
    await embed.close();
  });

  it('a new share key, after a confirmation, ends the old embed: its address shows the not-available page', async () => {
    const box = page.getByTestId('embed-uploads').getByRole('textbox');
    const oldKey = new URL(embedAddress).searchParams.get('key')!;
    await page.getByRole('button', { name: 'New share key' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Replace the share key?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('already published stop working');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/rotate-confirm.png` });
    await dialog.getByRole('button', { name: 'Replace the key' }).click();
    await page.getByText('New share key', { exact: true }).last().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => box.inputValue()).not.toContain(oldKey);
    const newKey = /key=([A-Za-z0-9_-]+)/.exec(await box.inputValue())![1]!;
    expect(
      (await env.s.db.one<{ key: string }>('SELECT key FROM product_share_keys WHERE product_id = $1', [productId]))!.key,
    ).toBe(newKey);
    // A visitor after the rotation (a browser that has not cached the page in the last 5 minutes).
    const visitor = await env.browser.newContext({ serviceWorkers: 'block' });
    const old = await visitor.newPage();
    const res = await old.goto(embedAddress);
    expect(res!.status()).toBe(404);
    await old.getByRole('heading', { name: UNAVAILABLE_TITLE }).waitFor();
    expect(await old.content()).not.toContain('ACM-1005');
    if (SHOTS) await old.screenshot({ path: `${SHOTS}/not-available.png` });
    const fresh = await old.goto(embedAddress.replace(oldKey, newKey));
    expect(fresh!.status()).toBe(200);
    await visitor.close();
  });
});
