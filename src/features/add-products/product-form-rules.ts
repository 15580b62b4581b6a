// The product batch form's rules as pure functions (document 2 §2.6, §3, §5, §9): a product of the
// batch and its defaults, the checks before SEND with their exact messages (the spec's, and every field
// rule of the contract in the server's words), the accepted files, and what the data layer is given.
// CSV rows go through the same checks (csv-import.ts).
import type { ProductDraft } from '../../data/index.ts';
import type { TagOption } from '../../ui/tag-input.ts';
import { tableErrors, type FieldErrors } from '../../api/contract/rules/check.ts';
import {
  DEFAULT_MEASURE,
  DEFAULT_NOTE,
  descriptionRules,
  dimensionsWords,
  lacksNameOrSku,
  missingDimensions,
  NAME_OR_SKU_MESSAGE,
  productRules,
  productTagRules,
  type ProductFields,
} from '../../api/contract/rules/product.ts';

export const DEFAULT_DESCRIPTION_TITLE = 'Description';
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
  /** A tag typed but not yet added: kept with the draft over a reload (issue 43). */
  tagText?: string;
  descriptions: DescriptionBlock[];
  /** Ids of the chosen files in the stored draft. */
  imageIds: number[];
  fileIds: number[];
}

export function newProduct(uid: string): ProductItem {
  return {
    uid,
    name: '',
    sku: '',
    collection: '',
    automation: false,
    height: '',
    width: '',
    depth: '',
    measure: DEFAULT_MEASURE,
    finish: '',
    note: DEFAULT_NOTE,
    subcategoryIds: [],
    tags: [],
    descriptions: [{ key: `${uid}-d0`, title: DEFAULT_DESCRIPTION_TITLE, notes: '' }],
    imageIds: [],
    fileIds: [],
  };
}

/** Nothing typed or chosen yet (a CSV import replaces it). */
export const isBlankProduct = (p: ProductItem) =>
  !p.name.trim() &&
  !p.sku.trim() &&
  !p.collection.trim() &&
  !p.imageIds.length &&
  !p.fileIds.length &&
  !p.tags.length &&
  !p.subcategoryIds.length;

/** The product's name in messages and lists: its SKU, else its name. */
export const labelOf = (p: Pick<ProductItem, 'sku' | 'name'>) => p.sku.trim() || p.name.trim();

export const NO_PRODUCTS = 'You need to add at least one product';
export const NO_IMAGE = (n: number, label: string) => `You need to add at least one image to the product ${n}: ${label}`;
export const NO_FILE = (n: number, label: string) => `You need to add at least one file to the product ${n}: ${label}`;

/** A field of the product, one of §5's wholes (the three dimensions, the images, the files), the typed tags, or a description's part. */
export type ProblemField =
  keyof ProductFields | 'dimensions' | 'images' | 'files' | 'tags' | `block:${string}:${'title' | 'notes'}`;
export interface Problem {
  field: ProblemField;
  message: string;
}

/** The fields as the data layer is given them (toProductDraft): what the server will check. */
const fieldsOf = (p: ProductItem) => ({
  name: p.name.trim(),
  sku: p.sku.trim(),
  collection: p.collection.trim(),
  automation_system: p.automation ? 1 : 0,
  height: p.height.trim(),
  width: p.width.trim(),
  depth: p.depth.trim(),
  finish: p.finish.trim(),
  note: p.note,
  measure: p.measure,
});

const firsts = (errors: FieldErrors, field: (f: string) => ProblemField): Problem[] =>
  Object.entries(errors).map(([f, m]) => ({ field: field(f), message: m[0]! }));

/**
 * Each value's own rules of the contract (lengths, dimension formats, the unit, a new tag's name, a
 * description that will be sent): shown as the user types.
 */
export function fieldProblems(p: ProductItem): Problem[] {
  const out = firsts(tableErrors(productRules, fieldsOf(p)), (f) => f as ProblemField);
  for (const t of p.tags)
    if (typeof t.key === 'string') out.push(...firsts(tableErrors(productTagRules, { name: t.label.trim() }), () => 'tags'));
  for (const d of p.descriptions) {
    // A block is sent only with a title and a text (the data layer trims them).
    if (d.title.trim() && d.notes.trim())
      out.push(
        ...firsts(
          tableErrors(descriptionRules, { title: d.title.trim(), notes: d.notes.trim() }),
          (f) => `block:${d.key}:${f as 'title' | 'notes'}`,
        ),
      );
  }
  return out;
}

/** §5 in the order the specs list them, with the field rules after the name; `n` is the product's number in the batch (from 1). */
export function productProblems(p: ProductItem, n: number): Problem[] {
  const label = labelOf(p);
  const out: Problem[] = [];
  const fields = fieldsOf(p);
  if (lacksNameOrSku(fields)) out.push({ field: 'name', message: NAME_OR_SKU_MESSAGE });
  out.push(...fieldProblems(p));
  if (missingDimensions(fields).length) out.push({ field: 'dimensions', message: dimensionsWords.batch(n, label) });
  if (!p.imageIds.length) out.push({ field: 'images', message: NO_IMAGE(n, label) });
  if (p.automation && !p.fileIds.length) out.push({ field: 'files', message: NO_FILE(n, label) });
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

/** onlyOneProduct (§5): fewer than 2 products allowed hides the add button. */
export const onlyOneProduct = (allowed: number | undefined) => allowed !== undefined && allowed < 2;

/** What the data layer registers for one product (files looked up in the stored draft). */
export function toProductDraft(p: ProductItem, files: ReadonlyMap<number, File>, mayAutomate: boolean): ProductDraft {
  const pick = (ids: readonly number[]) => ids.flatMap((id) => (files.has(id) ? [files.get(id)!] : []));
  const automation = mayAutomate && p.automation;
  return {
    name: p.name.trim(),
    sku: p.sku.trim(),
    collection: p.collection.trim(),
    automation_system: automation ? 1 : 0,
    height: p.height.trim(),
    width: p.width.trim(),
    depth: p.depth.trim(),
    measure: p.measure as ProductFields['measure'],
    finish: p.finish.trim(),
    note: p.note,
    tags: p.tags.map((t) => (typeof t.key === 'number' && t.key > 0 ? t.key : t.label)),
    subcategoryIds: p.subcategoryIds,
    images: pick(p.imageIds),
    files: pick(p.fileIds),
    descriptions: p.descriptions.map((d) => ({ title: d.title, notes: d.notes })),
  };
}
