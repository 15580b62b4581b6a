// Date-range presets of the catalogue calendar (document 1 §4 "Calendar filter presets";
// all time starts on 1 January 2019 per document 2 §9). Pure, so the maths is unit-tested.
import { formatDate, formatIsoDay } from '../../ui/format.ts';
import {
  addDays,
  endOfMonth,
  isBefore,
  startOfDay,
  startOfISOWeek,
  startOfMonth,
  startOfYear,
  subMonths,
  subYears,
  endOfYear,
} from 'date-fns';

export const PRESETS = ['alltime', 'week', 'last-week', 'last-two-week', 'month', 'last-month', 'year', 'last-year'] as const;
export type Preset = (typeof PRESETS)[number];

export const PRESET_LABELS: Record<Preset, string> = {
  alltime: 'All time',
  week: 'This week',
  'last-week': 'Last week',
  'last-two-week': 'Last two weeks',
  month: 'This month',
  'last-month': 'Last month',
  year: 'This year',
  'last-year': 'Last year',
};

/** Document 2 §9: the date filter's default start. */
export const ALLTIME_START = new Date(2019, 0, 1);

/** A range of whole local days, both ends inclusive. */
export interface DayRange {
  from: Date;
  to: Date;
}

/** Weeks start on Monday; "this" periods run to today, "last" periods are whole periods. */
export function presetRange(preset: Preset, today: Date = new Date()): DayRange {
  const t = startOfDay(today);
  const monday = startOfISOWeek(t);
  switch (preset) {
    case 'alltime':
      return { from: ALLTIME_START, to: t };
    case 'week':
      return { from: monday, to: t };
    case 'last-week':
      return { from: addDays(monday, -7), to: addDays(monday, -1) };
    case 'last-two-week':
      return { from: addDays(monday, -14), to: addDays(monday, -1) };
    case 'month':
      return { from: startOfMonth(t), to: t };
    case 'last-month': {
      const m = subMonths(startOfMonth(t), 1);
      return { from: m, to: startOfDay(endOfMonth(m)) };
    }
    case 'year':
      return { from: startOfYear(t), to: t };
    case 'last-year': {
      const y = subYears(startOfYear(t), 1);
      return { from: y, to: startOfDay(endOfYear(y)) };
    }
  }
}

/** A custom range in progress: the first click waits for the second. */
export type Picking = { first: Date } | null;

/**
 * Two clicks make a range, swapped when the second is earlier. Returns the new pending click
 * and, after the second click, the finished range.
 */
export function clickDay(picking: Picking, day: Date): { picking: Picking; range?: DayRange } {
  const d = startOfDay(day);
  if (!picking) return { picking: { first: d } };
  const a = picking.first;
  return { picking: null, range: isBefore(d, a) ? { from: d, to: a } : { from: a, to: d } };
}

/** yyyy-MM-dd in local time (what the catalogue filter takes). */
export const isoDay = (d: Date) => formatIsoDay(d);

/** "01/01/2019 – 31/12/2019" for the filter button: the portal's one date format (src/ui/format.ts). */
export const formatRange = (r: DayRange) => `${formatDate(r.from)} – ${formatDate(r.to)}`;
