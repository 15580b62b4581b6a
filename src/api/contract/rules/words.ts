// The words of every field rule. The server's 422 (server/http/errors.ts turns each validator issue
// into them) and the portal's checks before sending (check.ts) both take them from here, so a form
// refuses an input with the server's own sentence. No imports: forms load this with their rules.

/** No string may hold U+0000 or a lone UTF-16 surrogate: PostgreSQL stores neither (text nor jsonb).
 *  Validated with the u flag, so a surrogate pair (an emoji) is one code point and passes. */
export const NO_NUL = '^[^\\u0000\\ud800-\\udfff]*$';

/** '' reads as '(blank)' in a list of choices (the measure units have a blank one). */
const shown = (v: unknown) => (v === '' ? '(blank)' : String(v));

/**
 * A field's screen label as it reads inside a sentence (issue 43): "Company name" gives "The company
 * name field is required.", as Laravel says a field's custom attribute name, and a label in title case
 * reads the same ("Drop Shadow": "The drop shadow field"); an initialism stays ("The SKU field"). A
 * field without a label is named by its key, as the specs' API says it.
 */
export const inSentence = (label: string) =>
  label
    .split(' ')
    .map((w) => (/^[A-Z]{2,}\b/.test(w) ? w : w.charAt(0).toLowerCase() + w.slice(1)))
    .join(' ');

export const ruleWords = {
  required: (field: string) => `The ${field} field is required.`,
  maxLength: (field: string, n: number) => `The ${field} field must not be greater than ${n} characters.`,
  // A blank where one character is the least is a missing value: say so.
  minLength: (field: string, n: number) =>
    n === 1 ? ruleWords.required(field) : `The ${field} field must be at least ${n} characters.`,
  type: (field: string, type: string) => `The ${field} field must be of type ${type}.`,
  noNul: (field: string) => `The ${field} field must not contain NUL characters or broken Unicode.`,
  format: (field: string) => `The ${field} field format is invalid.`,
  finite: (field: string) => `The ${field} field must be a finite number.`,
  maximum: (field: string, n: number) => `The ${field} field must not be greater than ${n}.`,
  minimum: (field: string, n: number) => `The ${field} field must be at least ${n}.`,
  exclusiveMinimum: (field: string, n: number) => `The ${field} field must be greater than ${n}.`,
  oneOf: (field: string, values: readonly unknown[]) => `The ${field} field must be one of: ${values.map(shown).join(', ')}.`,
};
