// "Select all" plus Add tags at full size (issue 28): from the click on the dialog's Add tags to the
// first card marked Pending (the mirror changed, the screen shows it), then to the mark's end (the
// server confirmed), with the bulk calls sent and the main thread's long tasks (over 50 ms) meanwhile.
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** A call made between the click and the confirmation: its path, and when it started and ended (ms after the click). */
export interface CallTiming {
  path: string;
  start_ms: number;
  end_ms: number;
}
export interface BulkFigures {
  products: number;
  to_pending_ms: number | null;
  to_confirmed_ms: number | null;
  statuses: number[];
  requests: number;
  long_tasks: number;
  longest_task_ms: number;
  calls: CallTiming[];
  long_task_windows: { start_ms: number; ms: number }[];
}

export async function measureBulkTag(page: Page, total: number): Promise<BulkFigures> {
  await page.getByLabel('Name or SKU').fill('');
  await page.getByTestId('catalog-count').getByText(`${total} products`).waitFor();
  await page.getByRole('button', { name: `Select all ${total}` }).click();
  const bar = page.getByTestId('bulk-bar');
  await bar.getByText(`${total} selected`).waitFor();
  await bar.getByRole('button', { name: 'Add tags' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add tags' });
  await dialog.getByLabel('Tags').fill('Bench bulk');
  await page.keyboard.press('Enter');
  let requests = 0;
  const statuses: number[] = [];
  page.on('request', (r) => void (r.url().includes('/posts/product/bulk') && requests++));
  page.on('response', (r) => void (r.url().includes('/posts/product/bulk') && statuses.push(r.status())));
  await page.evaluate(() => {
    const w = window as unknown as {
      __bulk: { long: number[]; at: number[]; t0?: number; pending?: number; confirmed?: number };
    };
    w.__bulk = { long: [], at: [] };
    performance.clearResourceTimings(); // a full buffer (250 entries) would drop the calls timed below
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => {
        w.__bulk.long.push(e.duration);
        w.__bulk.at.push(e.startTime);
      }),
    ).observe({ type: 'longtask' });
    document.addEventListener('click', () => void (w.__bulk.t0 ??= performance.now()), { capture: true, once: true });
    new MutationObserver(() => {
      const mark = document.querySelector('[data-testid="product-card"] [data-testid="pending-mark"]');
      if (mark && w.__bulk.pending === undefined) w.__bulk.pending = performance.now();
      if (!mark && w.__bulk.pending !== undefined && w.__bulk.confirmed === undefined) w.__bulk.confirmed = performance.now();
    }).observe(document.body, { subtree: true, childList: true });
  });
  // BENCH_PROFILE=file.cpuprofile: the main thread's CPU profile (CDP) from the click to the confirmation.
  const profile = process.env.BENCH_PROFILE;
  const cdp = profile ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  // BENCH_TRACE=file.json: a Chromium trace (devtools.timeline) of the same span, for the long tasks' native parts.
  const trace = process.env.BENCH_TRACE;
  if (trace)
    await page
      .context()
      .browser()!
      .startTracing(page, {
        path: trace,
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'IndexedDB'],
      });
  await dialog.getByRole('button', { name: 'Add tags' }).click();
  // Bounded: a confirmation that does not come in 4 minutes is reported as null, with what was seen.
  await page
    .waitForFunction(() => (window as unknown as { __bulk: { confirmed?: number } }).__bulk.confirmed !== undefined, undefined, {
      timeout: 240_000,
    })
    .catch(() => undefined);
  if (cdp) writeFileSync(profile!, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  if (trace) await page.context().browser()!.stopTracing();
  const b = await page.evaluate(
    () =>
      (window as unknown as { __bulk: { long: number[]; at: number[]; t0: number; pending?: number; confirmed?: number } })
        .__bulk,
  );
  const since = (t: number | undefined) => (t === undefined ? null : Math.round(t - b.t0));
  // The intervals' parts on the network side: each API call's resource timing on the page's clock.
  const calls = await page.evaluate(
    (t0) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/backend/') && e.startTime >= t0)
        .map((e) => ({
          path: new URL(e.name).pathname.replace(/^\/backend/, ''),
          start_ms: Math.round(e.startTime - t0),
          end_ms: Math.round((e as PerformanceResourceTiming).responseEnd - t0),
        })),
    b.t0,
  );
  return {
    products: total,
    to_pending_ms: since(b.pending),
    to_confirmed_ms: since(b.confirmed),
    requests,
    statuses,
    long_tasks: b.long.length,
    longest_task_ms: Math.round(Math.max(0, ...b.long)),
    calls,
    long_task_windows: b.long.map((ms, i) => ({ start_ms: Math.round(b.at[i]! - b.t0), ms: Math.round(ms) })),
  };
}
