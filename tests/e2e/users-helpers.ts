// Shared steps of the user-management browser tests: the invitation mail, screenshots, contexts.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestServer } from '../support/server.ts';

/** The newest invitation link mailed to an address, read from the server's mail folder (.eml files). */
export function invitationLink(s: TestServer, email: string): string | undefined {
  if (!existsSync(s.config.mailDir)) return undefined;
  const mails = readdirSync(s.config.mailDir)
    .sort()
    .map((f) =>
      readFileSync(join(s.config.mailDir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((m) => new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(m));
  return /https?:\/\/\S+\/accept-invite\?token=[\w-]+&email=\S+/.exec(mails.at(-1) ?? '')?.[0];
}

/** The invitation link once its mail is there (a condition polled, up to `ms`). */
export async function waitForInvitation(s: TestServer, email: string, ms = 10_000): Promise<string> {
  await expect
    .poll(() => invitationLink(s, email), { message: `No invitation mail to ${email}`, timeout: ms, interval: 100 })
    .toBeTruthy();
  return invitationLink(s, email)!;
}

/** A desktop tab (1440×900, the size the screenshots are judged at). */
export async function desktop(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  return { context, page: await context.newPage() };
}

/** With SCREENS_DIR set, saves the page as <dir>/13-<name>.png (issue 13's screenshots). */
export async function shot(page: Page, name: string) {
  const dir = process.env.SCREENS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  // Toasts and dialogs shown at the end of their entrance: Playwright runs finite animations and
  // transitions to their end for the shot (and infinite ones back to their start), no time waited.
  await page.screenshot({ path: join(dir, `13-${name}.png`), animations: 'disabled' });
}

/** The user-management screen at a tab, once its content is there. */
export async function openUsers(page: Page, base: string, tab?: 'account' | 'accounts' | 'roles' | 'audit') {
  await page.goto(`${base}/config/user${tab ? `?tab=${tab}` : ''}`);
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  // Managers get tabs; someone who may only see their own account gets the account alone.
  await page
    .getByRole('tabpanel')
    .or(page.getByRole('heading', { name: 'Profile' }))
    .first()
    .waitFor();
}
