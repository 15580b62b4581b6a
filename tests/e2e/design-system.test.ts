// The design system's catalogue (/dev/ui, built into the e2e portal by VITE_UI_CATALOGUE) in real
// Chromium: axe finds no serious or critical violation, with and without a dialog open; the toasts say
// their words; the tag input follows the comma and Enter rules; a slider follows a drag step by step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { seriousViolations } from './shell-helpers.ts';

describe.skipIf(skipWithoutChromium('design system e2e'))('design system catalogue', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await page.goto(`${env.s.url}/dev/ui`);
    await page.getByRole('heading', { name: 'Components', level: 1 }).waitFor();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('has no serious or critical axe violations', async () => {
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('dialogs trap focus, close on Escape, and pass axe while open', async () => {
    const opener = page.getByRole('button', { name: 'Open dialog' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Edit collection' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Collection name').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByRole('button', { name: 'Delete product…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete product?' });
    await confirm.getByText('ACM-1004 · Oak Dining Chair will be removed').waitFor();
    // A destructive confirmation starts on Cancel.
    expect(await confirm.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
  });

  it('toasts show the exact words at the bottom right', async () => {
    await page.getByRole('button', { name: 'Saved offline' }).click();
    const toast = page.getByText('Saved on this device. It will be sent when you are back online', { exact: true });
    await toast.waitFor();
    const box = (await toast.boundingBox())!;
    expect(box.x).toBeGreaterThan(1440 / 2);
    expect(box.y).toBeGreaterThan(900 / 2);
    await page.getByRole('button', { name: 'Saved', exact: true }).click();
    await page.getByText('Saved', { exact: true }).last().waitFor();
  });

  it('tag input: commas add, Enter picks a match or creates, Backspace removes, no duplicates', async () => {
    const input = page.getByRole('combobox', { name: 'Tags', exact: true });
    await input.fill('WALNUT, linen ,oak,');
    const chips = page.getByRole('button', { name: /^Remove tag / });
    // 'oak' was already chosen: walnut and linen are added, matched to the options' own spelling.
    await expect
      .poll(() => chips.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))))
      .toEqual(['Remove tag oak', 'Remove tag walnut', 'Remove tag linen']);
    await input.fill('Fresh');
    await page.getByRole('option', { name: 'Create “Fresh”' }).waitFor();
    await input.press('Enter');
    await page.getByRole('button', { name: 'Remove tag Fresh' }).waitFor();
    await input.press('Backspace');
    await page.getByRole('button', { name: 'Remove tag Fresh' }).waitFor({ state: 'detached' });
  });

  it('a slider follows a drag smoothly, through many intermediate values', async () => {
    const thumb = page.getByRole('slider', { name: 'Image scale' });
    await thumb.scrollIntoViewIfNeeded();
    const box = (await thumb.boundingBox())!;
    const seen = new Set<string>();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) {
      await page.mouse.move(box.x + box.width / 2 - i * 12, box.y + box.height / 2);
      seen.add((await thumb.getAttribute('aria-valuenow'))!);
    }
    await page.mouse.up();
    expect(seen.size).toBeGreaterThanOrEqual(10);
    expect(await page.getByRole('slider', { name: 'Disabled' }).getAttribute('data-disabled')).not.toBeNull();
  });
});
