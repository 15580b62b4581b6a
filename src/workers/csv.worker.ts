// The CSV worker: a large file is read and parsed here, and the catalogue's export written, so the
// screen stays responsive.
import * as Comlink from 'comlink';
import type { ExportBlock, ExportProduct } from '../features/catalog/csv-export.ts';
import { parseCsvText } from './csv-parse.ts';
import { productsCsvText } from './csv-write.ts';

let exporting: ExportProduct[] = [];

const api = {
  async parse(file: Blob) {
    return parseCsvText(await file.text());
  },
  /** The export's products arrive in slices (each copy to the worker is a short task on the page). */
  add(slice: ExportProduct[]) {
    for (const p of slice) exporting.push(p);
  },
  write(blocks: Map<number, ExportBlock>) {
    const blob = new Blob([productsCsvText(exporting, blocks)], { type: 'text/csv;charset=utf-8' });
    exporting = [];
    return blob;
  },
};

export type CsvApi = typeof api;
Comlink.expose(api);
