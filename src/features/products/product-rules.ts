// The product Info rules as pure functions (document 2 §2.7, §5, §9; document 3 §2): the page
// title, the sections per permission, measures, the field checks (the contract's product rules), typed
// tags, accepted files, and the difference between the product and the edit form.
import type { DescriptionRow, IdNameRow, InfoChange, ProductRow } from '../../data/index.ts';
import type { Slug } from '../../api/contract/slugs.ts';
import { tableErrors, type FieldErrors } from '../../api/contract/rules/check.ts';
import { EXTENSIONS } from '../../api/contract/rules/files.ts';
import {
  automationChangeable,
  DEFAULT_MEASURE,
  descriptionRules,
  MEASURE_UNITS,
  NAME_OR_SKU_MESSAGE,
  productFieldErrors,
  productRules,
  productTagRules,
  type ProductFields,
} from '../../api/contract/rules/product.ts';

/** Document 3 §2: the prefix plus the SKU, or the name when there is no SKU. */
export const productTitle = (p: Pick<ProductRow, 'sku' | 'name'>) => (p.sku?.trim() ? p.sku.trim() : p.name?.trim() || undefined);

export const SECTIONS = [
  { key: 'info', label: 'Info' },
  { key: 'vignette', label: 'Vignette' },
  { key: 'silo', label: 'Silo Image' },
  { key: '360', label: '360' },
  { key: 'video', label: 'Video' },
  { key: '3d-viewer', label: 'Viewer 3D' },
  { key: '3d-files', label: '3D Files' },
] as const;
export type SectionKey = (typeof SECTIONS)[number]['key'];
export const sectionSlugs = (k: SectionKey): Slug[] => [`reader-${k}-access` as Slug, `editor-${k}-access` as Slug];
export const SECTION_SLUGS: Slug[] = SECTIONS.flatMap((s) => sectionSlugs(s.key));
/** A section shows with its reader or editor key (document 2 §6). */
export const visibleSections = (access: Partial<Record<Slug, boolean>>) =>
  SECTIONS.filter((s) => sectionSlugs(s.key).some((slug) => access[slug]));

/** The sections whose lists the data layer mirrors (the 3D viewer is issue 14's). */
export const imagerySections = (keys: readonly SectionKey[]) =>
  keys.filter((k): k is 'silo' | 'vignette' | '360' | 'video' | '3d-files' => k !== 'info' && k !== '3d-viewer');

/** §9: the unit choices of a product form (the blank unit shown as such). */
export const UNIT_OPTIONS = MEASURE_UNITS.map((u) => ({ value: u as string, label: u || '(blank)' }));

/** §9: the unit shown for a stored value ('in' when it is none of the units). */
export const unitOf = (m: string | undefined) =>
  (MEASURE_UNITS as readonly string[]).includes(m ?? DEFAULT_MEASURE) ? (m ?? DEFAULT_MEASURE) : DEFAULT_MEASURE;

/** A product field, the typed tags, or an information block's part (`block:<index>:title`). */
export type InfoField = keyof ProductFields | 'tags' | `block:${number}:${'title' | 'notes'}`;
export type InfoErrors = Partial<Record<InfoField, string>>;

type Checked = Pick<Draft, (typeof FIELD_KEYS)[number] | 'blocks' | 'tags'>;

/**
 * The errors shown at Info's fields before a save, by the server's own rules (the contract's product
 * table, the same words): each field's limits and formats as the user types; once Save was pressed
 * (`presence`) also a name or a SKU (shown at both) and, with automation on, every measure.
 */
export function infoErrors(d: Checked, { presence = true } = {}): InfoErrors {
  const fields = Object.fromEntries(FIELD_KEYS.map((k) => [k, d[k]]));
  const found: FieldErrors = presence ? productFieldErrors(fields) : tableErrors(productRules, fields);
  const out: InfoErrors = Object.fromEntries(Object.entries(found).map(([k, m]) => [k, m[0]]));
  if (out.name === NAME_OR_SKU_MESSAGE) out.sku ??= NAME_OR_SKU_MESSAGE;
  // A new tag is created by its name.
  for (const t of d.tags) if (t.id === undefined) out.tags ??= tableErrors(productTagRules, { name: t.name.trim() }).name?.[0];
  if (!out.tags) delete out.tags;
  d.blocks.forEach((b, i) => {
    // A block is sent (trimmed) only with a title and notes.
    if (!b.title.trim() || !b.notes.trim()) return;
    for (const [part, m] of Object.entries(tableErrors(descriptionRules, { title: b.title.trim(), notes: b.notes.trim() }))) {
      out[`block:${i}:${part as 'title' | 'notes'}`] = m[0];
    }
  });
  return out;
}
export const hasErrors = (e: InfoErrors) => Object.keys(e).length > 0;

/** A download's file name: `<SKU>_1.png` for the first image (the product's name or id without a SKU). */
export function downloadName(p: Pick<ProductRow, 'sku' | 'name' | 'id'>, index: number, path: string): string {
  const base = (p.sku?.trim() || p.name?.trim() || `product-${p.id}`).replace(/[\\/:*?"<>|\s]+/g, '-');
  const ext = extOf(path);
  return `${base}_${index + 1}${ext ? `.${ext}` : ''}`;
}

/** The automation toggle moves only while the contract lets it change, and with send-products-for-automation. */
export const canToggleAutomation = (p: Pick<ProductRow, 'cancelable_as'>, mayAutomate: boolean) =>
  automationChangeable(p) && mayAutomate;

export const extOf = (name: string) => (/\.([^./\\]+)$/.exec(name)?.[1] ?? '').toLowerCase();
/** §5: technical files (the contract's 'document' kind); images go to the image handling; anything else is refused. */
export const classifyFile = (name: string): 'file' | 'image' | 'refused' =>
  EXTENSIONS.document.includes(extOf(name)) ? 'file' : EXTENSIONS.productImage.includes(extOf(name)) ? 'image' : 'refused';
/** A technical file's shown name is its path's last segment. */
export const fileLabel = (path: string) => path.split('/').pop() || path;

export interface DraftTag {
  id?: number;
  name: string;
}

/** §5 typed tags: split on commas, trimmed, blanks ignored, matched case-insensitively, no duplicates. */
export function addTypedTags(current: readonly DraftTag[], typed: string, known: readonly IdNameRow[]): DraftTag[] {
  const out = [...current];
  const has = (name: string) => out.some((t) => t.name.toLowerCase() === name.toLowerCase());
  for (const name of typed
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)) {
    if (has(name)) continue;
    const match = known.find((k) => k.name.toLowerCase() === name.toLowerCase());
    out.push(match ? { id: match.id, name: match.name } : { name });
  }
  return out;
}

export interface DraftBlock {
  id: number;
  title: string;
  notes: string;
}

export interface Draft {
  name: string;
  sku: string;
  collection: string;
  automation_system: 0 | 1;
  height: string;
  width: string;
  depth: string;
  measure: string;
  finish: string;
  note: string;
  subcategories: number[];
  tags: DraftTag[];
  blocks: DraftBlock[];
  files: string[];
  newFiles: File[];
}

export const FIELD_KEYS = [
  'name',
  'sku',
  'collection',
  'automation_system',
  'height',
  'width',
  'depth',
  'measure',
  'finish',
  'note',
] as const;

export function draftOf(p: ProductRow, blocks: readonly DescriptionRow[], files: readonly string[]): Draft {
  return {
    name: p.name ?? '',
    sku: p.sku ?? '',
    collection: p.collection ?? '',
    automation_system: p.automation_system === 1 ? 1 : 0,
    height: p.height ?? '',
    width: p.width ?? '',
    depth: p.depth ?? '',
    measure: unitOf(p.measure),
    finish: p.finish ?? '',
    note: p.note ?? '',
    subcategories: [...p.subcategories],
    tags: p.tags.map((t) => ({ id: t.id, name: t.name })),
    blocks: blocks.map((b) => ({ id: b.id, title: b.title, notes: b.notes })),
    files: [...files],
    newFiles: [],
  };
}

/** What a save must send: only what changed, in the data layer's InfoChange shape. */
export function diffInfo(before: Draft, after: Draft): InfoChange {
  const fields: Record<string, string | number> = {};
  for (const k of FIELD_KEYS) if (before[k] !== after[k]) fields[k] = after[k] as string | number;
  const beforeTagIds = new Set(before.tags.flatMap((t) => (t.id === undefined ? [] : [t.id])));
  const afterTagIds = new Set(after.tags.flatMap((t) => (t.id === undefined ? [] : [t.id])));
  const oldBlocks = new Map(before.blocks.map((b) => [b.id, b]));
  const keptIds = new Set(after.blocks.map((b) => b.id));
  return {
    fields: Object.keys(fields).length ? (fields as InfoChange['fields']) : undefined,
    addSubcategories: after.subcategories.filter((s) => !before.subcategories.includes(s)),
    removeSubcategories: before.subcategories.filter((s) => !after.subcategories.includes(s)),
    addTags: after.tags.flatMap((t): (number | string)[] =>
      t.id === undefined ? [t.name] : beforeTagIds.has(t.id) ? [] : [t.id],
    ),
    removeTags: [...beforeTagIds].filter((id) => !afterTagIds.has(id)),
    // id 0 adds a block; an existing one is sent only when it changed (both parts non-empty: data layer).
    blocks: after.blocks.filter(
      (b) => b.id === 0 || oldBlocks.get(b.id)?.title !== b.title || oldBlocks.get(b.id)?.notes !== b.notes,
    ),
    removeBlocks: before.blocks.filter((b) => !keptIds.has(b.id)).map((b) => b.id),
    addFiles: after.newFiles,
    removeFiles: before.files.filter((f) => !after.files.includes(f)),
  };
}

export const isEmptyChange = (c: InfoChange) =>
  !c.fields &&
  !c.addSubcategories?.length &&
  !c.removeSubcategories?.length &&
  !c.addTags?.length &&
  !c.removeTags?.length &&
  !c.blocks?.length &&
  !c.removeBlocks?.length &&
  !c.addFiles?.length &&
  !c.removeFiles?.length;
