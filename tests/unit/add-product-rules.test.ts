// The product batch form's checks (document 2 §5, §8) with their exact messages and the contract's field
// rules in the server's words, the accepted files, onlyOneProduct, and what one product registers.
import { describe, expect, it } from 'vitest';
import { acceptOf } from '../../src/api/contract/rules/files.ts';
import { DEFAULT_NOTE } from '../../src/api/contract/rules/product.ts';
import {
  batchProblems,
  fieldProblems,
  newProduct,
  onlyOneProduct,
  productProblems,
  toProductDraft,
  type ProductItem,
} from '../../src/features/add-products/product-form-rules.ts';

const ready = (uid: string, extra: Partial<ProductItem> = {}): ProductItem => ({
  ...newProduct(uid),
  name: 'Oslo Sofa',
  sku: 'OS-1',
  imageIds: [1],
  ...extra,
});
const messages = (p: ProductItem, n = 1) => productProblems(p, n).map((x) => x.message);

describe('a new product', () => {
  it('has the defaults of §3 and §9', () => {
    const p = newProduct('u');
    expect(p).toMatchObject({ measure: 'in', note: DEFAULT_NOTE, automation: false });
    expect(DEFAULT_NOTE).toBe('Some more details to inform about technical aspects of the product.');
    expect(p.descriptions).toEqual([{ key: 'u-d0', title: 'Description', notes: '' }]);
  });
});

describe('the checks before SEND', () => {
  it('needs at least one product', () => {
    expect(batchProblems([]).batch).toBe('You need to add at least one product');
  });

  it('needs a name or a sku', () => {
    expect(messages(ready('a', { name: ' ', sku: '' }))).toEqual(['You need to add a name or sku to the product']);
    expect(messages(ready('a', { name: '', sku: 'OS-1' }))).toEqual([]);
    expect(messages(ready('a', { name: 'Oslo', sku: '' }))).toEqual([]);
  });

  it('needs an image, naming the product by number and sku (or name)', () => {
    expect(messages(ready('a', { imageIds: [] }), 3)).toEqual(['You need to add at least one image to the product 3: OS-1']);
    expect(messages(ready('a', { imageIds: [], sku: '' }), 2)).toEqual([
      'You need to add at least one image to the product 2: Oslo Sofa',
    ]);
  });

  it('needs the dimensions and a file for automation', () => {
    const auto = ready('a', { automation: true, height: '80', width: '', depth: '90' });
    expect(messages(auto, 2)).toEqual([
      'You need to add the dimensions to the product 2: OS-1',
      'You need to add at least one file to the product 2: OS-1',
    ]);
    expect(messages({ ...auto, width: '200', fileIds: [4] })).toEqual([]);
    expect(messages(ready('a', { height: '' }))).toEqual([]); // without automation nothing is required
  });

  it('flags only the failing products, each with its own number', () => {
    const r = batchProblems([ready('a'), ready('b', { imageIds: [] }), ready('c', { name: '', sku: '' })]);
    expect(r.batch).toBeUndefined();
    expect([...r.items.keys()]).toEqual(['b', 'c']);
    expect(r.items.get('b')).toEqual([{ field: 'images', message: 'You need to add at least one image to the product 2: OS-1' }]);
    expect(r.items.get('c')!.map((x) => x.field)).toEqual(['name']);
  });

  it('refuses what the server refuses, in its words: lengths, the note, a dimension that is negative or not a number', () => {
    expect(messages(ready('a', { note: 'n'.repeat(201) }))).toEqual(['The note field must not be greater than 200 characters.']);
    expect(messages(ready('a', { height: '-1' }))).toEqual(['The height field must not be negative.']);
    expect(messages(ready('a', { width: 'abc' }))).toEqual([`The width field must be a number, such as 12, 12.5 or 6' 2 1/2".`]);
    expect(messages(ready('a', { name: 'n'.repeat(256), sku: 's'.repeat(101) }))).toEqual([
      'The name field must not be greater than 255 characters.',
      'The SKU field must not be greater than 100 characters.',
    ]);
    expect(messages(ready('a', { name: ` ${'n'.repeat(255)} `, width: ` 6' 2 1/2" ` }))).toEqual([]); // checked as sent: trimmed
  });

  it('shows the field rules as typed, at their fields: a new tag, a description that will be sent', () => {
    const p = ready('a', {
      tags: [
        { key: 4, label: 'x'.repeat(150) },
        { key: 'new:long', label: 't'.repeat(101) },
      ],
      descriptions: [
        { key: 'd1', title: 'T', notes: 'n'.repeat(5001) },
        { key: 'd2', title: 'x'.repeat(300), notes: ' ' },
      ],
      collection: 'c'.repeat(256),
    });
    expect(fieldProblems(p)).toEqual([
      { field: 'collection', message: 'The collection field must not be greater than 255 characters.' },
      { field: 'tags', message: 'The tag field must not be greater than 100 characters.' },
      { field: 'block:d1:notes', message: 'The notes field must not be greater than 5000 characters.' },
    ]);
    expect(fieldProblems(ready('a', { measure: 'yd' }))).toEqual([
      { field: 'measure', message: 'The unit field must be one of: in, ft, (blank), mm, cm, m.' },
    ]);
  });
});

describe('files', () => {
  it('take the extensions of the calls they go to (§5); Info’s files leave the images out', () => {
    expect(acceptOf('productImage')).toBe('.jpg,.jpeg,.png,.webp');
    expect(acceptOf('asset')).toBe('.txt,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.png,.jpg,.jpeg,.csv,.dwg,.webp');
    expect(acceptOf('document')).toBe('.txt,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.csv,.dwg');
  });
});

describe('onlyOneProduct', () => {
  it('hides the add button below 2 products allowed', () => {
    expect(onlyOneProduct(1)).toBe(true);
    expect(onlyOneProduct(0)).toBe(true);
    expect(onlyOneProduct(2)).toBe(false);
    expect(onlyOneProduct(undefined)).toBe(false);
  });
});

describe('what one product registers', () => {
  it('trims, takes the files by id, sends typed tags by name and automation only with the permission', () => {
    const files = new Map([
      [1, new File(['a'], 'a.png')],
      [2, new File(['b'], 'spec.pdf')],
    ]);
    const p = ready('a', {
      name: ' Oslo ',
      automation: true,
      fileIds: [2],
      tags: [
        { key: 4, label: 'linen' },
        { key: 'new:oak', label: 'oak' },
      ],
      note: 'short',
    });
    const d = toProductDraft(p, files, true);
    expect(d).toMatchObject({ name: 'Oslo', sku: 'OS-1', automation_system: 1, tags: [4, 'oak'], note: 'short', measure: 'in' });
    expect(d.images!.map((x) => (x as File).name)).toEqual(['a.png']);
    expect(d.files!.map((x) => (x as File).name)).toEqual(['spec.pdf']);
    expect(toProductDraft(p, files, false).automation_system).toBe(0);
  });
});

describe('a SKU another product has (issue 43)', () => {
  it('is said at the field, case and punctuation aside, and never blocks', async () => {
    const { skuWarning } = await import('../../src/api/contract/rules/product.ts');
    const others = [
      { id: 7, sku: 'ACM-1001', name: 'Aurora Sofa' },
      { id: 9, sku: 'acm 1001', name: '' },
      { id: 3, sku: 'ACM-1002', name: 'Oslo Bed' },
    ];
    expect(skuWarning('acm1001', others)).toBe('Aurora Sofa (#7) and 1 more already have this SKU. You can still save it.');
    expect(skuWarning('ACM-1002', others, 3)).toBeUndefined(); // the product itself
    expect(skuWarning('ACM-1002', others)).toBe('Oslo Bed (#3) already has this SKU. You can still save it.');
    expect(skuWarning('ACM-1003', others)).toBeUndefined();
    expect(skuWarning(' - ', others)).toBeUndefined();
  });
});
