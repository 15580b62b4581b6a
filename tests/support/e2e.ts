// One portal server (fresh demo data, built portal) and one Chromium per e2e file.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser.ts';
import { startPortal } from './portal.ts';
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
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.s?.close();
  });
  return env;
}
