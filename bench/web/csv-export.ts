// The catalogue's CSV export at full size: from the click on Export CSV to the browser's download,
// with the main thread's long tasks (over 50 ms) counted meanwhile (the file is written in the worker).
import type { Page } from 'playwright-core';

export interface ExportFigures {
  rows: number;
  ms: number;
  bytes: number;
  long_tasks: number;
  longest_task_ms: number;
}

export async function measureCsvExport(page: Page, total: number): Promise<ExportFigures> {
  await page.getByLabel('Name or SKU').fill('');
  await page.getByTestId('catalog-count').getByText(`${total} products`).waitFor();
  await page.evaluate(() => {
    const w = window as unknown as { __long: number[] };
    w.__long = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__long.push(e.duration))).observe({ type: 'longtask' });
  });
  const t0 = Date.now();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const ms = Date.now() - t0;
  const path = await download.path();
  const { statSync, readFileSync } = await import('node:fs');
  const rows = readFileSync(path, 'utf8').split('\r\n').filter(Boolean).length - 1;
  const long = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
  return { rows, ms, bytes: statSync(path).size, long_tasks: long.length, longest_task_ms: Math.round(Math.max(0, ...long)) };
}
