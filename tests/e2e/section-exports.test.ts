// Issue 27 in real Chromium: Vignette has Download Options and Send to email like 360 (the same job,
// worked by this server, reaching Ready in the section's Downloads panel), warns before ordering when
// a chosen size would upscale the product's layers (which retailers, the factor; a retailer that
// forbids upscaling will fail); 'Download All Images' is the server's zip of the vignette uploads; a
// reader sees the Downloads panel but no Send to email.
import JSZip from 'jszip';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upscaleText } from '../../src/api/contract/rules/retailer.ts';
import { productScale } from '../../src/render/layout.ts';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { clippedControls } from './layout-helpers.ts';
import { call } from '../support/http.ts';
import { working } from '../server/exports.fixtures.ts';
import { loaded, openSection, serverPresets } from './imagery-helpers.ts';
import { seriousViolations, signIn } from './shell-helpers.ts';

const SKU = 'ACM-1001';
const today = () => new Date().toISOString().slice(0, 10);
async function zipOf(d: Download): Promise<JSZip> {
  const chunks: Buffer[] = [];
  for await (const c of (await d.createReadStream())!) chunks.push(c as Buffer);
  return JSZip.loadAsync(Buffer.concat(chunks));
}

describe.skipIf(skipWithoutChromium('section exports e2e'))('vignette exports', () => {
  // Export jobs are worked in this server, so a queued export reaches Ready in the Downloads panel.
  const env = usePortalAndBrowser(working());
  let context: BrowserContext;
  let page: Page;
  let productId: number;
  let factor4k: number;

  beforeAll(async () => {
    productId = (await env.s.db.one<{ id: number }>('SELECT id FROM products WHERE sku = $1', [SKU]))!.id;
    const cid = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Acme Living'"))!.id;
    const token = await env.s.tokenFor('manager@acme.test');
    // The factor the server's check will find for 4K: the selected (first) preset over the layers.
    const [first] = await serverPresets(env.s, token, cid, productId, 'vignette');
    const layer = (await env.s.db.one<{ width: number; height: number }>(
      "SELECT width, height FROM product_layers WHERE product_id = $1 AND section = 'vignette' ORDER BY angle LIMIT 1",
      [productId],
    ))!;
    factor4k = productScale({ section: 'vignette', image_scale: Number(first!.image_scale) }, layer, {
      width: 3840,
      height: 3840,
    });
    // A retailer that forbids upscaling, at a size larger than the layers.
    const staff = await env.s.tokenFor('staff@facet.test');
    const strict = await call(env.s, 'POST', '/posts/retailer/add', {
      token: staff,
      body: {
        retailer: 'Strict Home',
        file_type: 'jpg',
        width: 3000,
        height: 3000,
        dpi: 72,
        color_depth: 24,
        file_size: 5,
        images_per_row: 24,
        file_name: 'SH_<frame_num2>.<ext>',
        no_upscale: true,
      },
    });
    expect(strict.status).toBe(200);
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

  it('warns before ordering, then Send to email queues the export, which reaches Ready in the Downloads panel', async () => {
    await openSection(page, env.s.url, productId, 'vignette');
    await loaded(page);
    const heading = page.getByRole('heading', { name: 'Vignette Image', level: 3 });
    await heading.waitFor();
    // The Download Options card: the innermost section holding its heading.
    const options = page.locator('section').filter({ has: heading }).last();
    await page.getByRole('switch', { name: 'Strict Home' }).click();
    await page.getByRole('switch', { name: '4K Images' }).click();
    const warning = page.getByRole('status').filter({ hasText: 'Upscaled files' });
    expect(factor4k).toBeGreaterThan(1.05); // the demo's layers are smaller than 4K
    await warning.getByText(`4K Images ${upscaleText(factor4k)}`, { exact: false }).waitFor();
    await warning
      .getByText('This retailer forbids upscaling, so its export will fail the compliance check: Strict Home UPSCALED ×', {
        exact: false,
      })
      .waitFor();
    await heading.scrollIntoViewIfNeeded();
    await options.screenshot({ path: '.tmp/vignette-download-options.png' });
    await page.screenshot({ path: '.tmp/vignette-exports.png', fullPage: true });

    // Only 4K ordered.
    await page.getByRole('switch', { name: 'Strict Home' }).click();
    await expect.poll(() => warning.getByText('Strict Home').count()).toBe(0);
    const queued = page.waitForResponse((r) => r.url().includes('/enqueue/download') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send to email' }).click();
    expect((await queued).status()).toBe(200);
    await page.getByText('Download requested').first().waitFor();
    const rows = await env.s.db.query<{ section: string; retailer_id: number }>(
      'SELECT section, retailer_id FROM exports WHERE product_id = $1',
      [productId],
    );
    expect(rows).toEqual([{ section: 'vignette', retailer_id: 0 }]);
    await expect.poll(() => page.getByRole('link', { name: 'Download the zip' }).count(), { timeout: 90_000 }).toBe(1);
    const job = page.getByTestId('export-job').first();
    await job.getByText('Ready').waitFor();
    await job.getByText(upscaleText(factor4k)).waitFor();
    await page.screenshot({ path: '.tmp/vignette-exports-ready.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("'Download All Images' is the server's zip of the vignette uploads", async () => {
    const uploads = (await env.s.db.one<{ n: number }>(
      "SELECT count(*)::int AS n FROM product_uploads WHERE product_id = $1 AND section = 'vignette'",
      [productId],
    ))!.n;
    expect(uploads).toBeGreaterThan(0);
    await openSection(page, env.s.url, productId, 'vignette');
    await loaded(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download All Images' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${SKU}_vignette_${today()}.zip`);
    expect(Object.keys((await zipOf(download)).files)).toHaveLength(uploads);
  });

  it("staff set 'No upscaling' of a retailer in /admin", async () => {
    const admin = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1600, height: 1000 } });
    const p = await admin.newPage();
    try {
      await signIn(p, env.s.url, 'staff@facet.test');
      await p.waitForURL((u) => !u.pathname.startsWith('/login'));
      await p.goto(`${env.s.url}/admin`);
      await p.getByRole('button', { name: 'Edit Target' }).click();
      // Issue 43: at 1024 px the edit row pushed the other rows' Edit off screen; now the name (with
      // Save) and the Edit buttons stay in view while the table scrolls sideways.
      await p.setViewportSize({ width: 1024, height: 768 });
      await p.getByRole('button', { name: 'Save' }).waitFor();
      expect(await clippedControls(p, 'main', /^(Edit .+|Save|Delete Retailer|Cancel|Add Retailer)$/)).toEqual([]);
      expect(await p.getByRole('button', { name: /^Edit / }).count()).toBeGreaterThan(2);
      await p.setViewportSize({ width: 1600, height: 1000 });
      const toggle = p.getByRole('switch', { name: 'No upscaling for Target' });
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await toggle.click();
      await p.getByRole('button', { name: 'Save' }).click();
      const dialog = p.getByRole('dialog', { name: 'Edit Retailer' });
      await dialog.getByText('Saved!').waitFor();
      await dialog.getByRole('button', { name: 'OK' }).click();
      const row = await env.s.db.one<{ no_upscale: boolean }>("SELECT no_upscale FROM retailers WHERE retailer = 'Target'");
      expect(row!.no_upscale).toBe(true);
      await p.getByRole('row').filter({ hasText: 'Target' }).getByText('Forbidden').waitFor();
      await p.screenshot({ path: '.tmp/admin-retailers-no-upscale.png' });
    } finally {
      await admin.close();
    }
  });

  it('a reader sees the Downloads panel, without Download Options, Send to email or Retry', async () => {
    const reader = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 1000 } });
    const p = await reader.newPage();
    try {
      await signIn(p, env.s.url, 'viewer@acme.test');
      await p.waitForURL('**/dashboard');
      await openSection(p, env.s.url, productId, 'vignette');
      await loaded(p);
      await p.getByTestId('export-job').first().waitFor();
      expect(await p.getByRole('button', { name: 'Send to email' }).count()).toBe(0);
      expect(await p.getByRole('heading', { name: 'Vignette Image', level: 3 }).count()).toBe(0);
      expect(await p.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    } finally {
      await reader.close();
    }
  });
});
