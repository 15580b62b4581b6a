// The journeys about the device: offline and back, a product opened during the first sync, and the
// keyboard through a product screen (with the frame that must not scroll).
import { expect } from 'vitest';
import type { EnginePage } from './engine.ts';
import type { JourneyEnv } from './journey-env.ts';
import { button, field, gone, installServiceWorker, pick, shows, signIn, until } from './steps.ts';

const OFFLINE_TEXT = 'You are offline. Changes are saved on this device and sent when you reconnect.';
const cards = () => document.querySelectorAll('[data-testid="product-card"]').length > 0;

export async function offlineJourney(env: JourneyEnv, p: EnginePage) {
  const id = await env.productId('ACM-1010');
  const name = `Renamed offline in ${env.engine.name}`;
  await signIn(p, env.base, 'manager@acme.test');
  await p.goto(`${env.base}/catalog`);
  await until(p, cards);
  await installServiceWorker(p);
  await p.goto(`${env.base}/product/${id}`);
  await pick(p, 'h2', 'Info');
  expect(await p.run(() => !!navigator.serviceWorker.controller)).toBe(true);

  // Firefox: its own offline switch. WebKit's driver has none: the server cannot be reached.
  const offline = (on: boolean) => (env.engine.setOffline ? env.engine.setOffline(p, on) : env.gate.shut(on));
  await offline(true);
  await p.goto(`${env.base}/catalog`);
  await until(p, cards);
  await shows(p, OFFLINE_TEXT);
  await shows(p, 'Offline', 'header');
  expect(await p.run(() => document.body.innerText.includes('Up to date'))).toBe(false);
  await env.shot(p, 'offline-catalog');

  await p.goto(`${env.base}/product/${id}`);
  await p.click(await button(p, 'Edit'));
  await p.type(await field(p, 'Name'), name);
  await p.click(await button(p, 'Save'));
  await shows(p, name, '[data-testid="info-name"]');
  await shows(p, '1 pending', '[data-testid="pending-indicator"]');
  // The Pending changes panel says what this browser cannot tell or do (storage, background sending).
  await p.click('[data-testid="pending-indicator"]');
  await until(p, () => !!document.querySelector('[data-testid="storage-usage"]'));
  const lacks = await p.run(() => ({ storage: !navigator.storage?.estimate, sync: !('SyncManager' in window) }));
  if (lacks.storage) await shows(p, 'This browser does not tell how much storage Facet uses', '[data-testid="storage-usage"]');
  if (lacks.sync) await shows(p, 'This browser sends changes only while Facet is open', '[data-testid="no-background-sync"]');
  await env.shot(p, 'offline-pending');
  await p.press('Escape');

  const sent = () => env.gate.calls.filter((c) => c === 'PUT /backend/puts/product/edit').length;
  const before = sent();
  await offline(false);
  await until(p, () => !document.querySelector('[data-testid="pending-indicator"]'));
  expect((await env.s.db.one<{ name: string }>('SELECT name FROM products WHERE id = $1', [id]))!.name).toBe(name);
  expect(sent() - before).toBe(1);
  await shows(p, 'Up to date', '[data-testid="sync-status"]');
}

export async function firstSyncJourney(env: JourneyEnv, p: EnginePage) {
  const id = await env.productId('ACM-1006');
  await signIn(p, env.base, 'manager@acme.test');
  // As soon as the dashboard shows: a bookmark, a reload, a link from mail.
  await p.goto(`${env.base}/product/${id}`);
  await shows(p, 'ACM-1006', '[data-testid="product-sku"]');
  await pick(p, 'h2', 'Info');
  await shows(p, 'Up to date', '[data-testid="sync-status"]');
}

/** `p`: the manager's signed-in page. */
export async function keyboardJourney(env: JourneyEnv, p: EnginePage) {
  const id = await env.productId('ACM-1007');
  await p.goto(`${env.base}/product/${id}`);
  await pick(p, 'h2', 'Info');
  // No popup holding the focus (a person waits for it to close before going through the page).
  await gone(p, '[role="dialog"]');
  const focused = () =>
    p.run(() => {
      const e = document.activeElement as HTMLElement | null;
      return e
        ? `${e.getAttribute('role') ?? e.tagName.toLowerCase()}:${(e.getAttribute('aria-label') ?? e.innerText ?? '').trim()}`
        : '';
    });
  // The frame: the document never scrolls (the page scrolls inside it) and fits the window.
  const frame = () =>
    p.run(() => {
      const root = document.scrollingElement!;
      return { top: root.scrollTop, fits: root.scrollHeight <= innerHeight };
    });
  // Tab from the top reaches the section tabs.
  for (let i = 0; i < 60 && (await focused()) !== 'tab:Info'; i++) await p.press('Tab');
  expect(await focused()).toBe('tab:Info');
  // The arrows move between sections; Enter opens the one focused.
  await p.press('ArrowRight');
  expect(await focused()).toBe('tab:Vignette');
  await p.press('Enter');
  await pick(p, 'h2', 'Vignette');
  await until(p, () => !document.querySelector('[role="dialog"]'));
  // Into the vignette panel: each stop is visible, and the frame stays where it was.
  for (let i = 0; i < 8; i++) {
    await p.press('Tab');
    const seen = await p.run(() => {
      const r = document.activeElement!.getBoundingClientRect();
      return r.bottom > 0 && r.top < innerHeight;
    });
    expect([i, await focused(), seen]).toEqual([i, expect.any(String), true]);
    expect(await frame()).toEqual({ top: 0, fits: true });
  }
  await env.shot(p, 'keyboard');
}
