// What a journey needs from a browser, whatever drives it: Firefox through WebDriver BiDi
// (puppeteer-core), WebKit through WebKitWebDriver (W3C WebDriver classic). A journey is written once
// against this and runs in each engine.
export type Key = 'Tab' | 'Enter' | 'Escape' | 'ArrowRight' | 'ArrowLeft' | 'Space';

export interface EnginePage {
  goto(url: string): Promise<void>;
  /** Runs `fn` in the page with `args` (JSON values) and gives back its (awaited, JSON) result. */
  run<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** A real pointer click on the element `css` finds. */
  click(css: string): Promise<void>;
  /** Focuses the field and types `text` as key presses (after clearing it). */
  type(css: string, text: string): Promise<void>;
  /** A mouse drag from the element's centre by dx pixels, in one move. */
  drag(css: string, dx: number): Promise<void>;
  /** Key presses sent to whatever has the focus. */
  press(...keys: Key[]): Promise<void>;
  screenshot(path: string): Promise<void>;
  close(): Promise<void>;
}

export interface Engine {
  name: 'firefox' | 'webkit';
  /** The browser's own version string, for the README and the CI log. */
  version: string;
  /** A page in a profile of its own (no cookies, storage or service worker of another journey). */
  newPage(): Promise<EnginePage>;
  /** The browser's own offline switch, where it has one the driver reaches (Firefox); else undefined. */
  setOffline?(page: EnginePage, offline: boolean): Promise<void>;
  close(): Promise<void>;
}
