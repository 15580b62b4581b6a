// A saved view of the catalogue (issue 28; our extension): its name and the query string it keeps, as
// data. The server's schemas are built from this table and its handlers run savedViewErrors with the
// caller's other views; the Save and Rename dialogs and the data layer check with the same rules and words.
import { addError, labelled as l, notBlank, tableErrors, text, type FieldErrors } from './check.ts';

export const savedViewRules = {
  name: l('Name', text(60, 1, notBlank)),
  /** The catalogue's URL parameters (section, filters, search, sort, size), without the '?'. */
  query: text(2000),
} as const;

export const VIEW_NAME_TAKEN = 'You already have a saved view with this name.';

/** Names are told apart without case or outer spaces: "Sofas" and " sofas" are one name. */
export const sameViewName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Every broken rule of a view's fields, by field: the table's rules, then a name another of the user's
 * views of this company already has (`others`; `self` is the view being renamed).
 */
export function savedViewErrors(
  v: { name?: unknown; query?: unknown },
  others: readonly { id: number; name: string }[],
  self?: number,
): FieldErrors {
  const errors = tableErrors(savedViewRules, v, ['name']);
  const name = v.name;
  if (!errors.name && typeof name === 'string' && others.some((o) => o.id !== self && sameViewName(o.name, name))) {
    addError(errors, 'name', VIEW_NAME_TAKEN);
  }
  return errors;
}
