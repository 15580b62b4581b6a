// Calendar presets and the two-click custom range (document 1 §4, document 2 §9).
import { describe, expect, it } from 'vitest';
import { ALLTIME_START, clickDay, formatRange, isoDay, PRESETS, presetRange } from '../../src/features/calendar/presets.ts';

// Wednesday 12 March 2025, mid-afternoon.
const today = new Date(2025, 2, 12, 15, 30);
const r = (p: Parameters<typeof presetRange>[0]) => {
  const x = presetRange(p, today);
  return [isoDay(x.from), isoDay(x.to)];
};

describe('calendar presets', () => {
  it('all time starts on 1 January 2019 and runs to today', () => {
    expect(isoDay(ALLTIME_START)).toBe('2019-01-01');
    expect(r('alltime')).toEqual(['2019-01-01', '2025-03-12']);
  });
  it('weeks start on Monday', () => {
    expect(r('week')).toEqual(['2025-03-10', '2025-03-12']);
    expect(r('last-week')).toEqual(['2025-03-03', '2025-03-09']);
    expect(r('last-two-week')).toEqual(['2025-02-24', '2025-03-09']);
  });
  it('on a Sunday the week is still the one that began on Monday', () => {
    const x = presetRange('week', new Date(2025, 2, 16));
    expect([isoDay(x.from), isoDay(x.to)]).toEqual(['2025-03-10', '2025-03-16']);
  });
  it('months and years', () => {
    expect(r('month')).toEqual(['2025-03-01', '2025-03-12']);
    expect(r('last-month')).toEqual(['2025-02-01', '2025-02-28']);
    expect(r('year')).toEqual(['2025-01-01', '2025-03-12']);
    expect(r('last-year')).toEqual(['2024-01-01', '2024-12-31']);
  });
  it('last month across a year boundary, and in a leap year', () => {
    const jan = presetRange('last-month', new Date(2025, 0, 5));
    expect([isoDay(jan.from), isoDay(jan.to)]).toEqual(['2024-12-01', '2024-12-31']);
    const mar = presetRange('last-month', new Date(2024, 2, 31));
    expect([isoDay(mar.from), isoDay(mar.to)]).toEqual(['2024-02-01', '2024-02-29']);
  });
  it('every preset gives from <= to, at the start of a day', () => {
    for (const p of PRESETS) {
      const x = presetRange(p, today);
      expect(x.from.getTime()).toBeLessThanOrEqual(x.to.getTime());
      expect(x.to.getHours() + x.to.getMinutes()).toBe(0);
    }
  });
});

describe('custom range by two clicks', () => {
  it('the first click waits, the second finishes', () => {
    const a = clickDay(null, new Date(2025, 2, 5, 10));
    expect(a.range).toBeUndefined();
    const b = clickDay(a.picking, new Date(2025, 2, 20));
    expect(b.picking).toBeNull();
    expect([isoDay(b.range!.from), isoDay(b.range!.to)]).toEqual(['2025-03-05', '2025-03-20']);
  });
  it('is swapped when the second click is earlier', () => {
    const b = clickDay({ first: new Date(2025, 2, 20) }, new Date(2025, 1, 3));
    expect([isoDay(b.range!.from), isoDay(b.range!.to)]).toEqual(['2025-02-03', '2025-03-20']);
  });
  it('the same day twice is a one-day range', () => {
    const b = clickDay({ first: new Date(2025, 2, 20) }, new Date(2025, 2, 20, 18));
    expect(isoDay(b.range!.from)).toBe(isoDay(b.range!.to));
  });
  it('formats as dd/mm/yyyy', () => {
    expect(formatRange(presetRange('last-year', today))).toBe('01/01/2024 – 31/12/2024');
  });
});
