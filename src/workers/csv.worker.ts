// The CSV worker: a large file is read and parsed here, so the form stays responsive.
import * as Comlink from 'comlink';
import { parseCsvText } from './csv-parse.ts';

const api = {
  async parse(file: Blob) {
    return parseCsvText(await file.text());
  },
};

export type CsvApi = typeof api;
Comlink.expose(api);
