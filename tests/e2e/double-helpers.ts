// The "double everything" browser test's pieces: the shape of one screen's write action, a record of
// the write requests a page sends (with their Idempotency-Key), and the conditions it waits for.
import type { ConsoleMessage, Locator, Page, Request } from 'playwright-core';
import type { Db } from '../../server/db/index.ts';
import type { TestServer } from '../support/server.ts';

export interface Ctx {
  url: string;
  /** The server (its database, its mail folder, tokens for a call made by "someone else"). */
  s: TestServer;
  /** Acme Living, the manager's company. */
  cid: number;
  /** ACM-1004: a product with presets and uploads in every section. */
  productId: number;
}

/** One write action of a screen, done the way an impatient user does it. */
export interface WriteAction {
  name: string;
  /** Who does it: the Acme manager, staff in the provider context, or someone signed out. */
  as: 'manager' | 'staff' | 'guest';
  /** Brings the page to where the action starts (the form filled, the dialog open). */
  open(page: Page, c: Ctx): Promise<void>;
  /** The doubled gesture: a double click (doubleClick) or Enter pressed twice (enterTwice). */
  act(page: Page): Promise<void>;
  /** The action's own answer, as the user sees it (a toast, a popup, a row, a new page). */
  done(page: Page): Promise<void>;
  /** What one change of this action adds on the server. */
  count(db: Db, c: Ctx): Promise<number>;
  /** Words of the action's own toast, said once. */
  toast?: string;
  /** Its call carries no Idempotency-Key by design (sign-in): it must then be sent once. */
  keyless?: boolean;
}

/** A product's id by its SKU. */
export const productId = async (db: Db, sku: string) =>
  (await db.one<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku]))!.id;

export const countOf = async (db: Db, sql: string, params: unknown[] = []) => (await db.one<{ n: number }>(sql, params))!.n;

/** Requests the server handled under distinct Idempotency-Keys on a path (each is one change). */
export const keysOn = (db: Db, path: string) =>
  countOf(db, 'SELECT count(*)::int AS n FROM idempotency_keys WHERE path LIKE $1', [`%${path}`]);

interface Write {
  method: string;
  path: string;
  key: string | undefined;
}

// Presence (issue 44: "I have this page open") is no user's write: sent on opening a page, with no key.
const isWrite = (r: Request) =>
  r.method() !== 'GET' &&
  new URL(r.url()).pathname.startsWith('/backend/') &&
  !new URL(r.url()).pathname.endsWith('/api/live/presence');

/** Every write request the page sends from now on, and how many still wait for their answer. */
export function recordWrites(page: Page) {
  const writes: Write[] = [];
  let open = 0;
  const sent = (r: Request) => {
    if (!isWrite(r)) return;
    open++;
    writes.push({ method: r.method(), path: new URL(r.url()).pathname, key: r.headers()['idempotency-key'] });
  };
  const ended = (r: Request) => void (isWrite(r) && open--);
  page.on('request', sent);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    inFlight: () => open,
    /** What was sent, a line each (for a failure's report). */
    list: () => writes.map((w) => `${w.method} ${w.path} ${w.key ?? '(no key)'}`).join('\n') || '(no write)',
    /**
     * Calls sent under more than one key (a second change of the same call), or without a key (for a
     * keyless action: sent more than once).
     */
    doubled(keyless = false): string[] {
      const keys = new Map<string, (string | undefined)[]>();
      for (const w of writes) keys.set(`${w.method} ${w.path}`, [...(keys.get(`${w.method} ${w.path}`) ?? []), w.key]);
      const twice = (k: (string | undefined)[]) => (keyless ? k.length > 1 : new Set(k).size > 1 || k.includes(undefined));
      return [...keys].filter(([, k]) => twice(k)).map(([call, k]) => `${call}: ${k.join(', ')}`);
    },
    stop() {
      page.off('request', sent);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

export const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** The toast of a write that went through the outbox, once its calls reached the server (src/ui/notify.tsx). */
export const SAVED = 'Saved';

/** A toast with these words (sonner's list items). */
export const toasts = (page: Page, text: string): Locator => page.locator('[data-sonner-toast]', { hasText: text });

/** Signed out: the token cookie and the stored session gone (a public page's action, after one that signed in). */
export async function signedOut(page: Page, base: string) {
  await page.context().clearCookies();
  await page.goto(`${base}/login`);
  await page.evaluate(() => localStorage.clear());
}

/**
 * A double click whose second click comes before the screen redraws (a busy or slow device): both
 * clicks in one task, so the second meets the handlers of the first render, not a disabled button.
 * A redraw in between would let `loading` alone stop it and leave the action's identity untested.
 */
export async function doubleClick(target: Locator) {
  await target.waitFor();
  await target.evaluate((el: HTMLElement) => {
    el.click();
    el.click();
  });
}

/**
 * Enter pressed twice in a form's field before the screen redraws: each keydown goes to the field's
 * handlers, and one that nobody handled submits the form, as the browser's implicit submission does.
 */
export async function enterTwice(field: Locator) {
  await field.focus();
  await field.evaluate((el: HTMLElement) => {
    for (let i = 0; i < 2; i++) {
      const handled = !el.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }),
      );
      if (!handled && el instanceof HTMLInputElement && el.form) el.form.requestSubmit();
    }
  });
}

/** What the page said while a test ran (console warnings and errors, page errors), for a failure's report. */
export function pageLog(page: Page) {
  const lines: string[] = [];
  const said = (m: ConsoleMessage) =>
    void (['error', 'warning', 'debug'].includes(m.type()) && lines.push(`${m.type()}: ${m.text().slice(0, 300)}`));
  const threw = (e: Error) => void lines.push(`pageerror: ${e.message}`);
  page.on('console', said);
  page.on('pageerror', threw);
  return {
    text: () => lines.join('\n'),
    stop() {
      page.off('console', said);
      page.off('pageerror', threw);
    },
  };
}
