// The live channel (issue 44) in Firefox and WebKit: a colleague renames a product while the manager's
// catalogue is open, and the card shows the new name with no reload and nothing done there. The colleague
// writes through the API: these drivers hold one page at a time (WebKitWebDriver, one session).
import { expect } from 'vitest';
import { call } from '../support/http.ts';
import type { EnginePage } from './engine.ts';
import type { JourneyEnv } from './journey-env.ts';
import { shows, until } from './steps.ts';

/** `p`: the manager's signed-in page. */
export async function liveJourney(env: JourneyEnv, p: EnginePage) {
  const cid = (await env.s.db.one<{ id: number }>("SELECT id FROM customers WHERE name = 'Acme Living'"))!.id;
  await p.goto(`${env.base}/catalog`);
  // The first card (newest first: in view), once the tab's stream has said hello (data-live, live-state.ts).
  const id = Number(
    await until(
      p,
      () =>
        document.documentElement.dataset.live === 'up' &&
        document.querySelector('[data-testid="product-card"]')?.getAttribute('data-id'),
    ),
  );
  const name = `Renamed live in ${env.engine.name}`;
  const sel = `[data-testid="product-card"][data-id="${id}"]`;
  // The page notes when the new name lands (a MutationObserver set before the write): no polling delay in the figure.
  await p.run(
    (css: string, text: string) => {
      const o = new MutationObserver(() => {
        if (!document.querySelector(css)?.textContent?.includes(text)) return;
        o.disconnect();
        document.documentElement.dataset.landed = String(Date.now());
      });
      o.observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    sel,
    name,
  );
  const before = env.gate.calls.length;
  const r = await call(env.s, 'PUT', '/puts/product/edit', {
    token: await env.s.tokenFor('multi@facet.test'),
    body: { id_product: id, id_customer: cid, name },
  });
  expect(r.status).toBe(200);
  const answered = Date.now();
  await shows(p, name, sel);
  const landed = Number(await p.run(() => document.documentElement.dataset.landed));
  console.log(
    `[facet] ${env.engine.name}: the rename shown in the open catalogue ${landed - answered} ms after the write's answer`,
  );
  // Pulled, not reloaded: only reads passed the gate since, and the page was not asked for again.
  const since = env.gate.calls.slice(before);
  expect(since.filter((c) => !c.startsWith('GET '))).toEqual([]);
  expect(since.filter((c) => c === 'GET /catalog')).toEqual([]);
  await env.shot(p, 'live-rename');
}
