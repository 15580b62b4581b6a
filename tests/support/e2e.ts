// One portal server (fresh demo data, built portal) per e2e file, and one Chromium per test worker: the
// e2e files share their worker's modules (isolate: false), so the browser launched by the first file
// serves the next ones. Each file keeps its own contexts (cookies, IndexedDB and service workers live
// per context), closed when it ends, and its own server on its own database copy.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { closeContexts, launchChromium, reduceMotionByDefault } from './browser.ts';
import { startPortal } from './portal.ts';
import { chromiumCanary, expectNoCspViolations } from './csp.ts';
import type { TestServer } from './server.ts';

export interface PortalAndBrowser {
  s: TestServer;
  browser: Browser;
}

let workerBrowser: Promise<Browser> | undefined;

/** The worker's Chromium, launched again if it is gone (crashed, or retired after a hung close). */
async function sharedChromium(): Promise<Browser> {
  const current = await workerBrowser?.catch(() => undefined);
  if (current?.isConnected()) return current;
  workerBrowser = launchChromium().then((browser) => {
    reduceMotionByDefault(browser);
    return browser;
  });
  return workerBrowser;
}

/** Registers the file's beforeAll/afterAll; the fields are set once beforeAll has run. */
export function usePortalAndBrowser(overrides: Parameters<typeof startPortal>[0] = {}): PortalAndBrowser {
  const env = {} as PortalAndBrowser;
  let before = new Set<BrowserContext>();
  beforeAll(async () => {
    [env.s, env.browser] = await Promise.all([startPortal(overrides), sharedChromium()]);
    before = new Set(env.browser.contexts());
  });
  afterAll(async () => {
    try {
      // After the file's own afterAll (hooks run in reverse): its pages have had their say.
      if (env.s && env.browser) await expectNoCspViolations(env.s, env.s.url, chromiumCanary(env.browser));
    } finally {
      // The contexts this file left open; a close that hangs retires the browser, so the next file
      // starts on a fresh one rather than on a browser still busy with this one's.
      const left = env.browser?.contexts().filter((c) => !before.has(c)) ?? [];
      if ((await closeContexts(left)) === 'hung') await env.browser.close().catch(() => undefined);
      await env.s?.close();
    }
  });
  return env;
}
