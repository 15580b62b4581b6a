// Uploads, downloads and offline in the preset panels, in real Chromium (document 3 §4, §8): two
// images uploaded with 'Uploading n of m images' then 'Upload complete'; 'Download All Images' as the
// server's zip of the uploads (silo); 'Render presets (zip)' as the browser's zip built by the render
// worker (vignette: 'Building Image i of n', 'Creating a zip file...', named after the SKU and the date); a preset edited offline
// survives a reload and reaches the server once after reconnecting.
import JSZip from 'jszip';
import sharp from 'sharp';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call } from '../support/http.ts';
import { dialogTexts, loaded, openSection, recordDialogTexts, serverPresets } from './imagery-helpers.ts';
import { installServiceWorker, signIn } from './shell-helpers.ts';

const SKU = 'ACM-1006';
const today = () => new Date().toISOString().slice(0, 10);
const png = (background: string) =>
  sharp({ create: { width: 80, height: 80, channels: 3, background } })
    .png()
    .toBuffer();
const zipOf = async (d: Download) => JSZip.loadAsync(await streamBytes(d));
async function streamBytes(d: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of (await d.createReadStream())!) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe.skipIf(skipWithoutChromium('imagery files e2e'))('imagery uploads, downloads and offline', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  let cid: number;
  let token: string;
  let productId: number;
  const uploaded = async () =>
    (await call(env.s, 'GET', '/gets/product', { token, query: { id_product: productId, id_customer: cid } })).body.product
      .images_uploaded as unknown[];

  beforeAll(async () => {
    cid = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Acme Living'"))!.id;
    productId = (await env.s.db.one<{ id: number }>('SELECT id FROM products WHERE sku = $1', [SKU]))!.id;
    token = await env.s.tokenFor('manager@acme.test');
    context = await env.browser.newContext({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true }); // service workers allowed
    page = await context.newPage();
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('uploads two images one by one with the progress text, then downloads the server zip', async () => {
    const before = (await uploaded()).length;
    await openSection(page, env.s.url, productId, 'silo');
    await loaded(page);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload images' });
    await dialog.locator('input[type=file]').setInputFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: await png('#d33') },
      { name: 'green.png', mimeType: 'image/png', buffer: await png('#3d3') },
    ]);
    await recordDialogTexts(page);
    await dialog.getByRole('button', { name: 'Upload 2 images' }).click();
    await dialog.getByText('Upload complete', { exact: true }).waitFor();
    const texts = await dialogTexts(page);
    expect(texts.some((t) => t.includes('Uploading 1 of 2 images'))).toBe(true);
    expect(texts.findIndex((t) => t.includes('Upload complete'))).toBeGreaterThan(
      texts.findIndex((t) => t.includes('Uploading 1 of 2 images')),
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(await uploaded()).toHaveLength(before + 2);
    await page.getByRole('button', { name: 'green.png' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download All Images' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${SKU}_silo_${today()}.zip`);
    const zip = await zipOf(download);
    expect(Object.keys(zip.files)).toHaveLength(before + 2);
  });

  it('Render presets (zip): the vignette presets rendered and zipped in the browser by the render worker', async () => {
    const presets = await serverPresets(env.s, token, cid, productId, 'vignette');
    await openSection(page, env.s.url, productId, 'vignette');
    await loaded(page);
    await recordDialogTexts(page);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Render presets (zip)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${SKU}_${today()}.zip`);
    const texts = await dialogTexts(page);
    for (let i = 1; i <= presets.length; i++)
      expect(texts.some((t) => t.includes(`Building Image ${i} of ${presets.length}`))).toBe(true);
    expect(texts.some((t) => t.includes('Creating a zip file...'))).toBe(true);
    const zip = await zipOf(download);
    const names = Object.keys(zip.files);
    expect(names).toHaveLength(presets.length);
    // 3840 px divided by the device pixel ratio (1 here).
    const first = await sharp(await zip.file(names[0]!)!.async('nodebuffer')).metadata();
    expect(first.width).toBe(3840);
  });

  it('keeps a preset edited offline through a reload and sends it once when back online', async () => {
    const [preset] = await serverPresets(env.s, token, cid, productId, 'silo');
    // The installed app: register the service worker as the offline e2e does (the e2e build leaves it off).
    await installServiceWorker(page);
    await openSection(page, env.s.url, productId, 'silo');
    await loaded(page);
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Preset 1', exact: true }).click();
    const shadow = page.getByLabel('Drop Shadow value', { exact: true });
    await shadow.fill('61');
    await shadow.press('Enter');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const popup = page.getByRole('dialog', { name: 'Update preset' });
    await popup.getByText('Saved on this device. It will be sent when you are back online.').waitFor();
    await popup.getByRole('button', { name: 'OK' }).click();

    await page.reload(); // a cold start, offline
    await page.getByRole('heading', { name: 'Silo Image', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Preset 1', exact: true }).click();
    expect(await shadow.inputValue()).toBe('61%');
    await page.getByTestId('pending-indicator').getByText('1 pending').waitFor();

    await context.setOffline(false);
    await page.getByTestId('pending-indicator').waitFor({ state: 'detached', timeout: 20_000 });
    const [after] = await serverPresets(env.s, token, cid, productId, 'silo');
    expect(after).toMatchObject({ id: preset!.id, shadow: 61, version: Number(preset!.version) + 1 });
  });
});
