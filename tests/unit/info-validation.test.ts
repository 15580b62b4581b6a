// Info's field checks before a save (the contract's product rules: the specs' name-or-SKU rule and words,
// measures that are numbers and not negative, the dimension rule with automation on, every length) and
// the download names (<SKU>_1.png…).
import { describe, expect, it } from 'vitest';
import { NAME_OR_SKU_MESSAGE as NAME_OR_SKU } from '../../src/api/contract/rules/product.ts';
import { downloadName, hasErrors, infoErrors } from '../../src/features/products/product-rules.ts';

const ok = {
  name: 'Sofa',
  sku: 'SOFA-1',
  collection: '',
  automation_system: 0 as const,
  height: '30',
  width: '80',
  depth: '',
  measure: 'in',
  finish: '',
  note: '',
  tags: [],
  blocks: [],
};

describe('infoErrors', () => {
  it('passes a product with a name or a SKU and no negative measure', () => {
    expect(infoErrors(ok)).toEqual({});
    expect(infoErrors({ ...ok, name: '' })).toEqual({});
    expect(infoErrors({ ...ok, sku: ' ' })).toEqual({});
    expect(hasErrors(infoErrors(ok))).toBe(false);
  });
  it('needs a name or a SKU after trimming, and says so at both fields', () => {
    expect(NAME_OR_SKU).toBe('You need to add a name or sku to the product');
    expect(infoErrors({ ...ok, name: '  ', sku: '' })).toEqual({ name: NAME_OR_SKU, sku: NAME_OR_SKU });
  });
  it('refuses negative measures, each at its own field', () => {
    expect(infoErrors({ ...ok, height: '-5', depth: ' -0.5 cm' })).toEqual({
      height: 'The height field must not be negative.',
      depth: 'The depth field must not be negative.',
    });
    expect(infoErrors({ ...ok, width: '0' })).toEqual({});
    expect(infoErrors({ ...ok, width: '-' })).toEqual({
      width: `The width field must be a number, such as 12, 12.5 or 6' 2 1/2".`,
    });
    expect(infoErrors({ ...ok, width: 'abc' })).toEqual({
      width: `The width field must be a number, such as 12, 12.5 or 6' 2 1/2".`,
    });
    expect(infoErrors({ ...ok, width: `6' 2 1/2"` })).toEqual({});
  });
  it('with automation on, every measure is needed, in the server’s words', () => {
    expect(infoErrors({ ...ok, automation_system: 1 })).toEqual({ depth: 'You need to add the dimensions to the product' });
    expect(infoErrors({ ...ok, automation_system: 1, depth: '40' })).toEqual({});
  });
  it('refuses what the server refuses, as typed; what is missing only once Save was pressed', () => {
    const long = { ...ok, name: 'n'.repeat(300), sku: '' };
    expect(infoErrors(long, { presence: false })).toEqual({ name: 'The name field must not be greater than 255 characters.' });
    expect(infoErrors({ ...ok, name: '', sku: '' }, { presence: false })).toEqual({});
    expect(infoErrors({ ...ok, note: 'x'.repeat(201) })).toEqual({
      note: 'The note field must not be greater than 200 characters.',
    });
    expect(infoErrors({ ...ok, measure: 'yd' })).toEqual({
      measure: 'The unit field must be one of: in, ft, (blank), mm, cm, m.',
    });
    expect(infoErrors({ ...ok, tags: [{ name: 't'.repeat(101) }, { id: 3, name: 'x'.repeat(101) }] })).toEqual({
      tags: 'The tag field must not be greater than 100 characters.',
    });
    expect(
      infoErrors({
        ...ok,
        blocks: [
          { id: 0, title: 'T', notes: 'x'.repeat(5001) },
          { id: 0, title: 'y'.repeat(300), notes: '' },
        ],
      }),
    ).toEqual({ 'block:0:notes': 'The notes field must not be greater than 5000 characters.' }); // the second is not sent
  });
});

describe('downloadName', () => {
  it('names pictures after the SKU, numbered from 1, keeping the extension', () => {
    expect(downloadName({ sku: 'ACM-1005', name: 'Luna Vase', id: 5 }, 0, 'products/1/5/7c2bc831.png')).toBe('ACM-1005_1.png');
    expect(downloadName({ sku: 'ACM-1005', name: 'Luna Vase', id: 5 }, 2, 'products/1/5/a.JPG')).toBe('ACM-1005_3.jpg');
  });
  it('falls back to the name, then the id; characters a file name cannot hold become dashes', () => {
    expect(downloadName({ sku: '', name: 'Luna Vase', id: 5 }, 0, 'x.png')).toBe('Luna-Vase_1.png');
    expect(downloadName({ sku: 'A/B:1', name: '', id: 5 }, 0, 'x.png')).toBe('A-B-1_1.png');
    expect(downloadName({ sku: '', name: '', id: 5 }, 1, 'x.webp')).toBe('product-5_2.webp');
  });
});
