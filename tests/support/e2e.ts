// One portal server (fresh demo data, built portal) per e2e file, and one Chromium per worker: the e2e
// files share a worker's loaded modules (isolate: false), and so its browser, each in contexts of its own.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { closeContexts, launchChromium } from './browser.ts';
import { startPortal } from './portal.ts';
import type { TestServer } from './server.ts';

export interface PortalAndBrowser {
  s: TestServer;
  browser: Browser;
}

const worker = globalThis as { facetChromium?: Promise<Browser> };

/** The worker's Chromium, launched by its first file (again if it went away). */
function workerChromium(): Promise<Browser> {
  worker.facetChromium ??= launchChromium().then((browser) => {
    browser.once('disconnected', () => (worker.facetChromium = undefined));
    return browser;
  });
  return worker.facetChromium;
}

/**
 * A file leaves the browser as it found it: every context it opened is closed. One that does not close
 * (closeContexts reports it) takes the browser with it, and the next file launches another.
 */
async function leaveBrowser(browser: Browser): Promise<void> {
  if (!(await closeContexts(browser.contexts()))) {
    worker.facetChromium = undefined;
    await browser.close();
  }
}

/** Registers the file's beforeAll/afterAll; the fields are set once beforeAll has run. */
export function usePortalAndBrowser(overrides: Parameters<typeof startPortal>[0] = {}): PortalAndBrowser {
  const env = {} as PortalAndBrowser;
  beforeAll(async () => {
    [env.s, env.browser] = await Promise.all([startPortal(overrides), workerChromium()]);
  });
  afterAll(async () => {
    if (env.browser) await leaveBrowser(env.browser);
    await env.s?.close();
  });
  return env;
}
