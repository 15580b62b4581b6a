// CSV text to header-keyed records with papaparse: the first row names the columns, blank lines are
// skipped, cells and headers are kept as text. Shared by the worker and the main-thread path.
import Papa from 'papaparse';

export interface ParsedCsv {
  headers: string[];
  records: Record<string, string>[];
  /** Parser complaints worth showing (a row with the wrong number of cells…), at most a few. */
  errors: string[];
}

export function parseCsvText(text: string): ParsedCsv {
  const r = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  const errors = r.errors.slice(0, 5).map((e) => (e.row !== undefined ? `Row ${e.row + 2}: ${e.message}` : e.message));
  return { headers: (r.meta.fields ?? []).filter((h) => h !== ''), records: r.data, errors };
}
