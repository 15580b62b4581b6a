// The "double everything" browser test's pieces: the shape of one screen's write action, a record of
// the write requests a page sends (with their Idempotency-Key), and the conditions it waits for.
import type { Locator, Page, Request } from 'playwright-core';
import type { Db } from '../../server/db/index.ts';

export interface Ctx {
  url: string;
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
  /** The doubled gesture: a double click (locator.dblclick) or Enter pressed twice. */
  act(page: Page): Promise<void>;
  /** The action's own answer, as the user sees it (a toast, a popup, a row, a new page). */
  done(page: Page): Promise<void>;
  /** What one change of this action adds on the server. */
  count(db: Db, c: Ctx): Promise<number>;
  /** Words of the action's own toast, said once. */
  toast?: string;
}

export const countOf = async (db: Db, sql: string, params: unknown[] = []) => (await db.one<{ n: number }>(sql, params))!.n;

/** Requests the server handled under distinct Idempotency-Keys on a path (each is one change). */
export const keysOn = (db: Db, path: string) => countOf(db, 'SELECT count(*)::int AS n FROM idempotency_keys WHERE path LIKE $1', [`%${path}`]);

interface Write {
  method: string;
  path: string;
  key: string | undefined;
}

const isWrite = (r: Request) => r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/backend/');

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
    /** Calls sent without a key, or under more than one key (a second change of the same call). */
    doubled(): string[] {
      const keys = new Map<string, Set<string | undefined>>();
      for (const w of writes) keys.set(`${w.method} ${w.path}`, (keys.get(`${w.method} ${w.path}`) ?? new Set()).add(w.key));
      return [...keys].filter(([, k]) => k.size > 1 || k.has(undefined)).map(([call, k]) => `${call}: ${[...k].join(', ')}`);
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

/** A toast with these words (sonner's list items). */
export const toasts = (page: Page, text: string): Locator => page.locator('[data-sonner-toast]', { hasText: text });

/** Enter pressed twice where the focus is (a form's field), as fast as the keyboard goes. */
export async function enterTwice(field: Locator) {
  await field.focus();
  await field.page().keyboard.press('Enter');
  await field.page().keyboard.press('Enter');
}
