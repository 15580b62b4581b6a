// The product field rules of document 2 §5 plus ours (no negative dimension), as pure functions
// with no imports: the server enforces them on store and edit, and a client form may import them
// as values (no schema code comes with them).

export const NAME_OR_SKU_MESSAGE = 'You need to add a name or sku to the product';
export const DIMENSIONS_MESSAGE = 'You need to add the dimensions to the product';
export const DIMENSION_FIELDS = ['height', 'width', 'depth'] as const;
export type DimensionField = (typeof DIMENSION_FIELDS)[number];

/** Dimensions are free text (5, 12.5, 3' 4"): a value is negative when it starts with a minus sign before a number. */
export const isNegativeDimension = (value: string | undefined | null): boolean => /^[-\u2212\u2013]\s*\.?\d/.test((value ?? '').trim());
export const negativeDimensionMessage = (field: DimensionField) => `The ${field} field must not be negative.`;

export interface ProductRuleInput {
  name?: string; sku?: string; automation_system?: number;
  height?: string; width?: string; depth?: string;
}

/**
 * Every broken rule, by field, in the order the form shows them: name or SKU, then each
 * negative dimension, then (automation on) each missing dimension. Empty when the product is valid.
 */
export function productFieldErrors(p: ProductRuleInput): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!p.name?.trim() && !p.sku?.trim()) add('name', NAME_OR_SKU_MESSAGE);
  for (const f of DIMENSION_FIELDS) if (isNegativeDimension(p[f])) add(f, negativeDimensionMessage(f));
  if (p.automation_system === 1) for (const f of DIMENSION_FIELDS) if (!p[f]?.trim()) add(f, DIMENSIONS_MESSAGE);
  return errors;
}
