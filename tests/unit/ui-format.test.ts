// The design system's wording helpers: plurals by Intl.PluralRules, the calendar's dd/mm/yyyy dates
// (with the time for pending changes), initials for avatars and placeholder tiles.
import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatDateTime, initials, plural, pluralWord } from '../../src/ui/format.ts';
import { formatRange } from '../../src/features/calendar/presets.ts';

describe('plural', () => {
  it('uses the singular for exactly one, the plural otherwise', () => {
    expect(plural(1, 'product')).toBe('1 product');
    expect(plural(2, 'product')).toBe('2 products');
    expect(plural(0, 'product')).toBe('0 products');
    expect(plural(100000, 'product')).toBe('100000 products');
  });
  it('takes an irregular plural', () => {
    expect(plural(1, 'change has', 'changes have')).toBe('1 change has');
    expect(plural(3, 'change has', 'changes have')).toBe('3 changes have');
    expect(pluralWord(1, 'it', 'them')).toBe('it');
    expect(pluralWord(5, 'it', 'them')).toBe('them');
  });
});

describe('dates', () => {
  it('writes dd/mm/yyyy and dd/mm/yyyy HH:mm in local time, 24-hour', () => {
    const d = new Date(2026, 10, 23, 3, 1, 48); // 23 November 2026, 03:01:48
    expect(formatDate(d)).toBe('23/11/2026');
    expect(formatDateTime(d)).toBe('23/11/2026 03:01');
    expect(formatDateTime(new Date(2026, 0, 5, 15, 9).getTime())).toBe('05/01/2026 15:09');
  });
  it('is the calendar filter’s own format', () => {
    const from = new Date(2019, 0, 1);
    const to = new Date(2026, 10, 23);
    expect(formatRange({ from, to })).toBe(`${formatDate(from)} – ${formatDate(to)}`);
  });
});

describe('initials', () => {
  it('takes the first letters of up to two words', () => {
    expect(initials('Acme Living')).toBe('AL');
    expect(initials('alice manager smith')).toBe('AM');
    expect(initials('Lamp')).toBe('L');
    expect(initials('  ')).toBe('');
  });
});

describe('formatBytes', () => {
  it('says bytes below a kilobyte, then one decimal in units of 1024', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12.34 * 1024 * 1024)).toBe('12.3 MB');
    expect(formatBytes(356.7 * 1024 * 1024)).toBe('357 MB');
    expect(formatBytes(1024 ** 3)).toBe('1 GB');
  });
});
