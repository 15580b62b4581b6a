// One user action, one change, in real Chromium against the real server: every write action of the
// screens (tests/e2e/double-actions.ts) is done with a double click or Enter pressed twice. Each time,
// once the action's own answer is shown, the outbox is empty and no write is on its way, the server
// holds exactly one change more, no call went out twice under two keys (or without one), no Error
// popup showed, and the action's toast was said once.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, skipWithoutChromium } from '../support/browser.ts';
import { usePortalAndBrowser } from '../support/e2e.ts';
import { ACTIONS } from './double-actions.ts';
import { pageLog, recordWrites, toasts, type Ctx, type WriteAction } from './double-helpers.ts';
import { settled, signInAs, signInAsStaffAdmin } from './registration-helpers.ts';

describe.skipIf(skipWithoutChromium('double everything e2e'))('double everything', () => {
  const env = usePortalAndBrowser();
  const contexts: BrowserContext[] = [];
  const pages = {} as Record<WriteAction['as'], Page>;
  let ctx: Ctx;

  beforeAll(async () => {
    const cid = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Acme Living'"))!.id;
    const productId = (await env.s.db.one<{ id: number }>("SELECT id FROM products WHERE sku = 'ACM-1004'"))!.id;
    ctx = { url: env.s.url, s: env.s, cid, productId };
    for (const who of ['manager', 'staff', 'guest'] as const) {
      const context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 1000 } });
      contexts.push(context);
      pages[who] = await context.newPage();
    }
    await signInAs(pages.manager, env.s.url, 'manager@acme.test');
    await signInAsStaffAdmin(pages.staff, env.s.url);
  });
  afterAll(() => closeContexts(contexts));

  it('covers at least twelve write actions', () => expect(ACTIONS.length).toBeGreaterThanOrEqual(12));

  /** The page's own words go into the failure itself: CI's report keeps a failure, not a test's logs. */
  const withPageLog = (err: unknown, said: string) => {
    if (err instanceof Error && said) err.message += `\nThe page said:\n${said}`;
    return err;
  };

  for (const action of ACTIONS) {
    it(`${action.name}: one change`, async () => {
      const page = pages[action.as];
      const log = pageLog(page);
      try {
        await action.open(page, ctx);
      } catch (err) {
        log.stop();
        throw withPageLog(err, log.text());
      }
      const before = await action.count(env.s.db, ctx);
      const writes = recordWrites(page);
      try {
        await action.act(page);
        await action.done(page);
        // Settled: nothing left in the outbox, and every write the page sent has had its answer.
        await settled(page);
        await expect.poll(() => writes.inFlight()).toBe(0);
        expect(await action.count(env.s.db, ctx)).toBe(before + 1);
        expect(writes.doubled(action.keyless)).toEqual([]);
        expect(await page.getByRole('dialog', { name: 'Error' }).count()).toBe(0);
        if (action.toast) expect(await toasts(page, action.toast).count()).toBe(1);
      } catch (err) {
        // What the page showed when it failed (a popup's words say more than a timeout).
        await page.screenshot({ path: `.tmp/double-${action.name.replace(/\W+/g, '-')}.png` }).catch(() => undefined);
        throw withPageLog(err, `${log.text()}\nWrites sent:\n${writes.list()}`);
      } finally {
        writes.stop();
        log.stop();
      }
    });
  }
});
