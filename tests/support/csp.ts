// Issue 40: the browser groups fail on any Content-Security-Policy violation. Browsers post each one to
// the server's /csp-report (counted there: listeners in the page would miss workers, the service worker
// and anything before they attach). Reports travel on their own, so before counting, a canary page
// breaks the policy on purpose; once its report has arrived, the reports of the pages before it have
// had their turn (an event to wait for, not a number of milliseconds).
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Browser } from 'playwright-core';
import type { CspViolation } from '../../server/http/csp-reports.ts';
import type { TestServer } from './server.ts';

/** Opens `url` in a fresh page, adds an inline script there (which the policy blocks), and closes it once `reported` holds. */
export type Canary = (url: string, reported: () => Promise<void>) => Promise<void>;

export const CANARY_SCRIPT = () => {
  const s = document.createElement('script');
  s.textContent = 'window.facetCanary = 1';
  document.head.append(s);
};

/** Polls a condition until it holds (expect.poll is for tests; this runs in afterAll hooks). */
async function until(holds: () => boolean, what: string, limitMs = 30_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!holds()) {
    if (Date.now() > end) throw new Error(`${what} did not arrive within ${limitMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The violations of this server's run, less the canary's; throws with them listed if there are any. */
export async function expectNoCspViolations(s: TestServer, base: string, canary: Canary): Promise<void> {
  const marker = `csp-canary=${randomUUID()}`;
  const kept = (): CspViolation[] => s.app.services.cspReports.kept;
  // The not-available page: a document under the public pages' policy (report-uri included), without
  // the portal's scripts to load.
  await canary(`${base}/viewer/?${marker}`, () =>
    until(() => kept().some((v) => v.documentUri.includes(marker)), "the canary page's report"),
  );
  const found = kept().filter((v) => !v.documentUri.includes(marker));
  expect(
    found.map(
      (v) => `${v.directive} blocked ${v.blockedUri || '(inline)'} on ${v.documentUri}${v.source ? ` at ${v.source}` : ''}`,
    ),
  ).toEqual([]);
}

/** The canary in Chromium (Playwright). */
export const chromiumCanary =
  (browser: Browser): Canary =>
  async (url, reported) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(url);
      await page.evaluate(CANARY_SCRIPT);
      await reported();
    } finally {
      await context.close();
    }
  };
