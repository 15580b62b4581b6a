// Firefox ESR through WebDriver BiDi (puppeteer-core: it never downloads a browser; it drives the
// Debian package). Each page gets its own browser context (a BiDi user context: its own storage).
import puppeteer, { type Page } from 'puppeteer-core';
import type { Engine, EnginePage, Key } from '../engine.ts';
import { FIREFOX_PATH } from '../skip.ts';

const KEYS: Record<Key, string> = {
  Tab: 'Tab',
  Enter: 'Enter',
  Escape: 'Escape',
  ArrowRight: 'ArrowRight',
  ArrowLeft: 'ArrowLeft',
  Space: ' ',
};

export async function launchFirefox(): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    defaultViewport: { width: 1440, height: 900 },
  });
  const pages = new Map<EnginePage, Page>();
  return {
    name: 'firefox',
    version: await browser.version(),
    async newPage() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const p: EnginePage = {
        goto: async (url) => void (await page.goto(url)),
        run: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown as never[])),
        click: (css) => page.click(css),
        async type(css, text) {
          await page.$eval(css, (el) => (el as HTMLInputElement).select?.());
          await page.focus(css);
          await page.keyboard.press('Backspace');
          await page.keyboard.type(text);
        },
        async drag(css, dx) {
          const box = (await (await page.$(css))!.boundingBox())!;
          const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
          await page.mouse.move(x, y);
          await page.mouse.down();
          await page.mouse.move(x + dx, y);
          await page.mouse.up();
        },
        async press(...keys) {
          for (const k of keys) await page.keyboard.press(KEYS[k] as never);
        },
        screenshot: async (path) => void (await page.screenshot({ path: path as `${string}.png` })),
        close: () => context.close(),
      };
      pages.set(p, page);
      return p;
    },
    // BiDi emulation.setNetworkConditions: Firefox's own offline state for the page (navigator.onLine
    // false, every request of the page and its workers refused).
    setOffline: async (p, offline) => pages.get(p)!.setOfflineMode(offline),
    close: () => browser.close(),
  };
}
