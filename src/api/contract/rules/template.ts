// A template's fields (document 2 §2.4, §2.5, §3, §7), and the name of an ambient or a template tag,
// as data: the server's schemas are built from these tables and its handlers run templateFieldErrors;
// the add and edit forms, and the data layer's name creation, check with the same rules and words.
import { addError, labelled as l, notBlank, tableErrors, text, FLAG, type FieldErrors } from './check.ts';

export const templateRules = {
  name: l('Name', text(255, 1, notBlank)),
  note: l('Notes', text(2000)),
  public: l('Visibility', FLAG),
} as const;
/** An ambient's or a template tag's name. */
export const templateNameRules = { name: l('Name', text(100, 1, notBlank)) } as const;

/** The Client select of Add Templates: a private template is made for one client (issue 43: the API's words were shown). */
export const CLIENT_REQUIRED = 'The client field is required for a private template.';
/** The server's answer to a delete, which the card's toast says too. */
export const templateWords = { deleted: 'Template deleted successfully' } as const;

/** Every broken rule of a template's fields, by field; a private one (public 0) needs its client. */
export function templateFieldErrors(t: { name?: unknown; note?: unknown; public?: unknown; id_customer?: unknown }): FieldErrors {
  const errors = tableErrors(templateRules, t);
  if (t.public === 0 && t.id_customer === undefined) addError(errors, 'id_customer', CLIENT_REQUIRED);
  return errors;
}
