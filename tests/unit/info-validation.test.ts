// Info's field checks before a save (the specs' name-or-SKU rule and words, no negative measure, the dimension
// rule with automation on) and the download names (<SKU>_1.png…).
import { describe, expect, it } from 'vitest';
import { downloadName, hasErrors, infoErrors, NAME_OR_SKU } from '../../src/features/products/product-rules.ts';

const ok = { name: 'Sofa', sku: 'SOFA-1', automation_system: 0 as const, height: '30', width: '80', depth: '' };

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
    expect(infoErrors({ ...ok, height: '-5', depth: ' -0.5 cm' })).toEqual({ height: 'The height field must not be negative.', depth: 'The depth field must not be negative.' });
    expect(infoErrors({ ...ok, width: '0' })).toEqual({});
    expect(infoErrors({ ...ok, width: '-' })).toEqual({}); // not a number: left to the free-text measure
  });
  it('with automation on, every measure is needed', () => {
    expect(infoErrors({ ...ok, automation_system: 1 })).toEqual({ depth: 'Depth is needed while automation is on.' });
    expect(infoErrors({ ...ok, automation_system: 1, depth: '40' })).toEqual({});
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
