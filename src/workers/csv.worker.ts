// The CSV worker: a large file is read and parsed here, and the catalogue's export written, so the
// screen stays responsive.
import * as Comlink from 'comlink';
import type { ExportBlock, ExportProduct } from '../features/catalog/csv-export.ts';
import { parseCsvText } from './csv-parse.ts';
import { productsCsvText } from './csv-write.ts';

const api = {
  async parse(file: Blob) {
    return parseCsvText(await file.text());
  },
  write(products: ExportProduct[], blocks: Map<number, ExportBlock>) {
    return new Blob([productsCsvText(products, blocks)], { type: 'text/csv;charset=utf-8' });
  },
};

export type CsvApi = typeof api;
Comlink.expose(api);
