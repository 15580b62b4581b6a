// How the portal writes counts, dates and names: one helper each, so every screen says it the same way.

const pluralRules = new Intl.PluralRules('en');

/** "1 product", "2 products", "0 products" (Intl.PluralRules picks the form). */
export function plural(count: number, one: string, other = `${one}s`): string {
  return `${count} ${pluralWord(count, one, other)}`;
}

/** The word alone: pluralWord(1, 'change') === 'change'. */
export const pluralWord = (count: number, one: string, other = `${one}s`) => (pluralRules.select(count) === 'one' ? one : other);

const pad = (n: number) => String(n).padStart(2, '0');

/** dd/mm/yyyy, the calendar's format (local time). */
export const formatDate = (d: Date | number) => {
  const x = new Date(d);
  return `${pad(x.getDate())}/${pad(x.getMonth() + 1)}/${x.getFullYear()}`;
};

/** dd/mm/yyyy HH:mm (24-hour, local time): when a change was made, when something was sent. */
export const formatDateTime = (d: Date | number) => {
  const x = new Date(d);
  return `${formatDate(x)} ${pad(x.getHours())}:${pad(x.getMinutes())}`;
};

/** "Acme Living" → "AL", "Lamp" → "L": at most two letters, upper case. */
export function initials(name: string): string {
  const words = name.trim().split(/[\s._-]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => [...w][0]!.toUpperCase())
    .join('');
}
