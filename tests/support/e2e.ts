// One portal server (fresh demo data, built portal) and one Chromium per e2e file.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser.ts';
import { startPortal } from './portal.ts';
import { chromiumCanary, expectNoCspViolations } from './csp.ts';
import { reduceMotionByDefault } from './browser.ts';
import type { TestServer } from './server.ts';

export interface PortalAndBrowser {
  s: TestServer;
  browser: Browser;
}

/** Registers the file's beforeAll/afterAll; the fields are set once beforeAll has run. */
export function usePortalAndBrowser(overrides: Parameters<typeof startPortal>[0] = {}): PortalAndBrowser {
  const env = {} as PortalAndBrowser;
  beforeAll(async () => {
    [env.s, env.browser] = await Promise.all([startPortal(overrides), launchChromium()]);
    reduceMotionByDefault(env.browser);
  });
  afterAll(async () => {
    try {
      // After the file's own afterAll (hooks run in reverse): its pages have had their say.
      if (env.s && env.browser) await expectNoCspViolations(env.s, env.s.url, chromiumCanary(env.browser));
    } finally {
      await env.browser?.close();
      await env.s?.close();
    }
  });
  return env;
}
