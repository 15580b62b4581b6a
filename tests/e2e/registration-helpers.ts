// Shared steps of the template and product registration browser tests (issue 11).
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { signIn } from './shell-helpers.ts';

/** Staff in the provider context (-1), as the admin menu leaves them. */
export async function signInAsStaffAdmin(page: Page, base: string) {
  await signIn(page, base, 'staff@facet.test');
  await page.waitForURL('**/dashboard');
  await page.evaluate(() => localStorage.setItem('customer_id', '-1'));
}

export async function signInAs(page: Page, base: string, email: string) {
  await signIn(page, base, email);
  await page.waitForURL('**/dashboard');
}

/** A small PNG or JPEG a file input accepts. */
export async function imageFile(name: string, colour = '#b08d6a') {
  const img = sharp({ create: { width: 64, height: 48, channels: 3, background: colour } });
  const jpeg = /\.jpe?g$/i.test(name);
  return { name, mimeType: jpeg ? 'image/jpeg' : 'image/png', buffer: await (jpeg ? img.jpeg() : img.png()).toBuffer() };
}

/** Nothing left in the outbox: the pending indicator has gone. */
export const settled = (page: Page, timeout = 30_000) => page.getByTestId('pending-indicator').waitFor({ state: 'detached', timeout });

/** The number in the (screen-reader) count line of a catalogue. */
export async function catalogCount(page: Page): Promise<number> {
  return Number((await page.getByTestId('catalog-count').textContent())!.split(' ')[0]);
}
