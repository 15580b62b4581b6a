// The imagery journeys: the vignette zip the render workers build in the browser, and the public 360 embed.
import JSZip from 'jszip';
import sharp from 'sharp';
import { expect } from 'vitest';
import { call } from '../support/http.ts';
import type { EnginePage } from './engine.ts';
import type { FrameSetQuery, JourneyEnv } from './journey-env.ts';
import { gone, pick, shows, until } from './steps.ts';

// The vignette's browser zip button (another change renames it; either name is this button).
const ZIP_BUTTONS = ['Download All Images', 'Render presets (zip)'];

/** `p`: the manager's signed-in page. */
export async function zipJourney(env: JourneyEnv, p: EnginePage) {
  const id = await env.productId('ACM-1005');
  const presets = (await env.s.db.one<{ n: number }>(
    "SELECT count(*)::int AS n FROM product_presets WHERE product_id = $1 AND section = 'vignette'",
    [id],
  ))!.n;
  expect(presets).toBeGreaterThanOrEqual(2);
  await p.goto(`${env.base}/product/${id}?section=vignette`);
  await pick(p, 'h2', 'Vignette');
  await gone(p, '[role="dialog"]');
  // Every preset on the device first (during the first sync the panel says "0 presets" and the
  // button is disabled: a busy machine clicked it then).
  await shows(p, `${presets} presets`);
  // Keep the zip the page hands to its download link; and two cores, so that the work is split across
  // two workers (compose in one, encode in the other) on any machine, as on the users' machines.
  await p.run(() => {
    const w = window as unknown as { zips: Blob[] };
    w.zips = [];
    const make = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (o: Blob | MediaSource) => {
      if (o instanceof File && o.name.endsWith('.zip')) w.zips.push(o);
      return make(o);
    };
    Object.defineProperty(navigator, 'hardwareConcurrency', { value: 2, configurable: true });
    // The progress the dialog shows, with its times (a failed journey prints them: diagnose.ts).
    const notes: string[] = ((window as unknown as { journeyNotes: string[] }).journeyNotes = []);
    const t0 = performance.now();
    let last = '';
    new MutationObserver(() => {
      const dialog = (document.querySelector('[role="dialog"]') as HTMLElement | null)?.innerText ?? '';
      const now = dialog.match(/Building Image \d+ of \d+|Creating a zip file/)?.[0] ?? (dialog ? 'dialog' : '');
      if (now !== last) notes.push(`${((performance.now() - t0) / 1000).toFixed(1)} s ${(last = now) || '(no dialog)'}`);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const sel = await p.run((names: string[]) => {
    const b = [...document.querySelectorAll('button')].find((e) => names.includes(e.innerText.trim()));
    if (!b) return null;
    b.dataset.pick = 'zip';
    return '[data-pick="zip"]';
  }, ZIP_BUTTONS);
  expect(sel).toBeTruthy();
  await p.click(sel!);
  // The zip, or the popup of a failure (its words, so that the failure says why). A person waits as
  // long as the progress moves: each step ('Building Image i of n', 'Creating a zip file...') within
  // the group's 30 s, not the whole batch (two 3840 px frames took 14-46 s with the machine at load 5-14).
  let outcome: string;
  let step = '';
  for (;;) {
    const seen: string = await until(
      p,
      (was: string): string => {
        if ((window as unknown as { zips: Blob[] }).zips.length) return 'zip';
        const alert = document.querySelector('[role="alertdialog"]') as HTMLElement | null;
        if (alert) return alert.innerText;
        const now =
          (document.querySelector('[role="dialog"]') as HTMLElement | null)?.innerText.match(
            /Building Image \d+ of \d+|Creating a zip file/,
          )?.[0] ?? '';
        return now !== was ? `step ${now}` : '';
      },
      step,
    );
    if (!seen.startsWith('step ')) {
      outcome = seen;
      break;
    }
    step = seen.slice(5);
  }
  expect(outcome).toBe('zip');
  const base64 = await p.run(async () => {
    const bytes = new Uint8Array(await (window as unknown as { zips: Blob[] }).zips[0]!.arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });
  const zip = await JSZip.loadAsync(Buffer.from(base64, 'base64'));
  const names = Object.keys(zip.files).sort();
  expect(names).toHaveLength(presets);
  for (const name of names) {
    const img = sharp(await zip.files[name]!.async('nodebuffer'));
    const meta = await img.metadata();
    // A drawn frame, not a blank one: its pixels vary (a failure names the frame and its mean colour).
    const { channels } = await img.stats();
    const drawn =
      Math.max(...channels.slice(0, 3).map((c) => c.stdev)) > 5
        ? 'drawn'
        : `blank, mean ${channels.map((c) => Math.round(c.mean)).join('/')}`;
    expect([name, meta.width, drawn]).toEqual([name, 3840, 'drawn']);
  }
  await env.shot(p, 'zip');
}

/** The 360 embed's query; the first ask starts the server's frame set (asked at the run's start, so it is ready by the journey). */
export async function frameSetQuery(env: Pick<JourneyEnv, 's' | 'productId'>): Promise<FrameSetQuery> {
  const id = await env.productId('ACM-1005');
  const cid = (await env.s.db.one<{ id: number }>('SELECT customer_id AS id FROM products WHERE id = $1', [id]))!.id;
  const token = await env.s.tokenFor('manager@acme.test');
  const key = (await call(env.s, 'GET', '/gets/product/share-key', { token, query: { id_product: id, id_customer: cid } })).body
    .key as string;
  const preset = (await env.s.db.one<{ id: number }>(
    "SELECT id FROM product_presets WHERE product_id = $1 AND section = '360' ORDER BY id LIMIT 1",
    [id],
  ))!.id;
  const query = { id_product: id, id_customization: preset, frames: 48, key };
  await call(env.s, 'GET', '/public/360', { query });
  return query;
}

export async function embedJourney(env: JourneyEnv, p: EnginePage) {
  const query = await env.frameSet;
  await expect
    .poll(async () => (await call(env.s, 'GET', '/public/360', { query })).body.status, { timeout: 120_000, interval: 500 })
    .toBe('ready');
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  await p.goto(`${env.base}/iframe/360?${q}`);
  const slider = await pick(p, '[role="slider"]');
  // The poster is drawn: the picture shown has loaded.
  await until(p, () => [...document.images].some((i) => i.complete && i.naturalWidth > 0));
  const frame = () => p.run((s: string) => Number(document.querySelector(s)!.getAttribute('aria-valuenow')), slider);
  // Every frame the player shows, counted as it changes: a quick flick can coast a whole turn round
  // and stop on the frame it started from (a busy machine's WebDriver moved 40 px within ~9 ms).
  await p.run((s: string) => {
    const w = window as unknown as { turns: number };
    w.turns = 0;
    new MutationObserver(() => void w.turns++).observe(document.querySelector(s)!, { attributeFilter: ['aria-valuenow'] });
  }, slider);
  await p.drag(slider, 40);
  // A flick turns on by itself (inertia) until it stops: the frame it reached is read once it has.
  await gone(p, '[data-coasting]');
  const dragged = await frame();
  expect(await p.run(() => (window as unknown as { turns: number }).turns)).toBeGreaterThan(0);
  await p.click(slider);
  await p.press('ArrowRight');
  await expect.poll(frame).toBe((dragged % 48) + 1);
  await env.shot(p, 'embed');
}
