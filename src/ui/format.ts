// How the portal writes counts, dates and names: one helper each, so every screen says it the same way.
import { format, isValid } from 'date-fns';

const pluralRules = new Intl.PluralRules('en');

/** "1 product", "2 products", "0 products" (Intl.PluralRules picks the form). */
export function plural(count: number, one: string, other = `${one}s`): string {
  return `${count} ${pluralWord(count, one, other)}`;
}

/** The word alone: pluralWord(1, 'change') === 'change'. */
export const pluralWord = (count: number, one: string, other = `${one}s`) => (pluralRules.select(count) === 'one' ? one : other);

// Dates: date-fns patterns, local time. Every date a screen or public page shows goes through these
// (ESLint refuses toLocale*String and Intl.DateTimeFormat elsewhere), so no two cards disagree.
type DateLike = Date | number | string;

/** A date that cannot be read shows as a dash rather than "Invalid Date" (or a thrown RangeError). */
const written = (d: DateLike, pattern: string) => {
  const x = typeof d === 'string' ? new Date(d) : d;
  return isValid(x) ? format(x, pattern) : '–';
};

/** dd/mm/yyyy, the calendar's format (local time). */
export const formatDate = (d: DateLike) => written(d, 'dd/MM/yyyy');

/** dd/mm/yyyy HH:mm (24-hour, local time): when a change was made, when something was sent, until when a link works. */
export const formatDateTime = (d: DateLike) => written(d, 'dd/MM/yyyy HH:mm');

/** yyyy-MM-dd in local time: a day as the catalogue filter, the tailor request and file names write it. */
export const formatIsoDay = (d: DateLike) => written(d, 'yyyy-MM-dd');

const UNITS = ['KB', 'MB', 'GB', 'TB'];
const oneDecimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** "512 bytes", "1.5 KB", "12.3 MB", "1 GB": sizes on this device (units of 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return plural(Math.round(bytes), 'byte');
  let n = bytes / 1024;
  let u = 0;
  while (n >= 1024 && u < UNITS.length - 1) {
    n /= 1024;
    u++;
  }
  return `${oneDecimal.format(n >= 100 ? Math.round(n) : n)} ${UNITS[u]}`;
}

/** "Acme Living" → "AL", "Lamp" → "L": at most two letters, upper case. */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => [...w][0]!.toUpperCase())
    .join('');
}
