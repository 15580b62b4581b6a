// The one way in to CSV parsing: a small file is parsed at once on the main thread (starting a worker
// costs more than the parse); a large one in the CSV worker, which ends when the parse is done.
import * as Comlink from 'comlink';
import { parseCsvText, type ParsedCsv } from './csv-parse.ts';
import type { CsvApi } from './csv.worker.ts';

export type { ParsedCsv };

/** Above this size the parse runs in the worker. */
export const WORKER_FROM_BYTES = 256 * 1024;

export async function parseCsv(file: Blob): Promise<ParsedCsv> {
  if (file.size < WORKER_FROM_BYTES || typeof Worker !== 'function') return parseCsvText(await file.text());
  const worker = new Worker(new URL('./csv.worker.ts', import.meta.url), { type: 'module', name: 'facet-csv' });
  try {
    return await Comlink.wrap<CsvApi>(worker).parse(file);
  } finally {
    worker.terminate();
  }
}
