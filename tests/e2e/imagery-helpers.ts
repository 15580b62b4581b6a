// Shared steps of the imagery e2e files: opening a section, the presets as the server has them,
// and the texts a dialog showed on its way (progress lines flash by faster than a poll).
import type { Page } from 'playwright-core';
import { call } from '../support/http.ts';
import type { TestServer } from '../support/server.ts';

export type PresetSection = 'silo' | 'vignette' | '360';
export const HEADINGS: Record<PresetSection | 'video' | '3d-files', string> = {
  silo: 'Silo Image',
  vignette: 'Vignette',
  '360': '360',
  video: 'Video',
  '3d-files': '3D Files',
};

export async function openSection(page: Page, base: string, productId: number, section: keyof typeof HEADINGS) {
  await page.goto(`${base}/product/${productId}?section=${section}`);
  await page.getByRole('heading', { name: HEADINGS[section], level: 2, exact: true }).waitFor();
}

/** Waits until the section's loading popup (first visit) has closed. */
export async function loaded(page: Page) {
  await page
    .getByRole('dialog', { name: 'Loading' })
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
}

export interface ServerPreset extends Record<string, number | string> {
  id: number;
  background: string;
}

export async function serverPresets(
  s: TestServer,
  token: string,
  cid: number,
  productId: number,
  section: PresetSection,
): Promise<ServerPreset[]> {
  const r = await call(s, 'GET', `/gets/product/automation/${section}/config/show`, {
    token,
    query: { id_product: productId, id_customer: cid },
  });
  return r.body[`product_config_${section}`];
}

/** Starts recording every text the page's dialogs show, in order. */
export async function recordDialogTexts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { dialogTexts: string[] };
    w.dialogTexts = [];
    const look = () => {
      for (const d of document.querySelectorAll('[role=dialog], [role=alertdialog]')) {
        const t = d.textContent ?? '';
        if (w.dialogTexts.at(-1) !== t) w.dialogTexts.push(t);
      }
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

export const dialogTexts = (page: Page) => page.evaluate(() => (window as unknown as { dialogTexts: string[] }).dialogTexts);
