// The catalogue's CSV export reads back through the CSV import unchanged: every field, with quotes,
// commas, new lines, accents and formula-looking cells, the tags and the categories by name.
import { describe, expect, it } from 'vitest';
import { mapCsv } from '../../src/features/add-products/csv-import.ts';
import { csvContext } from './csv-fixtures.ts';
import { EXPORT_COLUMNS, exportFileName, type ExportProduct } from '../../src/features/catalog/csv-export.ts';
import { parseCsvText } from '../../src/workers/csv-parse.ts';
import { productsCsvText } from '../../src/workers/csv-write.ts';

const ctx = csvContext();

const product = (over: Partial<ExportProduct> = {}): ExportProduct => ({
  id: 1,
  name: 'Oslo Sofa',
  sku: 'ACM-1060',
  collection: 'Nordic',
  automation_system: 0,
  height: '80',
  width: '200',
  depth: '90',
  measure: 'cm',
  finish: 'Walnut',
  note: 'Front legs in oak',
  tags: [{ name: 'Linen' }, { name: 'oak' }],
  categories: [
    { name: 'Seating', subcategory: 'Sofas' },
    { name: 'Lighting', subcategory: 'Chairs' },
  ],
  ...over,
});

const roundTrip = (products: ExportProduct[], blocks = new Map<number, { title: string; notes: string }>()) => {
  const text = productsCsvText(products, blocks);
  const parsed = parseCsvText(text);
  return { text, parsed, result: mapCsv(parsed.headers, parsed.records, ctx) };
};

describe('CSV export', () => {
  it("writes the import's columns, and every field reads back as it was", () => {
    const blocks = new Map([[1, { title: 'Care', notes: 'Dry cloth only.' }]]);
    const { parsed, result } = roundTrip([product()], blocks);
    expect(parsed.headers).toEqual(EXPORT_COLUMNS);
    expect(parsed.errors).toEqual([]);
    expect(result.unused).toEqual([]);
    const [row] = result.rows;
    expect(row!.problems).toEqual([]);
    expect(row!.item).toMatchObject({
      name: 'Oslo Sofa',
      sku: 'ACM-1060',
      collection: 'Nordic',
      automation: false,
      height: '80',
      width: '200',
      depth: '90',
      measure: 'cm',
      finish: 'Walnut',
      note: 'Front legs in oak',
      subcategoryIds: [11, 22],
      descriptions: [{ title: 'Care', notes: 'Dry cloth only.' }],
    });
    expect(row!.item.tags.map((t) => t.label)).toEqual(['Linen', 'oak']);
  });

  it('keeps commas, quotes, new lines and accents inside cells', () => {
    const tricky = product({ name: 'Sofa "Oslo", large\nthree seats', collection: 'Chêne; été', note: 'a, b; c' });
    const [row] = roundTrip([tricky]).result.rows;
    expect(row!.item).toMatchObject({ name: tricky.name, collection: tricky.collection, note: tricky.note });
  });

  it('writes formula-looking cells as text, and the import reads them back as typed', () => {
    const { text, result } = roundTrip([product({ sku: '=HYPERLINK("x")', collection: '+1 line', finish: '@home' })]);
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(result.rows[0]!.item).toMatchObject({ sku: '=HYPERLINK("x")', collection: '+1 line', finish: '@home' });
  });

  it('marks automation as yes, starts with a BOM, ends rows with CRLF, and keeps the order it was given', () => {
    const { text, result } = roundTrip([product({ id: 2, sku: 'B', automation_system: 1 }), product({ id: 1, sku: 'A' })]);
    expect(text.startsWith('\uFEFFname,sku,')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(4);
    expect(result.rows.map((r) => [r.item.sku, r.item.automation])).toEqual([
      ['B', true],
      ['A', false],
    ]);
  });

  it('writes an empty product as empty cells (no "undefined"), and no title without a block', () => {
    const { text } = roundTrip([product({ tags: [], categories: [], note: '', collection: '' })]);
    expect(text).not.toContain('undefined');
    expect(text.split('\r\n')[1]!.endsWith(',,')).toBe(true);
  });

  it('names the file after the company and the day', () => {
    expect(exportFileName('Acme Living', '2026-11-27')).toBe('acme-living-products-2026-11-27.csv');
    expect(exportFileName('Ærø Møbler & Co.', '2026-11-27')).toBe('ærø-møbler-co-products-2026-11-27.csv');
    expect(exportFileName(undefined, '2026-11-27')).toBe('products-2026-11-27.csv');
  });
});
