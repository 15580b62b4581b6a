// The catalogue's CSV export (issue 28): the products of the current view (filters, search, sort) as
// rows of the CSV import's own columns (add-products/csv-import.ts), so the file reads back through
// the import unchanged. Pure: the CSV worker runs it, off the main thread, for any number of rows.
import { CSV_COLUMNS, type CsvField } from '../add-products/csv-columns.ts';

/** What a row needs of a product (a list row of the mirror). */
export interface ExportProduct {
  id: number;
  name: string;
  sku: string;
  collection: string;
  automation_system: number;
  height: string;
  width: string;
  depth: string;
  measure: string;
  finish: string;
  note: string;
  tags: readonly { name: string }[];
  categories: readonly { name: string; subcategory: string }[];
}

/** A product's first information block, when this device holds it (blocks come with a product's own pull). */
export interface ExportBlock {
  title: string;
  notes: string;
}

/** Just what a row needs (a smaller copy to hand to the worker than the whole list row). */
export const exportFields = (p: ExportProduct): ExportProduct => ({
  id: p.id,
  name: p.name,
  sku: p.sku,
  collection: p.collection,
  automation_system: p.automation_system,
  height: p.height,
  width: p.width,
  depth: p.depth,
  measure: p.measure,
  finish: p.finish,
  note: p.note,
  tags: p.tags.map((t) => ({ name: t.name })),
  categories: p.categories.map((c) => ({ name: c.name, subcategory: c.subcategory })),
});

/** The columns, in the import's order. */
export const EXPORT_COLUMNS: readonly string[] = Object.values(CSV_COLUMNS);

/** One product as one CSV record, keyed by column. */
export function exportRecord(p: ExportProduct, block: ExportBlock | undefined): Record<string, string> {
  const cells: Record<CsvField, string> = {
    name: p.name,
    sku: p.sku,
    collection: p.collection,
    automation: p.automation_system === 1 ? 'yes' : 'no',
    height: p.height,
    width: p.width,
    depth: p.depth,
    measure: p.measure,
    finish: p.finish,
    note: p.note,
    // The import splits tags at commas and categories at semicolons; "Category > Subcategory" keeps a subcategory's name unambiguous.
    tags: p.tags.map((t) => t.name).join(', '),
    categories: p.categories.map((c) => `${c.name} > ${c.subcategory}`).join('; '),
    description: block?.notes ?? '',
    descriptionTitle: block?.notes ? block.title : '',
  };
  return Object.fromEntries(Object.entries(cells).map(([f, v]) => [CSV_COLUMNS[f as CsvField], v]));
}

/** The file's name: the company and the day ("acme-living-products-2026-11-27.csv"). */
export function exportFileName(company: string | undefined, day: string): string {
  const slug = (company ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
  return `${slug ? `${slug}-` : ''}products-${day}.csv`;
}
