// The offline warm start: a page the service worker controls, with the company already in
// IndexedDB, reloaded with the network off. Measured in the page from navigation start
// (performance.now() is 0 there) to the first product card in the DOM, taken in the next frame.
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    __firstCard?: Promise<number>;
  }
}

/** Installed before every navigation of the page's context. */
export function firstCardProbe() {
  window.__firstCard = new Promise<number>((resolve) => {
    const seen = () => document.querySelector('[data-testid="product-card"]');
    const done = () => requestAnimationFrame(() => resolve(performance.now()));
    const mo = new MutationObserver(() => {
      if (!seen()) return;
      mo.disconnect();
      done();
    });
    mo.observe(document, { childList: true, subtree: true });
  });
}

export async function measureWarmStarts(page: Page, url: string, reps: number, ready: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    await page.goto(url, { waitUntil: 'commit' });
    times.push(await page.evaluate(() => window.__firstCard!));
    if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) throw new Error('not served by the service worker');
    await ready(); // let the full index finish before the next reload
  }
  return times;
}
