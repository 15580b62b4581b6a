// The catalogue's date-range calendar (document 1 §4, §9): Monday start, two months of 42 day
// cells each, blank outside days that cannot be clicked, the presets, and a custom range made by
// two clicks (swapped when the second is earlier).
import { useState } from 'react';
import { DayPicker, type DayButtonProps } from 'react-day-picker';
import 'react-day-picker/style.css';
import { format, startOfMonth, subMonths } from 'date-fns';
import { clickDay, PRESET_LABELS, PRESETS, presetRange, type DayRange, type Picking, type Preset } from './presets.ts';
import { Chip } from '../../ui/Chip.tsx';
import './calendar.css';
import styles from './calendar.module.css';

export interface RangeValue {
  preset: Preset | 'custom';
  range: DayRange;
}

/** Days of the neighbouring months fill the 42 cells but stay blank and inert. */
function DayButton({ day, modifiers, ...rest }: DayButtonProps) {
  if (day.outside) return <span className="cal-blank" aria-hidden="true" />;
  void modifiers;
  // react-day-picker's own day cell (its props carry the grid's keyboard and ARIA wiring).
  // eslint-disable-next-line no-restricted-syntax
  return <button {...rest} />;
}

/** The visible number first ('16 November 2026, Monday'), so the name contains the label (WCAG 2.5.3). */
const dayLabel = (date: Date, m: Record<string, boolean>) =>
  `${format(date, 'd MMMM yyyy, EEEE')}${m.today ? ', today' : ''}${m.range_start || m.range_end || m.range_middle ? ', in the chosen range' : ''}`;

export default function DateRangeCalendar({ value, onChange }: { value: RangeValue; onChange: (v: RangeValue) => void }) {
  const [picking, setPicking] = useState<Picking>(null);
  const [month, setMonth] = useState(() => subMonths(startOfMonth(value.range.to), 1));
  const shown = picking ? { from: picking.first, to: picking.first } : value.range;
  const choose = (p: Preset) => {
    const range = presetRange(p);
    setPicking(null);
    setMonth(subMonths(startOfMonth(range.to), 1));
    onChange({ preset: p, range });
  };
  return (
    <div className={`calendar ${styles.calendar}`}>
      <div className={styles.presets} role="group" aria-label="Date presets">
        {PRESETS.map((p) => (
          <Chip key={p} pressed={value.preset === p} data-preset={p} onClick={() => choose(p)}>
            {PRESET_LABELS[p]}
          </Chip>
        ))}
      </div>
      <DayPicker
        weekStartsOn={1}
        numberOfMonths={2}
        fixedWeeks
        showOutsideDays
        month={month}
        onMonthChange={setMonth}
        components={{ DayButton }}
        labels={{ labelDayButton: dayLabel }}
        modifiers={{ range_start: shown.from, range_end: shown.to, range_middle: { after: shown.from, before: shown.to } }}
        modifiersClassNames={{ range_start: 'rdp-range_start', range_end: 'rdp-range_end', range_middle: 'rdp-range_middle' }}
        onDayClick={(day, modifiers) => {
          if (modifiers.outside) return;
          const next = clickDay(picking, day);
          setPicking(next.picking);
          if (next.range) onChange({ preset: 'custom', range: next.range });
        }}
      />
      <p className={styles.hint} aria-live="polite">
        {picking ? 'Choose the other end of the range.' : 'Click two days to choose a custom range.'}
      </p>
    </div>
  );
}
