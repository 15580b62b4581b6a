// A signed-in Chromium page for the review bench: the production portal with its service worker (so a
// model opened online is kept for offline), the probes installed before every document, no reduced
// motion (the camera turns to a pin as users see it). BENCH_REVIEW_PROFILE=dir writes a CPU profile of
// each measured part there (for finding a slow part; unminified with BENCH_REVIEW_UNMINIFIED=1).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { installServiceWorker, signIn } from '../../tests/e2e/shell-helpers.ts';
import { DEMO } from '../../tests/support/http.ts';
import type { TestServer } from '../../tests/support/server.ts';
import { installProbes } from './probes.ts';

export const VIEWPORT = { width: 1280, height: 800 };

export async function signedIn(browser: Browser, s: TestServer): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'allow', reducedMotion: 'no-preference' });
  // tsx keeps function names through a __name helper the page does not have.
  await context.addInitScript('globalThis.__name ??= (f) => f;');
  await context.addInitScript(installProbes);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[page]', e.message));
  await signIn(page, s.url, DEMO.acme);
  await page.waitForURL('**/dashboard');
  await installServiceWorker(page);
  return { context, page };
}

/** Waits until the stage's model-viewer has loaded `glb` (its src), or any model when none is named. */
export async function modelLoaded(page: Page, glb?: string) {
  await page.waitForFunction(
    (want) => {
      const mv = document.querySelector('[data-testid="review-viewer"] model-viewer') as
        (HTMLElement & { loaded?: boolean }) | null;
      return !!mv?.loaded && (!want || !!mv.getAttribute('src')?.endsWith(want));
    },
    glb,
    { polling: 'raf', timeout: 120_000 },
  );
}

const profileDir = process.env.BENCH_REVIEW_PROFILE;

/** Runs `part`, with the main thread's CPU profile written as `<name>.cpuprofile` under BENCH_REVIEW_PROFILE. */
export async function profiled<T>(page: Page, name: string, part: () => Promise<T>): Promise<T> {
  if (!profileDir) return part();
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  try {
    return await part();
  } finally {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(profileDir, { recursive: true });
    writeFileSync(join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
    await cdp.detach();
  }
}
