// Change to screen (issue 44): Chromium signed in on server process A, the catalogue in one window and the
// product's page in another (one context: one live connection, shared over BroadcastChannel); the
// product renamed through process B's API, as a colleague's portal sends it. Each rename is timed from B's
// answer to the frame that paints the new name in each page; screen-parts.ts cuts that into its parts. The
// server's own commit-to-send histogram (A's METRICS_PORT) is read before and after.
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { signIn } from '../../tests/e2e/shell-helpers.ts';
import { DEMO } from '../../tests/support/http.ts';
import type { ServerProcess } from '../../tests/support/processes.ts';
import { byLabel, histogram, scrape, since, summary, value } from './metrics.ts';
import { arm, idleFrames, installLiveProbes, painted, probed, type Painted } from './page-probes.ts';
import { now } from './clock.ts';
import { rename } from './rename.ts';
import { screenFigures, type Sample } from './screen-parts.ts';

const WARM_UP = 3;
const PAINT_LIMIT_MS = 30_000;
const HIST = 'facet_live_commit_to_send_seconds';
const SENT = 'facet_live_events_sent_total';

/**
 * A page of the same context in a window of its own, beside the first (Playwright opens a context's pages
 * as tabs of one window, and Chromium in time renders the tab not in front at one frame a second).
 */
async function besideIt(browser: Browser, first: Page, url: string): Promise<Page> {
  const { targetInfo } = await (await first.context().newCDPSession(first)).send('Target.getTargetInfo');
  const cdp = await browser.newBrowserCDPSession();
  const window = { newWindow: true, left: 1300, top: 0, width: 1280, height: 900 };
  const [page] = await Promise.all([
    first.context().waitForEvent('page'),
    // left/top/width/height are newer than playwright-core's protocol types.
    cdp.send('Target.createTarget', { url, browserContextId: targetInfo.browserContextId, ...window } as never),
  ]);
  await cdp.detach();
  return page;
}

async function openPages(browser: Browser, base: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  // tsx keeps function names through a __name helper the page does not have.
  await context.addInitScript('globalThis.__name ??= (f) => f;');
  await context.addInitScript(installLiveProbes);
  const catalogue = await context.newPage();
  await signIn(catalogue, base, DEMO.acme);
  await catalogue.waitForURL('**/dashboard');
  await catalogue.goto(`${base}/catalog`);
  // The catalogue's first card (newest first): in view, and a rename does not move it.
  const first = catalogue.getByTestId('product-card').first();
  await first.waitFor();
  const id = Number(await first.getAttribute('data-id'));
  const product = await besideIt(browser, catalogue, `${base}/product/${id}`);
  await product.getByRole('heading', { name: 'Info', exact: true }).waitFor();
  const up = (p: Page) => p.locator('html[data-live="up"]').waitFor({ state: 'attached' });
  await Promise.all([up(catalogue), up(product)]);
  return { context, catalogue, product, id };
}

/** The bench's own LISTEN: when each notice (by its version) was made and heard. */
async function listenNotices(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const heard = new Map<string, { at: number; heard: number }>();
  client.on('notification', (n) => {
    const t = now();
    const p = JSON.parse(n.payload ?? '{}') as { k?: string; v?: string; at?: number };
    if (p.k === 'products' && p.v && p.at) heard.set(p.v, { at: p.at, heard: t });
  });
  await client.query('LISTEN facet_live');
  return { heard, close: () => client.end() };
}

const limit = <T>(p: Promise<T>, what: string) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: not painted in ${PAINT_LIMIT_MS} ms`)), PAINT_LIMIT_MS).unref(),
    ),
  ]);

export async function changeToScreen(o: {
  browser: Browser;
  A: ServerProcess;
  B: ServerProcess;
  metricsA: number;
  databaseUrl: string;
  token: string;
  renames: number;
  log: (s: string) => void;
}) {
  const { context, catalogue, product, id } = await openPages(o.browser, o.A.url);
  const notices = await listenNotices(o.databaseUrl);
  const idle = async () => {
    const [c, p] = await Promise.all([idleFrames(catalogue), idleFrames(product)]);
    return { catalogue: c, product_page: p };
  };
  const idleBefore = await idle();
  let idleAfter = idleBefore;
  const samples: Sample[] = [];
  const errors: string[] = [];
  let basedOn: string | undefined;
  let before = histogram(await scrape(o.metricsA), HIST);
  let sentBefore: Record<string, number> = {};
  let streamsOnA = 0;
  try {
    for (let i = 0; i < WARM_UP + o.renames; i++) {
      if (i === WARM_UP) {
        const text = await scrape(o.metricsA);
        [before, sentBefore] = [histogram(text, HIST), byLabel(text, SENT, 'kind')];
      }
      const name = `Live bench ${i} ${Math.random().toString(36).slice(2, 8)}`;
      await Promise.all([arm(catalogue, name), arm(product, name)]);
      const renamed = await rename(o.B.api, o.token, id, name, basedOn);
      if (renamed.status !== 200) throw new Error(`the rename through B answered ${renamed.status}`);
      basedOn = renamed.version;
      let shown: [Painted, Painted];
      try {
        shown = await Promise.all([limit(painted(catalogue, name), 'catalogue'), limit(painted(product, name), 'product page')]);
      } catch (err) {
        errors.push(String(err));
        continue;
      }
      if (i < WARM_UP) continue;
      const [c, p] = await Promise.all([probed(catalogue, renamed.sent - 5), probed(product, renamed.sent - 5)]);
      samples.push({
        renamed,
        notice: notices.heard.get(renamed.version!),
        pages: { catalogue: { painted: shown[0], ...c }, product: { painted: shown[1], ...p } },
      });
      if ((i - WARM_UP + 1) % 25 === 0) o.log(`change to screen: ${i - WARM_UP + 1} of ${o.renames} renames`);
    }
    streamsOnA = value(await scrape(o.metricsA), 'facet_live_connections');
    idleAfter = await idle();
  } finally {
    await notices.close();
    await context.close();
  }
  const text = await scrape(o.metricsA);
  const sent = Object.entries(byLabel(text, SENT, 'kind')).map(([k, n]) => [k, n - (sentBefore[k] ?? 0)]);
  return {
    ...screenFigures(samples, errors.length),
    errors: errors.slice(0, 5),
    server_A_commit_to_send_ms: summary(since(before, histogram(text, HIST))),
    idle_frames_per_sec: { before: idleBefore, after: idleAfter },
    server_A_streams_open: streamsOnA,
    server_A_events_sent_by_kind: Object.fromEntries(sent.filter(([, n]) => n)),
  };
}
