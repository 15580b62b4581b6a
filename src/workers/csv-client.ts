// The one way in to CSV parsing: a small file is parsed at once on the main thread (starting a worker
// costs more than the parse); a large one in the CSV worker, which ends when the parse is done, or at
// once when the caller aborts (Cancel): then nothing of the parse comes back.
import * as Comlink from 'comlink';
import { exportFields, type ExportBlock, type ExportProduct } from '../features/catalog/csv-export.ts';
import { parseCsvText, type ParsedCsv } from './csv-parse.ts';
import { productsCsvText } from './csv-write.ts';
import type { CsvApi } from './csv.worker.ts';

export type { ParsedCsv };

/** Above this size the parse runs in the worker. */
export const WORKER_FROM_BYTES = 256 * 1024;

/** Rejects with the signal's reason (an AbortError) once it is aborted. */
const aborted = (signal: AbortSignal | undefined) =>
  new Promise<never>((_, reject) => {
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

export async function parseCsv(file: Blob, signal?: AbortSignal): Promise<ParsedCsv> {
  signal?.throwIfAborted();
  if (file.size < WORKER_FROM_BYTES || typeof Worker !== 'function') {
    const parsed = parseCsvText(await Promise.race([file.text(), aborted(signal)]));
    signal?.throwIfAborted();
    return parsed;
  }
  const worker = new Worker(new URL('./csv.worker.ts', import.meta.url), { type: 'module', name: 'facet-csv' });
  try {
    return await Promise.race([Comlink.wrap<CsvApi>(worker).parse(file), aborted(signal)]);
  } finally {
    worker.terminate();
  }
}

/** Above this many products the export is written in the worker. */
export const WORKER_FROM_ROWS = 2_000;

/** The catalogue's export as a CSV file (csv-write.ts); a large one is written in the CSV worker. */
export async function writeProductsCsv(
  products: readonly ExportProduct[],
  blocks: ReadonlyMap<number, ExportBlock>,
): Promise<Blob> {
  if (products.length < WORKER_FROM_ROWS || typeof Worker !== 'function') {
    return new Blob([productsCsvText(products, blocks)], { type: 'text/csv;charset=utf-8' });
  }
  const worker = new Worker(new URL('./csv.worker.ts', import.meta.url), { type: 'module', name: 'facet-csv' });
  try {
    const api = Comlink.wrap<CsvApi>(worker);
    // In slices of the fields a row needs: one copy of 100,000 whole rows was a 700 ms task on the page.
    for (let i = 0; i < products.length; i += SLICE) await api.add(products.slice(i, i + SLICE).map(exportFields));
    return await api.write(blocks as Map<number, ExportBlock>);
  } finally {
    worker.terminate();
  }
}

const SLICE = 5_000;
