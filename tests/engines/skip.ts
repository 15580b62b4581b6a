// The engines group runs where its browsers are installed; under CI=true a missing one is a failure,
// elsewhere the group is skipped with a hint (as the Chromium e2e group is).
import { existsSync } from 'node:fs';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
export const XVFB = '/usr/bin/Xvfb';
export const MINIBROWSER = process.env.WEBKIT_BROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

const NEEDS = { firefox: [FIREFOX_PATH], webkit: [WEBKIT_DRIVER, MINIBROWSER, XVFB] } as const;

export function skipWithoutEngine(engine: keyof typeof NEEDS): boolean {
  const missing = NEEDS[engine].filter((p) => !existsSync(p));
  if (!missing.length) return false;
  const what = `the ${engine} journeys need ${missing.join(' and ')}`;
  if (process.env.CI === 'true')
    throw new Error(`CI=true: ${what} (apt-get install firefox-esr webkit2gtk-driver xvfb, or bash .ci/run).`);
  console.log(`[facet] ${what}: skipped (apt-get install firefox-esr webkit2gtk-driver xvfb, or run bash .ci/run).`);
  return true;
}
