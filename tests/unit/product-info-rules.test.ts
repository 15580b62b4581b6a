// The product Info rules (document 2 §2.7, §5, §9; document 3 §2).
import { describe, expect, it } from 'vitest';
import type { ProductRow } from '../../src/data/index.ts';
import {
  addTypedTags,
  canToggleAutomation,
  classifyFile,
  diffInfo,
  draftOf,
  fileLabel,
  isEmptyChange,
  productTitle,
  unitOf,
  visibleSections,
} from '../../src/features/products/product-rules.ts';
import { missingDimensions } from '../../src/api/contract/rules/product.ts';

const product = {
  id: 7,
  id_product: 7,
  id_customer: 1,
  cid: 1,
  sku: 'SOFA-1',
  name: 'Sofa',
  collection: 'Nordic',
  automation_system: 0,
  cancelable_as: 1,
  images: [],
  created_at: '2024-01-01T00:00:00Z',
  subcategories: [3],
  height: '30',
  width: '',
  depth: '',
  finish: 'Oak',
  note: 'n',
  measure: 'cm',
  categories: [],
  tags: [
    { id: 1, name: 'Blue' },
    { id: 2, name: 'Wood' },
  ],
} as ProductRow;

describe('title and sections', () => {
  it('the SKU, or the name without a SKU', () => {
    expect(productTitle(product)).toBe('SOFA-1');
    expect(productTitle({ sku: '  ', name: 'Sofa' })).toBe('Sofa');
    expect(productTitle({ sku: '', name: '' })).toBeUndefined();
  });
  it('each section shows with its reader or editor key', () => {
    expect(visibleSections({ 'reader-info-access': true, 'editor-360-access': true }).map((s) => s.key)).toEqual(['info', '360']);
    expect(visibleSections({})).toEqual([]);
  });
});

describe('fields', () => {
  it('units: in, ft, blank, mm, cm, m; default in', () => {
    expect(['in', 'ft', '', 'mm', 'cm', 'm'].map(unitOf)).toEqual(['in', 'ft', '', 'mm', 'cm', 'm']);
    expect(unitOf(undefined)).toBe('in');
    expect(unitOf('yards')).toBe('in');
  });
  it('the dimension rule applies with automation on only', () => {
    const d = { automation_system: 1 as const, width: '1', height: '2', depth: ' ' };
    expect(missingDimensions(d)).toEqual(['depth']);
    expect(missingDimensions({ ...d, depth: '3' })).toEqual([]);
    expect(missingDimensions({ ...d, automation_system: 0 })).toEqual([]);
  });
  it('the automation toggle moves only with cancelable_as and the permission', () => {
    expect(canToggleAutomation({ cancelable_as: 1 }, true)).toBe(true);
    expect(canToggleAutomation({ cancelable_as: 0 }, true)).toBe(false);
    expect(canToggleAutomation({ cancelable_as: 1 }, false)).toBe(false);
  });
  it('files: accepted types, images elsewhere, others refused; the name is the last segment', () => {
    expect(['a.pdf', 'b.DWG', 'c.csv', 'd.pptx'].map(classifyFile)).toEqual(['file', 'file', 'file', 'file']);
    expect(['a.png', 'b.JPEG', 'c.webp'].map(classifyFile)).toEqual(['image', 'image', 'image']);
    expect(['a.exe', 'noext', 'x.zip'].map(classifyFile)).toEqual(['refused', 'refused', 'refused']);
    expect(fileLabel('products/7/spec.pdf')).toBe('spec.pdf');
  });
});

describe('typed tags (comma rule)', () => {
  const known = [
    { id: 1, name: 'Blue' },
    { id: 5, name: 'Velvet' },
  ];
  it('splits, trims, ignores blanks, matches case-insensitively, else new; no duplicates', () => {
    const out = addTypedTags([{ id: 1, name: 'Blue' }], ' velvet, , BLUE,Retro ,retro,  ', known);
    expect(out).toEqual([{ id: 1, name: 'Blue' }, { id: 5, name: 'Velvet' }, { name: 'Retro' }]);
  });
});

describe('the save diff', () => {
  const base = draftOf(
    product,
    [
      { id: 11, productId: 7, title: 'Care', notes: 'Dry' },
      { id: 12, productId: 7, title: 'Old', notes: 'x' },
    ],
    ['products/7/a.pdf'],
  );
  it('nothing changed -> nothing to send', () => {
    expect(isEmptyChange(diffInfo(base, base))).toBe(true);
  });
  it('sends only what changed', () => {
    const file = new File(['x'], 'b.pdf');
    const after = {
      ...base,
      name: 'Sofa 2',
      subcategories: [4],
      tags: [{ id: 2, name: 'Wood' }, { id: 5, name: 'Velvet' }, { name: 'Retro' }],
      blocks: [
        { id: 11, title: 'Care', notes: 'Wet' },
        { id: 0, title: 'Description', notes: 'New' },
      ],
      files: [],
      newFiles: [file],
    };
    const c = diffInfo(base, after);
    expect(c.fields).toEqual({ name: 'Sofa 2' });
    expect([c.addSubcategories, c.removeSubcategories]).toEqual([[4], [3]]);
    expect([c.addTags, c.removeTags]).toEqual([[5, 'Retro'], [1]]);
    expect(c.blocks).toEqual([
      { id: 11, title: 'Care', notes: 'Wet' },
      { id: 0, title: 'Description', notes: 'New' },
    ]);
    expect(c.removeBlocks).toEqual([12]);
    expect([c.addFiles, c.removeFiles]).toEqual([[file], ['products/7/a.pdf']]);
  });
  it('the measure defaults to in and is sent when changed', () => {
    expect(draftOf({ ...product, measure: undefined as unknown as string }, [], []).measure).toBe('in');
    expect(diffInfo(base, { ...base, measure: 'm' }).fields).toEqual({ measure: 'm' });
  });
});
