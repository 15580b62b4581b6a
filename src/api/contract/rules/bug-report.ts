// The Bug Report dialog's fields (document 1 §5, §7, §8), as data: the server's schema is built from
// this table and its handler runs bugReportErrors; the dialog checks with the same function before
// sending. A blank subject or description is said in the dialog's own words on both sides (so the
// table has no least length: the schema would say its own), lengths in the validator's.
import { notBlankSays, tableErrors, text, type FieldErrors } from './check.ts';

export const bugReportWords = {
  subject: 'Enter a subject, a few words that sum up the problem.',
  description: 'Describe what happened and what you expected.',
  sent: 'Bug report sent successfully!',
} as const;

export const bugReportRules = {
  subject: text(255, 0, notBlankSays(bugReportWords.subject)),
  description: text(10_000, 0, notBlankSays(bugReportWords.description)),
  /** The page the report was sent from. */
  url: text(2000),
} as const;

/** Every broken rule of a report's fields, by field (the subject and description must be given). */
export const bugReportErrors = (r: Readonly<Record<string, unknown>>): FieldErrors =>
  tableErrors(bugReportRules, r, ['subject', 'description']);
