// Shared steps of the shell's browser tests.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';

export const PASSWORD = 'demo1234';

export async function signIn(page: Page, base: string, email: string, password = PASSWORD) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function tokenCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'user_token');
}

/** Rows left in every object store of the portal's IndexedDB database. */
export function localRows(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const req = indexedDB.open('facet');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          const names = [...db.objectStoreNames];
          if (!names.length) {
            db.close();
            return resolve(0);
          }
          const tx = db.transaction(names);
          let total = 0;
          let left = names.length;
          for (const n of names) {
            const c = tx.objectStore(n).count();
            c.onsuccess = () => {
              total += c.result;
              if (--left > 0) return;
              db.close();
              resolve(total);
            };
          }
        };
      }),
  );
}

/**
 * The installed app: the e2e build (made under NODE_ENV=test) leaves the worker's registration off,
 * so register the same /sw.js and wait until it is active. A page loaded after this is controlled.
 */
export async function installServiceWorker(page: Page) {
  await page.evaluate(async () => {
    if (!(await navigator.serviceWorker.getRegistration('/'))) await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
}

export const AXE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

export async function seriousViolations(page: Page) {
  // Evaluated through the driver, which the portal's Content-Security-Policy does not govern (an
  // added <script> is inline code, which it rightly blocks).
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(ctx: Document): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

/**
 * Holds every request matching `url` until the test lets one through: a test that must see a
 * progress text ("Saving...") releases the call once it has seen it, instead of slowing the call
 * by a number of ms and hoping to look in time. A release given before the request arrives is kept.
 */
export async function holdRequests(page: Page | BrowserContext, url: string) {
  let permits = 0;
  let open = false;
  const waiting: (() => void)[] = [];
  await page.route(url, async (route) => {
    if (open) return route.continue();
    if (permits > 0) permits--;
    else await new Promise<void>((r) => waiting.push(r));
    await route.continue();
  });
  return {
    release() {
      const next = waiting.shift();
      if (next) next();
      else permits++;
    },
    /** From now on nothing is held, and what waits goes. */
    releaseAll() {
      open = true;
      for (const w of waiting.splice(0)) w();
    },
  };
}

/** A signed-in screen at rest: its pulls have ended and it is online ("Up to date" in the header), as a user finds it. */
export const atRest = (page: Page) => page.getByTestId('sync-status').getByText('Up to date').waitFor();
