// The product CSV's columns, shared by the import (csv-import.ts) and the catalogue's export
// (catalog/csv-export.ts, which runs in the CSV worker: this file imports nothing).

export type CsvField =
  | 'name'
  | 'sku'
  | 'collection'
  | 'automation'
  | 'height'
  | 'width'
  | 'depth'
  | 'measure'
  | 'finish'
  | 'note'
  | 'tags'
  | 'categories'
  | 'description'
  | 'descriptionTitle';

/** Header names (lower case, spaces and underscores alike) for each field. */
export const CSV_HEADERS: Record<CsvField, readonly string[]> = {
  name: ['name', 'product', 'product name'],
  sku: ['sku', 'reference', 'ref'],
  collection: ['collection'],
  automation: ['automation', 'automation system'],
  height: ['height', 'h'],
  width: ['width', 'w'],
  depth: ['depth', 'd'],
  measure: ['measure', 'unit', 'units'],
  finish: ['finish'],
  note: ['note', 'notes', 'more information'],
  tags: ['tags', 'tag'],
  categories: ['categories', 'category', 'subcategories', 'subcategory'],
  description: ['description', 'descriptions'],
  descriptionTitle: ['description title'],
};

/** The column each field is written under (its first header name): the catalogue's CSV export reads back through this import. */
export const CSV_COLUMNS = Object.fromEntries(Object.entries(CSV_HEADERS).map(([f, names]) => [f, names[0]!])) as Record<
  CsvField,
  string
>;
