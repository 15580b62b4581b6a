// The design system's wording helpers: plurals by Intl.PluralRules, the calendar's dd/mm/yyyy dates
// (with the time for pending changes), initials for avatars and placeholder tiles.
// São Paulo's zone (UTC-3, no summer time since 2019): a server's UTC instant lands on another day.
process.env.TZ = 'America/Sao_Paulo';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatDateTime, formatIsoDay, initials, plural, pluralWord } from '../../src/ui/format.ts';
import { formatRange } from '../../src/features/calendar/presets.ts';
import { jobLine } from '../../src/features/imagery/downloads/job-view.ts';
import type { ExportJob } from '../../src/api/exports.ts';

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
  it('reads a server timestamp (ISO, UTC) in local time, the same way for every screen', () => {
    expect(new Date('2026-11-25T03:02:00Z').getTimezoneOffset()).toBe(180);
    expect(formatDateTime('2026-11-25T03:02:00Z')).toBe('25/11/2026 00:02');
    expect(formatDateTime('2026-11-25T02:59:00.000Z')).toBe('24/11/2026 23:59');
    expect(formatDate('2026-12-02T03:03:13Z')).toBe('02/12/2026');
    expect(formatDate(Date.UTC(2026, 0, 1, 2, 0))).toBe('31/12/2025');
    expect(formatIsoDay(new Date(2026, 1, 3, 23, 59))).toBe('2026-02-03');
  });
  it('shows a dash for a date that cannot be read, rather than Invalid Date', () => {
    expect(formatDate('not a date')).toBe('–');
    expect(formatDateTime(Number.NaN)).toBe('–');
  });
  it('writes an export link’s end as every other card does (not the browser’s 12/2/2026, 12:03:13 AM)', () => {
    const job = { status: 'ready', expires_at: '2026-12-02T03:03:13Z' } as ExportJob;
    expect(jobLine(job, Date.parse('2026-12-01T00:00:00Z')).detail).toBe('The link works until 02/12/2026 00:03.');
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
