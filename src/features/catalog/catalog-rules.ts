// The product catalogue's rules as pure functions (document 2 §2.2, §6, §9): sections and the
// permission redirects, filters, thumbnail columns, image paths and the load progress.
import type { CatalogFilters, CatalogSort, TemplateRow } from '../../data/index.ts';
import { storageUrl, thumbOf } from '../../api/storage-paths.ts';
import { ALLTIME_START, isoDay, presetRange, type DayRange, type Preset } from '../calendar/presets.ts';

/** `section` query values: allproducts, category-{id}, subcategory-{id}, templates, template-category-{id}. */
export type Section =
  { kind: 'products'; categoryId?: number; subcategoryId?: number } | { kind: 'templates'; categoryId?: number };

export const ALL_PRODUCTS = 'allproducts';

export function parseSection(raw: string | null): Section | null {
  if (!raw) return null;
  if (raw === ALL_PRODUCTS) return { kind: 'products' };
  if (raw === 'templates') return { kind: 'templates' };
  const m = /^(category|subcategory|template-category)-(\d+)$/.exec(raw);
  if (!m) return null;
  const id = Number(m[2]);
  if (m[1] === 'category') return { kind: 'products', categoryId: id };
  if (m[1] === 'subcategory') return { kind: 'products', subcategoryId: id };
  return { kind: 'templates', categoryId: id };
}

export function sectionParam(s: Section): string {
  if (s.kind === 'templates') return s.categoryId === undefined ? 'templates' : `template-category-${s.categoryId}`;
  if (s.subcategoryId !== undefined) return `subcategory-${s.subcategoryId}`;
  if (s.categoryId !== undefined) return `category-${s.categoryId}`;
  return ALL_PRODUCTS;
}

export interface CatalogAccess {
  info: boolean;
  templates: boolean;
}

/**
 * §2.2 and §6: none of the catalogue's permissions -> Dashboard; without reader-template-access
 * All Products is forced; without the info slugs only templates are left.
 * Returns where to go: a path, a section to replace the current one, or null (stay).
 */
export function resolveCatalogAccess(
  a: CatalogAccess,
  current: Section | null,
): { redirect: string } | { section: string } | null {
  if (!a.info && !a.templates) return { redirect: '/dashboard' };
  if (current?.kind === 'templates' && !a.templates) return { section: ALL_PRODUCTS };
  if (!current) return { section: a.info || !a.templates ? ALL_PRODUCTS : 'templates' };
  if (current.kind === 'products' && !a.info) return { section: 'templates' };
  return null;
}

export type ThumbSize = 'small' | 'medium' | 'big';
/** §9: column widths. */
export const THUMB_WIDTH = { small: 110, medium: 172 } as const;
/** §9 public filter values: 0 private, 1 public, 2 both. */
export const VISIBILITY_OPTIONS = [
  { value: 0, label: 'Private' },
  { value: 1, label: 'Public' },
  { value: 2, label: 'Public & Private' },
] as const;
/** §9 automation filter: 0 all, 1 sent, any other not sent. */
export const AUTOMATION_OPTIONS = [
  { value: 0, label: 'All' },
  { value: 1, label: 'Sended' },
  { value: 2, label: 'Not Sended' },
] as const;

export interface FilterState {
  text: string;
  id: string;
  collection: string;
  preset: Preset | 'custom';
  range: DayRange;
  visibility: number;
  automation: number;
  size: ThumbSize;
  /** Template catalogues: the ambient chips switched on. */
  ambients: number[];
  /** '' : best match when searching, else newest first. */
  sort: CatalogSort | '';
}

/** The sort choices; scenes have no SKU. */
export const SORT_OPTIONS: readonly { value: CatalogSort | ''; label: string; products?: true }[] = [
  { value: '', label: 'Best match' },
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
  { value: 'sku', label: 'SKU A–Z', products: true },
  { value: '-sku', label: 'SKU Z–A', products: true },
  { value: '-created', label: 'Newest created' },
  { value: 'created', label: 'Oldest created' },
  { value: '-updated', label: 'Recently updated' },
  { value: 'updated', label: 'Least recently updated' },
];
export const sortOptions = (kind: 'products' | 'templates') => SORT_OPTIONS.filter((o) => kind === 'products' || !o.products);

export const defaultFilters = (today = new Date()): FilterState => ({
  text: '',
  id: '',
  collection: '',
  preset: 'alltime',
  range: presetRange('alltime', today),
  visibility: 2,
  automation: 0,
  size: 'medium',
  ambients: [],
  sort: '',
});

/** Does anything narrow the list beyond the section (so "Clear filters" can help)? */
export const isFiltered = (f: FilterState) =>
  f.text.trim() !== '' ||
  f.id !== '' ||
  f.collection.trim() !== '' ||
  f.preset !== 'alltime' ||
  f.automation !== 0 ||
  f.visibility !== 2 ||
  f.ambients.length > 0;

/** Back to every row of the section; the thumbnail size and the sort are view choices and stay. */
export const clearFilters = (f: FilterState, today = new Date()): FilterState => ({
  ...defaultFilters(today),
  size: f.size,
  sort: f.sort,
});

/** Only digits may be typed in the id box. */
export const cleanId = (raw: string) => raw.replace(/\D+/g, '');

export function toQuery(section: Section, f: FilterState, customerId: number, selected: readonly number[] = []): CatalogFilters {
  const id = f.id ? Number(f.id) : undefined;
  // "All time" keeps its start (1 January 2019) and no end, so rows made today always show.
  const from = isoDay(f.preset === 'alltime' ? ALLTIME_START : f.range.from);
  const to = f.preset === 'alltime' ? undefined : isoDay(f.range.to);
  const text = f.text.trim() || undefined;
  const sort = (section.kind === 'templates' && f.sort.endsWith('sku')) || !f.sort ? undefined : f.sort;
  if (section.kind === 'templates') {
    const visibility = f.visibility === 0 ? 'private' : f.visibility === 1 ? 'public' : 'both';
    const ambientIds = f.ambients.length ? f.ambients : undefined;
    return {
      kind: 'templates',
      customerId,
      text,
      id,
      from,
      to,
      visibility,
      categoryId: section.categoryId,
      ambientIds,
      selected,
      sort,
    };
  }
  const automation = f.automation === 0 ? 'all' : f.automation === 1 ? 'sent' : 'not-sent';
  return {
    kind: 'products',
    customerId,
    text,
    id,
    from,
    to,
    automation,
    collection: f.collection.trim() || undefined,
    categoryId: section.categoryId,
    subcategoryId: section.subcategoryId,
    sort,
  };
}

/** Grid columns for the container width: fixed 110 / 172 px columns, or three equal ones. */
export function gridColumns(size: ThumbSize, width: number, gap: number): { columns: number; cell: number } {
  if (size === 'big') return { columns: 3, cell: Math.max(0, (width - 2 * gap) / 3) };
  const cell = THUMB_WIDTH[size];
  return { columns: Math.max(1, Math.floor((width + gap) / (cell + gap))), cell };
}

/** Stored files are under /storage; a thumbnail has `_thumb` before the extension. */
export { productThumb } from '../../api/storage-paths.ts';
export const templateThumb = (t: Pick<TemplateRow, 'image_thumb' | 'image_name'>) =>
  t.image_thumb || t.image_name ? storageUrl(t.image_thumb || thumbOf(t.image_name)) : null;
export const templateImage = (t: Pick<TemplateRow, 'image_name'>) => (t.image_name ? storageUrl(t.image_name) : null);

/** 'Please wait. completed N%' over the loading tasks. */
export const loadPercent = (done: readonly boolean[]) =>
  done.length ? Math.round((done.filter(Boolean).length / done.length) * 100) : 100;
export const PROGRESS_CLOSE_MS = 1000;
