// The product field rules the server enforces on store and edit (src/api/contract/product-rules.ts).
import { describe, expect, it } from 'vitest';
import { DIMENSIONS_MESSAGE, isNegativeDimension, NAME_OR_SKU_MESSAGE, productFieldErrors } from '../../src/api/contract/product-rules.ts';

describe('product field rules', () => {
  it('a dimension is negative when a minus sign comes before a number', () => {
    for (const v of ['-5', ' -5 ', '-0.5', '-.5', '- 3', '\u22123', '\u20132 cm', '-0']) expect(isNegativeDimension(v), v).toBe(true);
    for (const v of ['', '0', '5', '12.5', `3' 4 1/2"`, '-', '--', 'n/a', '5-6', undefined, null]) expect(isNegativeDimension(v), String(v)).toBe(false);
  });

  it('lists every broken rule by field: name or SKU, negative dimensions, then missing ones for automation', () => {
    expect(productFieldErrors({ name: 'Sofa' })).toEqual({});
    expect(productFieldErrors({ sku: 'S-1', automation_system: 1, height: '1', width: '2', depth: '3' })).toEqual({});
    expect(productFieldErrors({ name: ' ', sku: '' })).toEqual({ name: [NAME_OR_SKU_MESSAGE] });
    expect(productFieldErrors({ name: 'x', width: '-2' })).toEqual({ width: ['The width field must not be negative.'] });
    const all = productFieldErrors({ automation_system: 1, height: '-1', depth: ' ' });
    expect(Object.keys(all)).toEqual(['name', 'height', 'width', 'depth']);
    expect(all).toMatchObject({ height: ['The height field must not be negative.'], width: [DIMENSIONS_MESSAGE], depth: [DIMENSIONS_MESSAGE] });
  });
});
