// An ISO 8601 timestamp as our calls take one (a list's updated_since, the updated_at an edit was based
// on): strict, with its zone, and a real date. Date.parse alone takes '2024-02-31', 'yesterday' in some
// engines and dates without a zone read as local time. The server runs this rule; the schemas' length
// comes from it.
import { fieldErrors, text } from './check.ts';

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

const daysIn = (year: number, month: number) =>
  month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** '2024-05-01T12:00:00.000Z' or '2024-05-01T14:00+02:00'; not a date alone, not 31 April, not hour 24. */
export function isIsoTimestamp(s: string): boolean {
  const m = ISO.exec(s);
  if (!m) return false;
  const [year, month, day, hour, minute, second = 0, zoneHours = 0, zoneMinutes = 0] = m.slice(1).map((v) => (v ? Number(v) : 0));
  return (
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= daysIn(year!, month!) &&
    hour! <= 23 &&
    minute! <= 59 &&
    second <= 59 &&
    zoneHours <= 14 &&
    zoneMinutes <= 59
  );
}

export const timestampWords = { invalid: (field: string) => `The ${field} field must be an ISO date.` };

/** A timestamp sent as text (40 characters leave room for any fraction of a second). */
export const timestamp = text(40, 0, (field, v) => (isIsoTimestamp(v) ? undefined : timestampWords.invalid(field)));

/** The rule's words for a value given that is not one (untrimmed: a space is no part of one), else undefined. */
export function timestampError(field: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const broken = fieldErrors(field, timestamp, value)[0];
  return broken ?? (isIsoTimestamp(value as string) ? undefined : timestampWords.invalid(field));
}
