// Cancel means cancel (issue 26): Render presets (zip), the vignette presets rendered in the browser
// (issue 27), stopped during 'Building Image 1 of n' closes its dialog for good (the held image
// requests released afterwards bring nothing back), the screen stays usable and a second run goes to
// its end; an upload cancelled after its first file left
// sends nothing more; a CSV read cancelled while the worker reads adds no rows.
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { call } from '../support/http.ts';
import { dialogTexts, loaded, openSection, recordDialogTexts } from './imagery-helpers.ts';
import { holdRequests, signIn } from './shell-helpers.ts';

describe.skipIf(skipWithoutChromium('cancel e2e'))('cancel of long tasks', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  let productId: number;
  let cid: number;
  let token: string;
  const uploaded = async () =>
    (await call(env.s, 'GET', '/gets/product', { token, query: { id_product: productId, id_customer: cid } })).body.product
      .images_uploaded as unknown[];

  beforeAll(async () => {
    productId = (await env.s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1005'"))!.id;
    cid = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Acme Living'"))!.id;
    token = await env.s.tokenFor('manager@acme.test');
    // No service worker: the render worker's image requests reach the page's routes.
    context = await env.browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 1440, height: 1000 },
      acceptDownloads: true,
    });
    page = await context.newPage();
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('Cancel during Render presets (zip) closes the dialog for good; a second run goes to its end', async () => {
    await openSection(page, env.s.url, productId, 'vignette');
    await loaded(page);
    const held = await holdRequests(page, '**/storage/**');
    const progress = page.getByRole('dialog', { name: 'Rendering presets' });
    await page.getByRole('button', { name: 'Render presets (zip)' }).click();
    await progress.getByText(/Building Image 1 of \d+/).waitFor();
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await progress.waitFor({ state: 'detached' });
    await recordDialogTexts(page);
    await page.screenshot({ path: '.tmp/cancel-vignette-after.png' });

    // What the worker was waiting for arrives now: nothing may come back.
    held.releaseAll();
    // The page answers: Escape and another control work (the section's tabs).
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Info' }).click();
    await page.getByRole('heading', { name: 'Info', level: 2 }).waitFor();
    expect(await dialogTexts(page)).toEqual([]);
    expect(await progress.count()).toBe(0);

    // A second run goes to its end.
    await openSection(page, env.s.url, productId, 'vignette');
    await loaded(page);
    await recordDialogTexts(page);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Render presets (zip)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ACM-1005_\d{4}-\d{2}-\d{2}\.zip$/);
    await progress.waitFor({ state: 'detached' });
    const texts = await dialogTexts(page);
    expect(texts.some((t) => t.includes('Creating a zip file...'))).toBe(true);
  });

  it('Cancel during an upload sends nothing after the file on its way, and the dialog stays closed', async () => {
    const before = (await uploaded()).length;
    await openSection(page, env.s.url, productId, 'silo');
    await loaded(page);
    const held = await holdRequests(page, '**/backend/posts/product/images-uploaded/store**');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload images' });
    const png = (background: string) =>
      sharp({ create: { width: 60, height: 60, channels: 3, background } })
        .png()
        .toBuffer();
    await dialog.locator('input[type=file]').setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: await png('#d33') },
      { name: 'two.png', mimeType: 'image/png', buffer: await png('#3d3') },
      { name: 'three.png', mimeType: 'image/png', buffer: await png('#33d') },
    ]);
    const first = page.waitForRequest('**/backend/posts/product/images-uploaded/store**');
    await dialog.getByRole('button', { name: 'Upload 3 images' }).click();
    await first;
    await dialog.getByText('Uploading 1 of 3 images').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await recordDialogTexts(page);
    held.releaseAll();
    await page.getByText('Upload cancelled', { exact: true }).waitFor();
    await page.screenshot({ path: '.tmp/cancel-upload-after.png' });
    // The file on its way arrived; the two behind it never left, and nothing is left pending.
    expect(await uploaded()).toHaveLength(before + 1);
    expect(await page.getByTestId('pending-indicator').count()).toBe(0);
    expect(await dialogTexts(page)).toEqual([]);
    // The screen is usable: the dialog opens again, empty.
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByText('Choose files').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('Cancel while a large CSV file is read ends the worker, and no row of it appears', async () => {
    await page.goto(`${env.s.url}/product/add`);
    // A first visit shows the tutorial.
    await page.getByRole('dialog', { name: 'How to register products' }).getByRole('button', { name: 'Got it' }).click();
    const list = page.getByRole('list', { name: 'Products' });
    const items = await list.getByRole('listitem').count();
    // Over the worker's threshold (256 kB). The worker's script is held, so the read is under way for sure.
    const rows = Array.from(
      { length: 400 },
      (_, i) => `Sofa ${i + 1},BIG-${i + 1},Nordic,cm,80,200,90,"${'velvet, '.repeat(80)}oak"`,
    );
    const csv = Buffer.from(`name,sku,collection,unit,height,width,depth,tags\n${rows.join('\n')}\n`);
    expect(csv.length).toBeGreaterThan(256 * 1024);
    const workers: string[] = [];
    page.on('worker', (w) => void (w.url().includes('csv.worker') && workers.push(w.url())));
    const script = await holdRequests(context, '**/csv.worker*');
    const importCsv = async () => {
      await page.getByRole('button', { name: 'Import CSV' }).click();
      await dialog.getByLabel('CSV file').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: csv });
    };
    const dialog = page.getByRole('dialog', { name: 'Import products from a CSV file' });
    await importCsv();
    await dialog.getByText('Reading the file…').waitFor();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    script.releaseAll();
    // Opened again: no file, no rows.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await dialog.getByText('Choose a file').waitFor();
    expect(await dialog.getByRole('row').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    // The same file read to its end (its script now arrives at once): only this second worker ever ran.
    await importCsv();
    await dialog.getByText('400 rows read', { exact: false }).waitFor();
    expect(workers).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await list.getByRole('listitem').count()).toBe(items);
  });
});
