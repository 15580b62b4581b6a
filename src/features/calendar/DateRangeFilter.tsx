// The date filter of the catalogue bar: a button showing the range, opening the calendar in a popover.
// The calendar (react-day-picker and its styles) loads only when first opened.
import { lazy, Suspense, useState } from 'react';
import { CalendarDays, ChevronDown } from 'lucide-react';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Popover } from '../../ui/Popover.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { formatRange, PRESET_LABELS } from './presets.ts';
import type { RangeValue } from './DateRangeCalendar.tsx';
import styles from './calendar.module.css';

const DateRangeCalendar = lazy(() => import('./DateRangeCalendar.tsx'));

export function DateRangeFilter({
  value,
  onChange,
  className,
}: {
  value: RangeValue;
  onChange: (v: RangeValue) => void;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  // A preset reads 'All time (01/01/2019 – 23/11/2026)', the range quieter; a custom range is the range alone.
  const label =
    value.preset === 'custom' ? (
      formatRange(value.range)
    ) : (
      <>
        {PRESET_LABELS[value.preset]} <span className={styles.range}>({formatRange(value.range)})</span>
      </>
    );
  return (
    <Field label="Date" labelDescribes className={className}>
      {(control) => (
        <Popover
          open={open}
          onOpenChange={setOpen}
          align="start"
          label="Date range"
          className={styles.popover}
          trigger={
            <Button
              {...control}
              icon={<CalendarDays />}
              iconEnd={<ChevronDown className={styles.chevron} />}
              className={styles.trigger}
              data-testid="date-filter"
              aria-expanded={open}
            >
              {label}
            </Button>
          }
        >
          <div role="group" aria-label="Date range" className={styles.panel}>
            <Suspense
              fallback={
                <p className={styles.loading}>
                  <Spinner /> Loading calendar…
                </p>
              }
            >
              <DateRangeCalendar value={value} onChange={onChange} />
            </Suspense>
            <div className={styles.footer}>
              <Button variant="primary" onClick={() => setOpen(false)}>
                Done
              </Button>
            </div>
          </div>
        </Popover>
      )}
    </Field>
  );
}

export type { RangeValue };
