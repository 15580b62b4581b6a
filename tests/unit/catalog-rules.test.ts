// The catalogue's pure rules (document 2 §2.2, §6, §9).
import { describe, expect, it } from 'vitest';
import {
  cleanId,
  defaultFilters,
  gridColumns,
  loadPercent,
  parseSection,
  productThumb,
  resolveCatalogAccess,
  sectionParam,
  templateThumb,
  toQuery,
} from '../../src/features/catalog/catalog-rules.ts';
import { presetRange } from '../../src/features/calendar/presets.ts';

const today = new Date(2025, 2, 12);

describe('sections', () => {
  it('round-trips every section value', () => {
    for (const v of ['allproducts', 'category-3', 'subcategory-7', 'templates', 'template-category-2'])
      expect(sectionParam(parseSection(v)!)).toBe(v);
    expect(parseSection('allproducts')).toEqual({ kind: 'products' });
    expect(parseSection('nonsense')).toBeNull();
    expect(parseSection(null)).toBeNull();
  });
});

describe('permission redirects (§2.2, §6)', () => {
  it('no catalogue permission goes to the Dashboard', () => {
    expect(resolveCatalogAccess({ info: false, templates: false }, null)).toEqual({ redirect: '/dashboard' });
  });
  it('without reader-template-access All Products is forced', () => {
    expect(resolveCatalogAccess({ info: true, templates: false }, parseSection('template-category-2'))).toEqual({
      section: 'allproducts',
    });
    expect(resolveCatalogAccess({ info: true, templates: false }, parseSection('templates'))).toEqual({ section: 'allproducts' });
  });
  it('no section selects All Products; valid sections stay', () => {
    expect(resolveCatalogAccess({ info: true, templates: true }, null)).toEqual({ section: 'allproducts' });
    expect(resolveCatalogAccess({ info: true, templates: true }, parseSection('templates'))).toBeNull();
    expect(resolveCatalogAccess({ info: true, templates: true }, parseSection('subcategory-4'))).toBeNull();
  });
  it('templates only: product sections go to the templates', () => {
    expect(resolveCatalogAccess({ info: false, templates: true }, null)).toEqual({ section: 'templates' });
    expect(resolveCatalogAccess({ info: false, templates: true }, parseSection('allproducts'))).toEqual({ section: 'templates' });
  });
});

describe('filters', () => {
  const f = defaultFilters(today);
  it('defaults: all time, both visibilities, all automation, medium thumbnails', () => {
    expect(f).toMatchObject({ preset: 'alltime', visibility: 2, automation: 0, size: 'medium', text: '', id: '' });
  });
  it('all time sends 1 January 2019 and no end', () => {
    expect(toQuery({ kind: 'products' }, f, 5)).toMatchObject({
      kind: 'products',
      customerId: 5,
      from: '2019-01-01',
      to: undefined,
      automation: 'all',
    });
  });
  it('a preset sends both ends as local days', () => {
    const q = toQuery({ kind: 'products' }, { ...f, preset: 'last-month', range: presetRange('last-month', today) }, 5);
    expect([q.from, q.to]).toEqual(['2025-02-01', '2025-02-28']);
  });
  it('products: text trimmed, id, collection, automation 1 sent / other not sent, category and subcategory', () => {
    const q = toQuery(
      { kind: 'products', subcategoryId: 9 },
      { ...f, text: '  sofa ', id: '12', collection: ' Nordic ', automation: 1 },
      5,
    );
    expect(q).toMatchObject({ text: 'sofa', id: 12, collection: 'Nordic', automation: 'sent', subcategoryId: 9 });
    expect(toQuery({ kind: 'products' }, { ...f, automation: 2 }, 5)).toMatchObject({ automation: 'not-sent' });
  });
  it('scenes: public filter 0 private, 1 public, 2 both; no collection; selection first', () => {
    const vis = (v: number) =>
      toQuery({ kind: 'templates', categoryId: 3 }, { ...f, visibility: v, collection: 'x' }, 5, [4]) as { visibility: string };
    expect([0, 1, 2].map((v) => vis(v).visibility)).toEqual(['private', 'public', 'both']);
    expect(vis(1)).toMatchObject({ kind: 'templates', categoryId: 3, selected: [4] });
    expect('collection' in vis(1)).toBe(false);
  });
  it('the id box keeps digits only', () => {
    expect(cleanId('1a2 3-')).toBe('123');
  });
});

describe('thumbnail grid (§9)', () => {
  it('small 110 px and medium 172 px columns, big three equal columns', () => {
    expect(gridColumns('small', 1000, 12)).toEqual({ columns: 8, cell: 110 });
    expect(gridColumns('medium', 1000, 12)).toEqual({ columns: 5, cell: 172 });
    expect(gridColumns('big', 1000, 12)).toEqual({ columns: 3, cell: (1000 - 24) / 3 });
    expect(gridColumns('medium', 50, 12).columns).toBe(1);
  });
  it('thumbnails are stored paths with _thumb before the extension', () => {
    expect(productThumb({ images: ['products/1/a.png', 'products/1/b.png'] })).toBe('/storage/products/1/a_thumb.png');
    expect(productThumb({ images: [] })).toBeNull();
    expect(templateThumb({ image_thumb: 'templates/t_thumb.jpg', image_name: 'templates/t.jpg' })).toBe(
      '/storage/templates/t_thumb.jpg',
    );
    expect(templateThumb({ image_thumb: '', image_name: 'templates/t.jpg' })).toBe('/storage/templates/t_thumb.jpg');
  });
});

describe('load progress', () => {
  it('counts the 3 tasks', () => {
    expect(
      [
        [false, false, false],
        [true, false, false],
        [true, true, false],
        [true, true, true],
      ].map(loadPercent),
    ).toEqual([0, 33, 67, 100]);
  });
});
