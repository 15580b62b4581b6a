// A rule table is one entity's fields as data: each field's kind and limits. The server's schemas are
// built from it (schema.ts) and the portal checks a value with it here, before anything is queued, in
// the words the server's validator uses (words.ts). No imports but the words: forms load this.
import { inSentence, NO_NUL, ruleWords } from './words.ts';

/** Free text; `format` is a rule the schema cannot say (a dimension), run on the trimmed value. */
export interface TextRule {
  readonly kind: 'text';
  readonly max: number;
  readonly min: number;
  readonly format?: (field: string, value: string) => string | undefined;
}
export interface NumberRule {
  readonly kind: 'number';
  readonly min: number;
  readonly max: number;
  readonly integer?: boolean;
  /** The least is excluded (a size above 0). */
  readonly exclusiveMin?: boolean;
  /** What a control moves by, and what it shows after the value; not checked. */
  readonly step?: number;
  readonly unit?: string;
}
export interface ChoiceRule<V extends string | number = string | number> {
  readonly kind: 'choice';
  readonly values: readonly V[];
}
/** 0 or 1. */
export interface FlagRule {
  readonly kind: 'flag';
}
/** true or false (a JSON boolean, for our own fields; the specs' flags are 0 or 1). */
export interface BooleanRule {
  readonly kind: 'boolean';
}
/** The field's label on the screens that show it (issue 43): the words name the field by it, and the server's too. */
interface Labelled {
  readonly label?: string;
}
export type FieldRule = (TextRule | NumberRule | ChoiceRule | FlagRule | BooleanRule) & Labelled;
export type RuleTable = Readonly<Record<string, FieldRule>>;

export const text = (max: number, min = 0, format?: TextRule['format']): TextRule => ({
  kind: 'text',
  max,
  min,
  ...(format && { format }),
});
export const number = (min: number, max: number, o: Omit<NumberRule, 'kind' | 'min' | 'max'> = {}): NumberRule => ({
  kind: 'number',
  min,
  max,
  ...o,
});
export const choice = <const V extends string | number>(values: readonly V[]): ChoiceRule<V> => ({ kind: 'choice', values });
export const FLAG: FlagRule = { kind: 'flag' };
export const BOOLEAN: BooleanRule = { kind: 'boolean' };
/** A rule with the screen's label for its field. */
export const labelled = <R extends FieldRule>(label: string, rule: R): R & { readonly label: string } => ({ ...rule, label });
/** How the words name a field: its label in a sentence, or its key. */
export const fieldName = (field: string, rule: FieldRule | undefined) => (rule?.label ? inSentence(rule.label) : field);

/** A format for text the server trims before storing: spaces alone are no value. */
export const notBlank = (field: string, value: string) => (value ? undefined : ruleWords.required(field));
/** notBlank in a screen's own words: with no least length, a blank says them on both sides. */
export const notBlankSays = (message: string) => (_field: string, value: string) => (value ? undefined : message);

const noNul = new RegExp(NO_NUL, 'u');
/** Code points, as the validator counts a length (an emoji is one). */
const length = (s: string) => [...s].length;

function textErrors(field: string, r: TextRule, v: unknown): string[] {
  if (typeof v !== 'string') return [ruleWords.type(field, 'string')];
  const out: string[] = [];
  if (length(v) > r.max) out.push(ruleWords.maxLength(field, r.max));
  if (length(v) < r.min) out.push(ruleWords.minLength(field, r.min));
  if (!noNul.test(v)) out.push(ruleWords.noNul(field));
  // The server runs a format after its validator passed: only then does it show.
  const wrong = !out.length && r.format?.(field, v.trim());
  return wrong ? [wrong] : out;
}

function numberErrors(field: string, r: NumberRule, v: unknown): string[] {
  if (typeof v !== 'number' || Number.isNaN(v)) return [ruleWords.type(field, r.integer ? 'integer' : 'number')];
  if (r.integer && !Number.isInteger(v) && Number.isFinite(v)) return [ruleWords.type(field, 'integer')];
  const out: string[] = [];
  if (v > r.max) out.push(ruleWords.maximum(field, r.max));
  if (r.exclusiveMin ? v <= r.min : v < r.min)
    out.push(r.exclusiveMin ? ruleWords.exclusiveMinimum(field, r.min) : ruleWords.minimum(field, r.min));
  if (!Number.isFinite(v)) out.push(ruleWords.finite(field));
  return out;
}

/** One value's broken rules, in the order the server's validator lists them; none for a value not given. */
export function fieldErrors(key: string, rule: FieldRule, value: unknown): string[] {
  if (value === undefined) return [];
  const field = fieldName(key, rule);
  switch (rule.kind) {
    case 'text':
      return textErrors(field, rule, value);
    case 'number':
      return numberErrors(field, rule, value);
    case 'choice': {
      // A choice of numbers is an integer first, as the validator says before the choices.
      const numeric = typeof rule.values[0] === 'number';
      const wrongType =
        numeric && (typeof value !== 'number' || !Number.isInteger(value)) ? [ruleWords.type(field, 'integer')] : [];
      return (rule.values as readonly unknown[]).includes(value) ? [] : [...wrongType, ruleWords.oneOf(field, rule.values)];
    }
    case 'flag':
      return value === 0 || value === 1 ? [] : [ruleWords.oneOf(field, [0, 1])];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [ruleWords.type(field, 'boolean')];
  }
}

export type FieldErrors = Record<string, string[]>;

/** Every field's broken rules (only the broken ones), in the table's order; `required` fields must be given. */
export function tableErrors(
  table: RuleTable,
  values: Readonly<Record<string, unknown>>,
  required: readonly string[] = [],
): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, rule] of Object.entries(table)) {
    const found =
      values[field] === undefined && required.includes(field)
        ? [ruleWords.required(fieldName(field, rule))]
        : fieldErrors(field, rule, values[field]);
    if (found.length) out[field] = found;
  }
  return out;
}

/** Adds one message to a field's list. */
export const addError = (errors: FieldErrors, field: string, message: string) => void (errors[field] ??= []).push(message);

/** The first message of the first field: what the server answers as `message`. */
export const firstError = (errors: FieldErrors): string | undefined => Object.values(errors)[0]?.[0];
