// The one Chromium launcher for e2e tests and benches. Without Chromium, e2e tests are skipped with a
// hint, except under CI=true, where a missing browser is a failure.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type LaunchOptions } from 'playwright-core';

const FULL_CHROMIUM = '/usr/bin/chromium';
/**
 * Tests drive Debian's chromium-headless-shell where it is installed (Chromium's own engine without the
 * browser's window layer, what Playwright itself runs headless): a sample of e2e files took 25 % less CPU
 * and 22 % less time than with the full browser. Benches and scripts measure the full browser users run.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROME_PATH =
  process.env.CHROME_PATH ?? (process.env.VITEST && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // WebGL through SwiftShader: without it, some headless Chromium releases have no WebGL at all, so
  // model-viewer never draws (and its hit tests answer null). Harmless where WebGL works anyway.
  '--enable-unsafe-swiftshader',
];

export const hasChromium = (): boolean => existsSync(CHROME_PATH);

export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  if (!hasChromium()) throw new Error(`No Chromium at ${CHROME_PATH}: install it or set CHROME_PATH.`);
  return chromium.launch({ ...options, executablePath: CHROME_PATH, args: [...CHROME_ARGS, ...(options.args ?? [])] });
}

/**
 * Chromium with a profile on disk, as an installed PWA runs (benches): IndexedDB then has its disk
 * backend. A fresh context of `launchChromium` is incognito, whose in-memory IndexedDB measured
 * 4 to 6 times slower per write in Chromium 150.
 */
export function launchChromiumProfile(dir: string, options: LaunchOptions = {}): Promise<BrowserContext> {
  if (!hasChromium()) throw new Error(`No Chromium at ${CHROME_PATH}: install it or set CHROME_PATH.`);
  return chromium.launchPersistentContext(dir, {
    ...options,
    executablePath: CHROME_PATH,
    args: [...CHROME_ARGS, ...(options.args ?? [])],
  });
}

/**
 * For `describe.skipIf(skipWithoutChromium('…'))`: true (with a one-line hint) when Chromium is missing;
 * throws under CI=true, where e2e tests may not be skipped.
 */
export function skipWithoutChromium(what: string): boolean {
  if (hasChromium()) return false;
  if (process.env.CI === 'true') throw new Error(`CI=true: ${what} needs Chromium at ${CHROME_PATH} (set CHROME_PATH).`);
  console.log(`[facet] ${what} skipped: no Chromium at ${CHROME_PATH} (set CHROME_PATH, or run bash .ci/run).`);
  return true;
}

/**
 * New contexts prefer reduced motion unless a test says otherwise: the portal then runs no transition
 * or shimmer and model-viewer no wiggle, which a software-rendered page would draw frame after frame
 * (about a tenth of Chromium's work in the browser groups). No test looks at an animation.
 */
export function reduceMotionByDefault(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
}

/** How long a context's close may take before the file's browser.close is left to end it. */
const CONTEXT_CLOSE_LIMIT_MS = 20_000;

/**
 * Closes a file's contexts in its afterAll. Chromium now and then never answers
 * Target.disposeBrowserContext (a known hang, seen once in CI after old-tab's reloads); the browser's
 * own close ends those contexts anyway (usePortalAndBrowser then retires its worker's browser), so a hung
 * close is reported and left rather than failing a file whose tests all passed.
 */
export async function closeContexts(contexts: readonly (BrowserContext | undefined)[]): Promise<'closed' | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), CONTEXT_CLOSE_LIMIT_MS)));
  const closed = Promise.allSettled(contexts.map((c) => c?.close())).then(() => 'closed' as const);
  const outcome = await Promise.race([closed, bound]);
  clearTimeout(timer);
  if (outcome === 'hung')
    console.warn(
      `[facet] a browser context did not close within ${CONTEXT_CLOSE_LIMIT_MS / 1000} s; the browser's close ends it`,
    );
  return outcome;
}
