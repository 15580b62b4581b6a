// The date filter of the catalogue bar: a button showing the range, opening the calendar in a
// panel. The calendar (react-day-picker and its styles) loads only when first opened.
import { lazy, Suspense, useId, useState } from 'react';
import { formatRange, PRESET_LABELS } from './presets.ts';
import type { RangeValue } from './DateRangeCalendar.tsx';

const DateRangeCalendar = lazy(() => import('./DateRangeCalendar.tsx'));

export function DateRangeFilter({ value, onChange }: { value: RangeValue; onChange: (v: RangeValue) => void }) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  const label = value.preset === 'custom' ? formatRange(value.range) : `${PRESET_LABELS[value.preset]} (${formatRange(value.range)})`;
  return (
    <div className={`date-filter ${open ? 'open' : ''}`}>
      <span className="filter-label" id={`${panel}-l`}>
        Date
      </span>
      <button
        type="button"
        className="button secondary date-button"
        aria-expanded={open}
        aria-controls={panel}
        aria-describedby={`${panel}-l`}
        data-testid="date-filter"
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
      >
        {label}
      </button>
      {open && (
        <div
          id={panel}
          className="date-panel"
          role="group"
          aria-label="Date range"
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        >
          <Suspense fallback={<p className="hint">Loading calendar…</p>}>
            <DateRangeCalendar value={value} onChange={onChange} />
          </Suspense>
          <button type="button" className="button primary" onClick={() => setOpen(false)}>
            Done
          </button>
        </div>
      )}
    </div>
  );
}

export type { RangeValue };
