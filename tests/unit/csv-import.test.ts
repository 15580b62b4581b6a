// CSV import of the product batch: the header row names the fields (any case, a few aliases), rows
// become products checked by the typed products' rules, plus what only a file can get wrong.
import { describe, expect, it } from 'vitest';
import { mapCsv, mapHeaders, MAX_ROWS } from '../../src/features/add-products/csv-import.ts';
import { csvContext } from './csv-fixtures.ts';
import { parseCsvText } from '../../src/workers/csv-parse.ts';

const ctx = csvContext;
const read = (text: string, c = ctx()) => {
  const p = parseCsvText(text);
  return mapCsv(p.headers, p.records, c);
};

describe('CSV parsing', () => {
  it('reads quoted cells with commas and new lines, skips blank lines, trims headers, drops a BOM', () => {
    const p = parseCsvText('\uFEFF name , sku,tags\n"Oslo, large",OS-1,"linen, oak"\n\n"Two\nlines",T-2,\n');
    expect(p.headers).toEqual(['name', 'sku', 'tags']);
    expect(p.records).toEqual([
      { name: 'Oslo, large', sku: 'OS-1', tags: 'linen, oak' },
      { name: 'Two\nlines', sku: 'T-2', tags: '' },
    ]);
    expect(p.errors).toEqual([]);
  });
});

describe('headers', () => {
  it('match fields whatever the case, spaces or underscores; unknown columns are reported', () => {
    const m = mapHeaders(['Name', 'SKU', 'Automation_System', 'Unit', 'Product Name', 'colour']);
    expect(m.columns).toEqual(['name', 'sku', 'automation', 'measure', undefined, undefined]);
    expect(m.unused).toEqual(['Product Name', 'colour']);
  });

  it('need a name or a sku column', () => {
    expect(read('title,collection\nOslo,Nordic\n').fatal).toMatch(/at least a "name" or a "sku" column/);
  });

  it(`refuse more than ${MAX_ROWS} rows`, () => {
    expect(read(`sku\n${Array.from({ length: MAX_ROWS + 1 }, (_, i) => `S-${i}`).join('\n')}\n`).fatal).toMatch(
      /at most 500 products/,
    );
  });
});

describe('rows', () => {
  it('map every field, with tags by the comma rule and categories by name', () => {
    const r = read(
      'name,sku,collection,height,width,depth,unit,finish,note,tags,categories,description\n' +
        'Oslo Sofa,OS-1,Nordic,80,210,95,cm,Oak,Solid frame,"LINEN, oak, linen",Seating > Sofas; Lamps,Deep seats\n',
    );
    expect(r.fatal).toBeUndefined();
    const { item, problems, line } = r.rows[0]!;
    expect(line).toBe(2);
    expect(problems).toEqual([]);
    expect(item).toMatchObject({
      name: 'Oslo Sofa',
      sku: 'OS-1',
      collection: 'Nordic',
      height: '80',
      width: '210',
      depth: '95',
      measure: 'cm',
      finish: 'Oak',
      note: 'Solid frame',
      subcategoryIds: [11, 21],
    });
    expect(item.tags).toEqual([
      { key: 5, label: 'Linen' },
      { key: 'new:oak', label: 'oak' },
    ]);
    expect(item.descriptions).toEqual([{ key: `${item.uid}-d0`, title: 'Description', notes: 'Deep seats' }]);
    expect(item.imageIds).toEqual([]);
  });

  it('keep the defaults where a column is missing or blank', () => {
    const { item } = read('sku,note\nS-1,\n').rows[0]!;
    expect(item).toMatchObject({
      measure: 'in',
      note: 'Some more details to inform about technical aspects of the product.',
      automation: false,
    });
  });

  it("are checked by the typed products' rules, numbered after the products already in the batch", () => {
    const r = read(
      'name,sku,automation,height,width,depth,note,collection\n,,,,,,,Nordic\nChair,C-1,yes,80,,90,\nLamp,L-1,no,,,,' +
        'n'.repeat(201) +
        ',\n',
      ctx({ offset: 2 }),
    );
    expect(r.rows.map((x) => x.problems)).toEqual([
      ['You need to add a name or sku to the product'],
      ['You need to add the dimensions to the product 4: C-1'],
      ['The note field must not be greater than 200 characters.'],
    ]);
    expect(r.rows[1]!.item.automation).toBe(true);
  });

  it('report an unknown unit or category, and automation without the permission', () => {
    const r = read('sku,unit,categories,automation\nS-1,yd,Beds; Chairs,1\n', ctx({ mayAutomate: false }));
    expect(r.rows[0]!.problems).toEqual([
      'The unit field must be one of: in, ft, (blank), mm, cm, m.',
      'Automation is not available to you: the product is registered without it',
      'Unknown category "Beds"',
    ]);
    expect(r.rows[0]!.item).toMatchObject({ automation: false, subcategoryIds: [12], measure: 'in' });
  });
});
