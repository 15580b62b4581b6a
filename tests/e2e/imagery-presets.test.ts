// The preset panels in real Chromium (document 3 §2, §3, §4, §5, §8): for silo, vignette and 360 a
// new preset has every control changed (typed values clamped, percent text, a switch turning its
// slider off, a slider moved by keys), is saved ('Creating' → 'Saved!'), reloads as saved and is
// deleted after the question; the live preview matches the render worker's frame; a reader sees no
// Save and no Upload; axe finds nothing serious on any section; deleting Preset 1 leaves Preset 2 its name.
import pixelmatch from 'pixelmatch';
import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { startHarness, type Harness } from './pages/harness-server.ts';
import {
  dialogTexts,
  HEADINGS,
  loaded,
  openSection,
  recordDialogTexts,
  serverPresets,
  type PresetSection,
} from './imagery-helpers.ts';
import { seriousViolations, signIn } from './shell-helpers.ts';

describe.skipIf(skipWithoutChromium('imagery presets e2e'))('imagery preset panels', () => {
  const env = usePortalAndBrowser();
  let context: BrowserContext;
  let page: Page;
  let cid: number;
  let token: string;
  let productId: number;

  beforeAll(async () => {
    cid = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Acme Living'"))!.id;
    productId = (await env.s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1004'"))!.id;
    token = await env.s.tokenFor('manager@acme.test');
    context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 1000 } });
    page = await context.newPage();
    await signIn(page, env.s.url, 'manager@acme.test');
    await page.waitForURL('**/dashboard');
  });
  afterAll(async () => {
    await context?.close();
  });

  const value = (name: string) => page.getByLabel(`${name} value`, { exact: true });
  async function type(name: string, text: string, shown: string) {
    await value(name).fill(text);
    await value(name).press('Enter');
    expect(await value(name).inputValue()).toBe(shown);
  }

  /** Changes every control of the panel; answers what the server should then hold. */
  async function editEveryControl(section: PresetSection): Promise<Record<string, number | string>> {
    const expected: Record<string, number | string> = {};
    if (section === 'vignette') {
      await page.getByRole('button', { name: 'Background 2', exact: true }).click();
      await type('Background Scale', '0.4', '0.40');
      await type('Background Horizontal Offset', '-3', '-1.00'); // §5: clamped to -1..1
      await type('Background Vertical Offset', '0.15', '0.15');
      Object.assign(expected, { bg_scale: 0.4, bg_offset_x: -1, bg_offset_y: 0.15 });
    } else {
      await page.getByRole('radio', { name: '#FFEC5C' }).click();
      expected.background = '#ffec5c';
    }
    // Product scale has a minimum of 0 for silo and 360; every transform a maximum of 1.
    await type('Scale', '-0.5', section === 'vignette' ? '-0.50' : '0.00');
    await type('Scale', '0.5', '0.50');
    await type('Horizontal Offset', '7', '1.00');
    await type('Horizontal Offset', '-0.25', '-0.25');
    await type('Vertical Offset', '0.3', '0.30');
    await type('Drop Shadow', '42', '42%'); // §5: '%' appended
    await type('Saturation', '250%', '200%');
    await type('Saturation', '150', '150%');
    await type('Brightness', '80', '80%');
    // A slider moved by keys: 0.01 steps for transforms, 1 for percents.
    await page.getByRole('slider', { name: 'Brightness' }).press('ArrowLeft');
    expect(await value('Brightness').inputValue()).toBe('79%');
    // The reflection slider is off while its switch is; the shadow switch governs the vertical offset too.
    const reflectionOn = page.getByRole('switch', { name: 'Reflection on' });
    await reflectionOn.click();
    expect(await value('Reflection').isDisabled()).toBe(true);
    await reflectionOn.click();
    await type('Reflection', '20', '20%');
    await page.getByRole('switch', { name: 'Drop Shadow on' }).click();
    expect(await value('Vertical Offset').isDisabled()).toBe(true);
    expect(await value('Drop Shadow').isDisabled()).toBe(true);
    await page.getByRole('switch', { name: 'Drop Shadow on' }).click();
    return {
      ...expected,
      hasShadow: 1,
      shadow: 42,
      hasReflection: 1,
      reflection: 20,
      saturation: 150,
      brightness: 79,
      image_scale: 0.5,
      image_offset_x: -0.25,
      image_offset_y: 0.3,
    };
  }

  it.each(['silo', 'vignette', '360'] as const)(
    'creates a %s preset with every control changed, reloads it, and deletes it',
    async (section) => {
      const before = await serverPresets(env.s, token, cid, productId, section);
      await openSection(page, env.s.url, productId, section);
      await loaded(page);
      await page.getByRole('button', { name: 'Preset 1', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0); // nothing edited yet

      await page.getByRole('button', { name: 'New preset', exact: true }).click();
      const expected = await editEveryControl(section);
      await recordDialogTexts(page);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const popup = page.getByRole('dialog', { name: 'Create preset' });
      await popup.getByText('Saved!', { exact: true }).waitFor();
      expect((await dialogTexts(page)).some((t) => t.includes('Creating'))).toBe(true);
      await popup.getByRole('button', { name: 'OK' }).click();
      // §4: the new preset is in the list and selected; nothing is left to save.
      // The next number after the highest (issue 43: a preset's name is its own number, not its place).
      const name = `Preset ${before.reduce((n, p) => Math.max(n, Number(p.number)), 0) + 1}`;
      expect(await page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);

      const after = await serverPresets(env.s, token, cid, productId, section);
      expect(after).toHaveLength(before.length + 1);
      const made = after.at(-1)!;
      expect(made).toMatchObject(expected);
      if (section === 'vignette') expect(made.background).toMatch(/^automation\/backgrounds\//);

      await page.reload();
      await page.getByRole('button', { name, exact: true }).click();
      expect(await value('Drop Shadow').inputValue()).toBe('42%');
      expect(await value('Horizontal Offset').inputValue()).toBe('-0.25');
      expect(await value('Brightness').inputValue()).toBe('79%');

      await page.getByRole('button', { name: `Delete ${name}` }).click();
      const ask = page
        .getByRole('alertdialog', { name: 'Delete preset' })
        .or(page.getByRole('dialog', { name: 'Delete preset' }));
      await ask.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('button', { name, exact: true }).waitFor({ state: 'detached' });
      expect(await page.getByRole('button', { name: 'Preset 1', exact: true }).getAttribute('aria-pressed')).toBe('true');
      await expect
        .poll(async () => (await serverPresets(env.s, token, cid, productId, section)).map((p) => p.id))
        .toEqual(before.map((p) => p.id));
    },
  );

  it('deleting Preset 1 leaves Preset 2 its name, here and after a reload (issue 43)', async () => {
    const other = (await env.s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1010'"))!.id;
    await openSection(page, env.s.url, other, 'silo');
    await loaded(page);
    const tile = (name: string) => page.getByRole('button', { name, exact: true });
    await tile('Preset 2').waitFor();
    await page.getByRole('button', { name: 'Delete Preset 1' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Delete preset' }).or(page.getByRole('dialog', { name: 'Delete preset' }));
    await ask.getByRole('button', { name: 'Delete', exact: true }).click();
    await tile('Preset 1').waitFor({ state: 'detached' });
    expect(await tile('Preset 2').getAttribute('aria-pressed')).toBe('true'); // the first left is selected
    await expect.poll(async () => (await serverPresets(env.s, token, cid, other, 'silo')).map((p) => p.number)).toEqual([2]);
    await page.reload();
    await tile('Preset 2').waitFor();
    expect(await tile('Preset 1').count()).toBe(0);
  });

  it('keeps the live preview in view, clear of the save bar, while its controls are used at 1440 × 900 (issue 43)', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    try {
      await openSection(page, env.s.url, productId, '360');
      await loaded(page);
      await page.getByRole('button', { name: 'Preset 1', exact: true }).click();
      const preview = page.getByTestId('preset-preview');
      for (const control of ['Brightness', 'Saturation', 'Reflection']) {
        // As a keyboard user: from the value's box, Tab to its slider, then a key moves it.
        await value(control).focus();
        await page.keyboard.press('Tab');
        expect(
          await page.getByRole('slider', { name: control, exact: true }).evaluate((el) => el === document.activeElement),
        ).toBe(true);
        await page.keyboard.press('ArrowLeft');
        const bar = page.getByRole('region', { name: 'Unsaved changes' });
        await bar.waitFor();
        const [p, b] = [(await preview.boundingBox())!, (await bar.boundingBox())!];
        expect(p.y, control).toBeGreaterThanOrEqual(0);
        expect(p.y + p.height, control).toBeLessThanOrEqual(b.y);
      }
      await page.getByRole('button', { name: 'Revert', exact: true }).click();
    } finally {
      await page.setViewportSize({ width: 1440, height: 1000 });
    }
  });

  it('draws the live preview as the render worker draws the same preset', async () => {
    const [preset] = await serverPresets(env.s, token, cid, productId, 'silo');
    const layers = (await (
      await fetch(`${env.s.api}/gets/product/automation/silo/images/show?id_product=${productId}&id_customer=${cid}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { images_automation: { beauty: string; shadow: string | null; reflection: string | null }[] };
    const layer = layers.images_automation[0]!;
    await openSection(page, env.s.url, productId, 'silo');
    await page.getByRole('button', { name: 'Preset 1', exact: true }).click();
    const stage = page.getByTestId('preset-preview');
    await expect
      .poll(() => stage.evaluate((el) => [...el.querySelectorAll('img')].every((i) => i.complete && i.naturalWidth > 0)))
      .toBe(true);
    // Past the live (composited) state: the stage drops data-live once the changes stop.
    await expect.poll(() => stage.evaluate((el) => el.hasAttribute('data-live')), { timeout: 5_000 }).toBe(false);
    const css = PNG.sync.read(await stage.screenshot());

    const harness: Harness = await startHarness({ proxy: { '/storage': env.s.url } });
    try {
      const other = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
      await other.goto(harness.url);
      await other.waitForFunction(() => 'harness' in window);
      const input = {
        preset: { ...preset, section: 'silo' },
        layers: {
          beauty: `/storage/${layer.beauty}`,
          shadow: `/storage/${layer.shadow}`,
          reflection: `/storage/${layer.reflection}`,
        },
        width: css.width,
      };
      const out = await other.evaluate((i) => window.harness.renderFrame(i as never), input);
      const worker = PNG.sync.read(Buffer.from(out.base64, 'base64'));
      expect([worker.width, worker.height]).toEqual([css.width, css.height]);
      const differing = pixelmatch(css.data, worker.data, undefined, css.width, css.height, { threshold: 0.1 });
      expect(differing / (css.width * css.height)).toBeLessThan(0.005);
      await other.close();
    } finally {
      await harness.close();
    }
  });

  it('shows a reader no Save, no New preset, no trash and no Upload', async () => {
    const reader = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 1000 } });
    const p = await reader.newPage();
    await signIn(p, env.s.url, 'viewer@acme.test');
    await p.waitForURL('**/dashboard');
    for (const section of ['silo', 'vignette', '360'] as const) {
      await openSection(p, env.s.url, productId, section);
      await p.getByRole('button', { name: 'Preset 1', exact: true }).click();
      await p.getByRole('heading', { name: 'Images Uploaded' }).waitFor();
      expect(await p.getByRole('button', { name: 'Upload', exact: true }).count()).toBe(0);
      expect(await p.getByRole('button', { name: 'New preset', exact: true }).count()).toBe(0);
      expect(await p.getByRole('button', { name: /^Delete Preset/ }).count()).toBe(0);
      expect(await p.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    }
    await reader.close();
  });

  it('has no serious or critical axe violation on any section', async () => {
    for (const section of ['silo', 'vignette', '360', 'video', '3d-files'] as const) {
      await openSection(page, env.s.url, productId, section);
      await loaded(page);
      await page.getByRole('heading', { name: HEADINGS[section], level: 2, exact: true }).waitFor();
      expect([section, await seriousViolations(page)]).toEqual([section, []]);
    }
  });
});
