// Products to CSV text with papaparse's unparse (quotes, commas, new lines and formula-looking cells
// handled by the library). Shared by the CSV worker and the main-thread path for a few rows.
import Papa from 'papaparse';
import { EXPORT_COLUMNS, exportRecord, type ExportBlock, type ExportProduct } from '../features/catalog/csv-export.ts';

/** A BOM first: spreadsheet programs then read the file as UTF-8 (the import drops it). */
export function productsCsvText(products: readonly ExportProduct[], blocks: ReadonlyMap<number, ExportBlock>): string {
  const data = products.map((p) => exportRecord(p, blocks.get(p.id)));
  // escapeFormulae: a cell starting with = + - @ is written quoted with a leading ' so a spreadsheet shows it as text.
  return `\uFEFF${Papa.unparse({ fields: [...EXPORT_COLUMNS], data }, { escapeFormulae: true, newline: '\r\n' })}\r\n`;
}
