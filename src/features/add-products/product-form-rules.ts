// The product batch form's rules as pure functions (document 2 §2.6, §3, §5, §9): a product of the
// batch and its defaults, the checks before SEND with their exact messages, the accepted files, and
// what the data layer is given. CSV rows go through the same checks (csv-import.ts).
import type { ProductDraft } from '../../data/index.ts';
import type { TagOption } from '../../ui/tag-input.ts';
import { MEASURE_UNITS, NOTE_MAX } from '../products/product-rules.ts';

export const DEFAULT_NOTE = 'Some more details to inform about technical aspects of the product.';
export const DEFAULT_DESCRIPTION_TITLE = 'Description';
export { MEASURE_UNITS, NOTE_MAX };
/** §5: the measure is free text; its placeholder shows a feet, inches and fraction value. */
export const MEASURE_PLACEHOLDER = `6' 2 1/2"`;

/** A typed tag: an existing tag's id, or a new name (created when the product is sent). */
export interface TagChip extends TagOption {
  key: number | string;
  label: string;
}

export interface DescriptionBlock {
  key: string;
  title: string;
  notes: string;
}

export interface ProductItem {
  uid: string;
  name: string;
  sku: string;
  collection: string;
  automation: boolean;
  height: string;
  width: string;
  depth: string;
  measure: string;
  finish: string;
  note: string;
  subcategoryIds: number[];
  tags: TagChip[];
  descriptions: DescriptionBlock[];
  /** Ids of the chosen files in the stored draft. */
  imageIds: number[];
  fileIds: number[];
}

export function newProduct(uid: string): ProductItem {
  return {
    uid, name: '', sku: '', collection: '', automation: false, height: '', width: '', depth: '', measure: 'in', finish: '',
    note: DEFAULT_NOTE, subcategoryIds: [], tags: [], descriptions: [{ key: `${uid}-d0`, title: DEFAULT_DESCRIPTION_TITLE, notes: '' }],
    imageIds: [], fileIds: [],
  };
}

/** Nothing typed or chosen yet (a CSV import replaces it). */
export const isBlankProduct = (p: ProductItem) =>
  !p.name.trim() && !p.sku.trim() && !p.collection.trim() && !p.imageIds.length && !p.fileIds.length && !p.tags.length && !p.subcategoryIds.length;

/** The product's name in messages and lists: its SKU, else its name. */
export const labelOf = (p: Pick<ProductItem, 'sku' | 'name'>) => p.sku.trim() || p.name.trim();

export const NO_PRODUCTS = 'You need to add at least one product';
export const NO_NAME_OR_SKU = 'You need to add a name or sku to the product';
export const NO_DIMENSIONS = (n: number, label: string) => `You need to add the dimensions to the product ${n}: ${label}`;
export const NO_IMAGE = (n: number, label: string) => `You need to add at least one image to the product ${n}: ${label}`;
export const NO_FILE = (n: number, label: string) => `You need to add at least one file to the product ${n}: ${label}`;
export const NOTE_TOO_LONG = `The note can have at most ${NOTE_MAX} characters`;

export type ProblemField = 'name' | 'dimensions' | 'images' | 'files' | 'note' | 'measure' | 'categories';
export interface Problem {
  field: ProblemField;
  message: string;
}

/** §5, in the order the specs list them; `n` is the product's number in the batch (from 1). */
export function productProblems(p: ProductItem, n: number): Problem[] {
  const label = labelOf(p);
  const out: Problem[] = [];
  if (!p.name.trim() && !p.sku.trim()) out.push({ field: 'name', message: NO_NAME_OR_SKU });
  if (p.automation && [p.width, p.height, p.depth].some((v) => !v.trim())) out.push({ field: 'dimensions', message: NO_DIMENSIONS(n, label) });
  if (!p.imageIds.length) out.push({ field: 'images', message: NO_IMAGE(n, label) });
  if (p.automation && !p.fileIds.length) out.push({ field: 'files', message: NO_FILE(n, label) });
  if (p.note.length > NOTE_MAX) out.push({ field: 'note', message: NOTE_TOO_LONG });
  return out;
}

/** Every product's problems (only the failing ones), and the batch's own when it is empty. */
export function batchProblems(items: readonly ProductItem[]): { batch?: string; items: Map<string, Problem[]> } {
  if (!items.length) return { batch: NO_PRODUCTS, items: new Map() };
  const map = new Map<string, Problem[]>();
  items.forEach((p, i) => {
    const found = productProblems(p, i + 1);
    if (found.length) map.set(p.uid, found);
  });
  return { items: map };
}

/** §5: the accepted extensions. */
export const IMAGE_EXTS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const FILE_EXTS = ['txt', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'png', 'jpg', 'jpeg', 'csv', 'dwg', 'webp'] as const;
export const IMAGE_ACCEPT = IMAGE_EXTS.map((e) => `.${e}`).join(',');
export const FILE_ACCEPT = FILE_EXTS.map((e) => `.${e}`).join(',');
const extOf = (name: string) => (/\.([^./\\]+)$/.exec(name)?.[1] ?? '').toLowerCase();

/** Splits picked files into those of an accepted extension and the refused ones. */
export function acceptFiles(files: readonly File[], exts: readonly string[]): { ok: File[]; refused: File[] } {
  const ok: File[] = [];
  const refused: File[] = [];
  for (const f of files) (exts.includes(extOf(f.name)) ? ok : refused).push(f);
  return { ok, refused };
}

/** onlyOneProduct (§5): fewer than 2 products allowed hides the add button. */
export const onlyOneProduct = (allowed: number | undefined) => allowed !== undefined && allowed < 2;

/** What the data layer registers for one product (files looked up in the stored draft). */
export function toProductDraft(p: ProductItem, files: ReadonlyMap<number, File>, mayAutomate: boolean): ProductDraft {
  const pick = (ids: readonly number[]) => ids.flatMap((id) => (files.has(id) ? [files.get(id)!] : []));
  const automation = mayAutomate && p.automation;
  return {
    name: p.name.trim(), sku: p.sku.trim(), collection: p.collection.trim(), automation_system: automation ? 1 : 0,
    height: p.height.trim(), width: p.width.trim(), depth: p.depth.trim(), measure: p.measure, finish: p.finish.trim(),
    note: p.note.slice(0, NOTE_MAX),
    tags: p.tags.map((t) => (typeof t.key === 'number' && t.key > 0 ? t.key : t.label)),
    subcategoryIds: p.subcategoryIds,
    images: pick(p.imageIds),
    files: pick(p.fileIds),
    descriptions: p.descriptions.map((d) => ({ title: d.title, notes: d.notes })),
  };
}
