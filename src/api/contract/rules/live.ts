// The live channel's inputs (issue 44; contract/live.ts): the companies a stream subscribes to, and a
// presence report. The server's schemas are built from this table; the client checks with the same rules.
import { addError, BOOLEAN, choice, number, tableErrors, text, type FieldErrors } from './check.ts';

/** A stream may name at most this many companies (the union of what a browser's tabs show). */
export const LIVE_MAX_COMPANIES = 20;

const COMPANY_ID = /^(?:-1|[1-9]\d{0,9})$/;
const PAGE = /^(?:product|review):[1-9]\d{0,9}$/;

export const liveWords = {
  companies: 'The companies field must be a comma list of company ids.',
  tooMany: `The companies field must not name more than ${LIVE_MAX_COMPANIES} companies.`,
  page: "The page field must be 'product:<id>' or 'review:<id>'.",
};

export const liveRules = {
  /** '1,7' or '-1' (staff's own context) or '' (none: the account's own pokes only). */
  companies: text(LIVE_MAX_COMPANIES * 12, 0, (_f, v) =>
    v === '' || v.split(',').every((c) => COMPANY_ID.test(c)) ? undefined : liveWords.companies,
  ),
  company: number(1, 2147483647, { integer: true }),
  page: text(40, 1, (_f, v) => (PAGE.test(v) ? undefined : liveWords.page)),
  left: BOOLEAN,
  state: choice(['open', 'left'] as const),
} as const;

/** The distinct company ids a stream names (the value has passed liveRules.companies). */
export const companiesOf = (value: string | undefined): number[] => (value ? [...new Set(value.split(',').map(Number))] : []);

/** Every broken rule of a stream's query: the table's, then more companies than a stream may name. */
export function liveQueryErrors(q: { companies?: unknown }): FieldErrors {
  const errors = tableErrors({ companies: liveRules.companies }, q);
  if (!errors.companies && companiesOf(q.companies as string | undefined).length > LIVE_MAX_COMPANIES) {
    addError(errors, 'companies', liveWords.tooMany);
  }
  return errors;
}

/** A presence report's broken rules. */
export const presenceErrors = (b: Record<string, unknown>): FieldErrors => tableErrors({ page: liveRules.page }, b, ['page']);
