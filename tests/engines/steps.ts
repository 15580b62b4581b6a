// The journeys' shared steps: finding things as a person would (by their words or their label),
// waiting for conditions, signing in. They run in the page through EnginePage.run, so every engine
// finds the same element the same way.
import { expect } from 'vitest';
import type { EnginePage } from './engine.ts';

export const PASSWORD = 'demo1234';
const WAIT = { timeout: 30_000, interval: 100 };

/**
 * In the page: marks the first visible element matching `css` whose words (aria-label, else its
 * text) equal `text` (or contain it, `exact` false), or the control of the label with those words
 * (`css` 'label'), and gives back a selector for it; null while there is none.
 */
function mark(css: string, text: string | null, exact: boolean): string | null {
  const words = (e: Element) => (e.getAttribute('aria-label') ?? (e as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim();
  const shown = (e: Element) => e.getClientRects().length > 0;
  const fits = (e: Element) => text === null || (exact ? words(e) === text : words(e).includes(text));
  let found = [...document.querySelectorAll(css)].find((e) => shown(e) && fits(e)) ?? null;
  if (found && css === 'label') found = (found as HTMLLabelElement).control;
  if (!found) return null;
  const id = (found as HTMLElement).dataset.pick ?? String(Math.random()).slice(2);
  (found as HTMLElement).dataset.pick = id;
  return `[data-pick="${id}"]`;
}

/** Waits for the element and gives back its selector. */
export async function pick(p: EnginePage, css: string, text: string | null = null, exact = true): Promise<string> {
  let sel: string | null = null;
  await expect.poll(async () => (sel = await p.run(mark, css, text, exact)), WAIT).toBeTruthy();
  return sel!;
}

export const button = (p: EnginePage, name: string) => pick(p, 'button, [role="button"], [role="tab"], a', name);
export const field = (p: EnginePage, label: string) => pick(p, 'label', label);

/** Waits until `fn` run in the page gives a truthy value, and gives it back. */
export async function until<T, A extends unknown[]>(p: EnginePage, fn: (...args: A) => T, ...args: A): Promise<T> {
  let v: T | undefined;
  await expect.poll(async () => (v = await p.run(fn, ...args)), WAIT).toBeTruthy();
  return v!;
}

/** Waits until the page shows `text` (in the text of `css`, the whole page by default). */
export const shows = (p: EnginePage, text: string, css = 'body') =>
  until(
    p,
    (t: string, c: string) => [...document.querySelectorAll(c)].some((e) => (e as HTMLElement).innerText.includes(t)),
    text,
    css,
  );

/**
 * In the page: whether the element is enabled and gets the pointer at its centre, brought into view
 * first as a click would: nothing covers it (the first load's "Please wait" popup, a dialog still
 * closing), and it is not disabled (a button waiting for its data).
 */
function reachable(css: string): boolean {
  const e = document.querySelector(css);
  if (!e || (e as HTMLButtonElement).disabled || e.getAttribute('aria-disabled') === 'true') return false;
  let r = e.getBoundingClientRect();
  if (r.bottom < 0 || r.top > innerHeight || r.right < 0 || r.left > innerWidth) {
    e.scrollIntoView({ block: 'center' });
    r = e.getBoundingClientRect();
  }
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return !!hit && (hit === e || e.contains(hit));
}

/**
 * The page's pointer and keyboard steps wait, as a person does, until the element they act on can
 * be reached (Playwright's actionability, in every engine). Changes `p` in place: drivers key their
 * own state (Firefox's offline switch) by the page object.
 */
export function waitBeforeActing(p: EnginePage): EnginePage {
  const { click, type, drag } = p;
  p.click = async (css) => void (await until(p, reachable, css), await click(css));
  p.type = async (css, text) => void (await until(p, reachable, css), await type(css, text));
  p.drag = async (css, dx) => void (await until(p, reachable, css), await drag(css, dx));
  return p;
}

export const gone = (p: EnginePage, css: string) => until(p, (c: string) => !document.querySelector(c), css);

export const textOf = (p: EnginePage, css: string) =>
  p.run((c: string) => (document.querySelector(c) as HTMLElement | null)?.innerText.trim() ?? null, css);

/** The number in the catalogue's count line ("62 products"), once known (a skeleton says "Counting…" before). */
export const catalogCount = async (p: EnginePage) => {
  await until(p, () => document.querySelector('[data-testid="catalog-count"]')?.getAttribute('aria-busy') === 'false');
  return Number(((await textOf(p, '[data-testid="catalog-count"]')) ?? 'NaN').split(' ')[0]);
};

export async function signIn(p: EnginePage, base: string, email: string) {
  await p.goto(`${base}/login`);
  await p.type(await field(p, 'Email'), email);
  await p.type(await field(p, 'Password'), PASSWORD);
  await p.click(await button(p, 'Login'));
  await until(p, () => location.pathname === '/dashboard');
}

/** The installed app: the e2e build leaves the worker's registration off, so register the same /sw.js. */
export const installServiceWorker = (p: EnginePage) =>
  p.run(async () => {
    if (!(await navigator.serviceWorker.getRegistration('/'))) await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
    return true;
  });
