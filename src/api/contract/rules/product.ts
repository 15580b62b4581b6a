// The product's fields (document 2 §3, §5, §9), as data: the server's store and edit schemas are built
// from this table, its handlers run productFieldErrors on the result, and the batch form, the CSV
// import, Info and the data layer check with the same function before anything is queued.
import { addError, choice, FLAG, labelled as l, notBlank, tableErrors, text, type FieldErrors } from './check.ts';
import type { ValuesOf } from './schema.ts';

/** §9: the units, 'in' by default. */
export const MEASURE_UNITS = ['in', 'ft', '', 'mm', 'cm', 'm'] as const;
export const DEFAULT_MEASURE = 'in';
/** §3: a new product's note. */
export const DEFAULT_NOTE = 'Some more details to inform about technical aspects of the product.';

export const NAME_OR_SKU_MESSAGE = 'You need to add a name or sku to the product';
export const DIMENSIONS_MESSAGE = 'You need to add the dimensions to the product';
/** §5's dimension rule per screen: Info and the server say it at each field, the batch form names the product. */
export const dimensionsWords = {
  info: DIMENSIONS_MESSAGE,
  batch: (n: number, label: string) => `${DIMENSIONS_MESSAGE} ${n}: ${label}`,
} as const;
export const AUTOMATION_LOCKED_MESSAGE = 'The automation system of this product cannot be changed.';
/** A product's automation system may change only while the studio lets it be cancelled (cancelable_as 1). */
export const automationChangeable = (p: { cancelable_as?: number | null }) => p.cancelable_as === 1;
/** Sending a product for automation: it is sent already, or its automation may still change. */
export const mayRequestAutomation = (p: { automation_system: number; cancelable_as?: number | null }) =>
  p.automation_system === 1 || automationChangeable(p);
export const DIMENSION_FIELDS = ['height', 'width', 'depth'] as const;
/** The server saves what a product deleted and restored say (Info's popup and its Undo show the same). */
export const productWords = {
  deleted: 'Product deleted',
  restored: 'Product restored',
  /** A 409 on an Info edit based on an older version (its body carries the current row). */
  changedElsewhere: 'This product was changed by someone else.',
  /** What a queued change of a product the server no longer has says (its 404 carries productCodes.gone). */
  deletedElsewhere: 'This product was deleted by someone else.',
} as const;
/**
 * A product call's 404 names this code: the product is not there for the caller (deleted, or another
 * company's, which answers alike). The outbox reads the code, never the words.
 */
export const productCodes = { gone: 'product_gone' } as const;

const blank = (v: unknown) => typeof v !== 'string' || !v.trim();
/** §5: a product needs a name or a SKU (spaces alone are neither). */
export const lacksNameOrSku = (p: { name?: unknown; sku?: unknown }) => blank(p.name) && blank(p.sku);
/** §5: with automation on, the dimensions left blank (all three are needed). */
export const missingDimensions = (p: Partial<Record<'automation_system' | (typeof DIMENSION_FIELDS)[number], unknown>>) =>
  p.automation_system === 1 ? DIMENSION_FIELDS.filter((f) => blank(p[f])) : [];

/** Dimensions are free text (§5: the placeholder is feet, inches and a fraction): negative when a minus comes before a number. */
export const isNegativeDimension = (value: string | undefined | null): boolean =>
  /^[-\u2212\u2013]\s*\.?\d/.test((value ?? '').trim());
const DECIMAL = String.raw`(?:\d+(?:[.,]\d+)?|[.,]\d+)`;
const FRACTION = String.raw`\d+\/[1-9]\d*`;
const INCHES = String.raw`(?:${DECIMAL}(?:\s+${FRACTION})?|${FRACTION})\s*["″]?`;
/** 12, 12.5, 12,5, 1/2, 2 1/2, 6', 6' 2 1/2": a number, or feet and inches. */
const DIMENSION = new RegExp(String.raw`^(?:${DECIMAL}\s*['′](?:\s*${INCHES})?|${INCHES})$`);
export const isDimension = (value: string) => DIMENSION.test(value.trim());

function dimensionFormat(field: string, value: string): string | undefined {
  if (!value) return undefined;
  if (isNegativeDimension(value)) return `The ${field} field must not be negative.`;
  return isDimension(value) ? undefined : `The ${field} field must be a number, such as 12, 12.5 or 6' 2 1/2".`;
}

/** The editable fields, shared by store and edit (the server trims every text field first). */
export const productRules = {
  name: l('Name', text(255)),
  sku: l('SKU', text(100)),
  collection: l('Collection', text(255)),
  automation_system: l('Automation', FLAG),
  height: l('Height', text(50, 0, dimensionFormat)),
  width: l('Width', text(50, 0, dimensionFormat)),
  depth: l('Depth', text(50, 0, dimensionFormat)),
  finish: l('Finish', text(255)),
  // §5, §9: the note has at most 200 characters.
  note: l('Note', text(200)),
  measure: l('Unit', choice(MEASURE_UNITS)),
} as const;
export type ProductFields = ValuesOf<typeof productRules>;
export const PRODUCT_TEXT_FIELDS = (Object.keys(productRules) as (keyof ProductFields)[]).filter(
  (k) => productRules[k].kind === 'text',
);

/** SKUs compared as people read them: case, spaces and punctuation aside ("ACM-1001" is "acm 1001"). */
export const skuKey = (sku: string) => sku.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
/**
 * Issue 43: a SKU another product of the company already has is accepted, as PIMs accept it, but said
 * at the field (it was taken silently). `others` are the company's products as the device holds them.
 */
export function skuWarning(
  sku: string,
  others: readonly { id: number; sku: string; name: string }[],
  self?: number,
): string | undefined {
  const key = skuKey(sku);
  if (!key) return undefined;
  const same = others.filter((o) => o.id !== self && skuKey(o.sku) === key);
  if (!same.length) return undefined;
  const first = same[0]!;
  const more = same.length > 1 ? ` and ${same.length - 1} more` : '';
  // A product still waiting to be sent has no number yet.
  const number = first.id > 0 ? ` (#${first.id})` : '';
  return `${first.name || first.sku}${number}${more} already ${more ? 'have' : 'has'} this SKU. You can still save it.`;
}

/** An information block: both parts are needed (§5 sends a block only with both; the server trims them). */
export const descriptionRules = {
  title: l('Title', text(255, 1, notBlank)),
  notes: l('Notes', text(5000, 1, notBlank)),
} as const;
/** A company's product tag (the server trims its name). */
export const productTagRules = { name: l('Tag', text(100, 1, notBlank)) } as const;

/**
 * Every broken rule of a product's fields, by field: name or SKU (§5), each field's own limits and
 * formats (a dimension is a number and not negative), then, with automation on, each missing
 * dimension (§5). `message` of a refusal is the first one. Empty when the product is valid.
 */
export function productFieldErrors(p: Readonly<Partial<Record<keyof ProductFields, unknown>>>): FieldErrors {
  const errors: FieldErrors = {};
  if (lacksNameOrSku(p)) addError(errors, 'name', NAME_OR_SKU_MESSAGE);
  for (const [field, messages] of Object.entries(tableErrors(productRules, p)))
    messages.forEach((m) => addError(errors, field, m));
  for (const f of missingDimensions(p)) addError(errors, f, dimensionsWords.info);
  return errors;
}
