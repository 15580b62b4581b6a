// The core journeys (issue 29), written once: each engine's test file calls coreJourneys with its
// launcher. One portal server (the run's built portal), one gate in front of it and one browser per
// engine. The journeys of a signed-in manager go on in one session, as a person's day does (a session
// and a sign-in are 4 to 10 CPU-s in these engines); offline and the first sync, which are about the
// device's state, each start in a profile of their own, and so does any journey after one that failed.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { working } from '../server/exports.fixtures.ts';
import { startPortal } from '../support/portal.ts';
import type { Engine, EnginePage } from './engine.ts';
import { diagnose } from './diagnose.ts';
import { openGate } from './gate.ts';
import type { JourneyEnv } from './journey-env.ts';
import { CANARY_SCRIPT, expectNoCspViolations, type Canary } from '../support/csp.ts';
import { firstSyncJourney, keyboardJourney, offlineJourney } from './journeys-device.ts';
import { embedJourney, frameSetQuery, zipJourney } from './journeys-imagery.ts';
import { liveJourney } from './journeys-live.ts';
import { reviewJourney } from './journeys-review.ts';
import { button, catalogCount, field, shows, signIn, textOf, until, waitBeforeActing } from './steps.ts';
import { startTrace } from './trace.ts';

/** Below the group's testTimeout (120 s), which would end the journey without its trace. */
const JOURNEY_MS = 110_000;

export function coreJourneys(launch: () => Promise<Engine>) {
  const env = {} as JourneyEnv;
  const pages: EnginePage[] = [];
  const started = Date.now();
  // One trace, started over by each journey: the session's page, wrapped once, records into it.
  const trace = startTrace();
  /** The manager's signed-in page, kept for the next journey while journeys pass. */
  let session: EnginePage | undefined;
  // One page at a time (WebKitWebDriver allows one session): a new page closes the one before.
  // A failed journey leaves a screenshot of its page in .tmp/ and prints its trace (trace.ts), as
  // does a slow one; every journey prints its time.
  const journey = (name: string, fn: () => Promise<void>) =>
    it(name, async () => {
      const t0 = Date.now();
      trace.restart();
      const took = () => `[facet] ${env.engine.name} ${((Date.now() - t0) / 1000).toFixed(1)} s: ${name}`;
      let timer: ReturnType<typeof setTimeout> | undefined;
      // Ends a journey a little before the test's own timeout, so that it still leaves its trace.
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the journey took over ${JOURNEY_MS / 1000} s`)), JOURNEY_MS);
      });
      try {
        await Promise.race([fn(), deadline]);
        console.log(Date.now() - t0 > 45_000 ? `${took()}\n${trace.text()}` : took());
      } catch (err) {
        session = undefined; // the next journey starts afresh, whatever this one left
        const last = pages.at(-1);
        const state = last ? await diagnose(last) : 'no page';
        console.log(`${took()} (failed)\n${trace.text()}\npage: ${state}\ngate:\n${env.gate.recent()}`);
        if (last)
          await last
            .screenshot(`.tmp/engines-${env.engine.name}-failed-${name.slice(0, 24).replace(/\W+/g, '-')}.png`)
            .catch(() => undefined);
        throw err;
      } finally {
        clearTimeout(timer);
      }
    });
  const page = async () => {
    session = undefined;
    for (const q of pages.splice(0)) await q.close().catch(() => undefined);
    // The server reachable again, whatever the journey before left (a failed offline journey left it shut).
    env.gate.shut(false);
    trace.note('new page');
    const p = waitBeforeActing(trace.page(await env.engine.newPage()));
    trace.note('page open');
    pages.push(p);
    return p;
  };
  /** The session's page, or a new one signed in as the manager. */
  const signedIn = async () => {
    if (session) {
      trace.note('session kept');
      return session;
    }
    const p = await page();
    await signIn(p, env.base, 'manager@acme.test');
    return (session = p);
  };

  beforeAll(async () => {
    mkdirSync('.tmp', { recursive: true });
    // Jobs worked in this process: the 360 embed's frame set is rendered by the job queue (a test
    // server only queues jobs unless asked), from the run's start while the other journeys go.
    [env.s, env.engine] = await Promise.all([startPortal(working()), launch()]);
    env.gate = await openGate(env.s.url);
    env.base = env.gate.url;
    env.productId = async (sku) => (await env.s.db.one<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku]))!.id;
    env.frameSet = frameSetQuery(env);
    env.frameSet.catch(() => undefined); // awaited by the embed journey
    env.shot = (p, name) => p.screenshot(`.tmp/engines-${env.engine.name}-${name}.png`);
    console.log(`[facet] ${env.engine.name}: ${env.engine.version}`);
  });
  afterAll(async () => {
    for (const p of pages) await p.close().catch(() => undefined);
    try {
      if (env.s && env.engine) await expectNoCspViolations(env.s, env.base, engineCanary(env.engine));
    } finally {
      await closeAll();
    }
  });
  const closeAll = async () => {
    await env.engine?.close();
    await env.gate?.close();
    await env.s?.close();
    if (env.engine) console.log(`[facet] ${env.engine.name} journeys: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };

  // The session's first journey signs in and looks at the dashboard it lands on.
  journey('signs in to the dashboard (data up to date), the catalogue lists the products, a search narrows them', async () => {
    const p = await signedIn();
    await shows(p, 'Up to date', '[data-testid="sync-status"]');
    await env.shot(p, 'dashboard');
    await p.goto(`${env.base}/catalog`);
    await until(p, () => document.querySelectorAll('[data-testid="product-card"]').length > 0);
    const all = await catalogCount(p);
    expect(all).toBeGreaterThan(10);
    await p.type(await field(p, 'Name or SKU'), 'ACM-1005');
    await expect.poll(() => catalogCount(p)).toBe(1);
    expect(await textOf(p, '[data-testid="product-card"]')).toContain('ACM-1005');
  });

  journey('an Info save reaches the server once', async () => {
    const id = await env.productId('ACM-1009');
    const p = await signedIn();
    await p.goto(`${env.base}/product/${id}`);
    await p.click(await button(p, 'Edit'));
    await p.type(await field(p, 'Name'), `Saved in ${env.engine.name}`);
    const before = env.gate.calls.length;
    await p.click(await button(p, 'Save'));
    await shows(p, `Saved in ${env.engine.name}`, '[data-testid="info-name"]');
    await until(p, () => !document.querySelector('[data-testid="pending-indicator"]'));
    const name = async () => (await env.s.db.one<{ name: string }>('SELECT name FROM products WHERE id = $1', [id]))!.name;
    expect(await name()).toBe(`Saved in ${env.engine.name}`);
    // Presence (issue 44: "I have this page open", renewed while it is) is no write of the user's.
    const writes = (c: string) => (c.startsWith('PUT ') || c.startsWith('POST ')) && !c.endsWith('/api/live/presence');
    expect(env.gate.calls.slice(before).filter(writes)).toEqual(['PUT /backend/puts/product/edit']);
  });

  // Before the live journey: run after it, Firefox once met the focus back on the top bar half-way through
  // the Tab presses (the live rename's updates may still be landing in the page).
  journey('the keyboard alone goes through a product screen, and the frame never scrolls', async () => {
    await keyboardJourney(env, await signedIn());
  });

  journey('the vignette zip: two workers, every frame 3840 px wide', async () => {
    await zipJourney(env, await signedIn());
  });

  // A public page, no sign-in needed: opened in the session's page, which stays signed in.
  journey('the 360 embed shows its frames and turns by drag and by keys', async () => {
    await embedJourney(env, session ?? (await page()));
  });

  journey('review: a pin on a render and the version approved', async () => {
    await reviewJourney(env, await signedIn());
  });

  journey("live: a colleague's rename reaches the open catalogue", async () => {
    await liveJourney(env, await signedIn());
  });

  journey('offline: the status says so, an edit waits on the device and is sent once on reconnect', async () => {
    await offlineJourney(env, await page());
  });

  journey('a product opened by its address during the first sync opens', async () => {
    await firstSyncJourney(env, await page());
  });
}

/** The canary of tests/support/csp.ts in Firefox or WebKit. */
const engineCanary =
  (engine: Engine): Canary =>
  async (url, reported) => {
    const p = await engine.newPage();
    try {
      await p.goto(url);
      await p.run(CANARY_SCRIPT);
      await reported();
    } finally {
      await p.close();
    }
  };
