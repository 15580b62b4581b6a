// One choice out of a few (Radix RadioGroup, arrow keys move the choice). RadioGroup lists them with
// labels; SegmentedControl shows them as one compact bar (view modes, sizes).
import { useId, type ReactNode } from 'react';
import { RadioGroup as R } from 'radix-ui';
import { cx } from './cx.ts';
import styles from './Choice.module.css';

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  /** SegmentedControl: an icon before (or instead of) the label. */
  icon?: ReactNode;
}

interface GroupProps<V extends string> {
  /** The group's name, shown above it (RadioGroup) or read to screen readers (SegmentedControl). */
  label: string;
  value: V;
  options: readonly RadioOption<V>[];
  onValueChange: (value: V) => void;
  disabled?: boolean;
  className?: string;
}

export function RadioGroup<V extends string>({
  label,
  value,
  options,
  onValueChange,
  disabled,
  className,
  orientation = 'vertical',
}: GroupProps<V> & { orientation?: 'vertical' | 'horizontal' }) {
  const id = useId();
  return (
    <div className={cx(styles.group, className)}>
      <span id={`${id}-l`} className={styles.groupLabel}>
        {label}
      </span>
      <R.Root
        aria-labelledby={`${id}-l`}
        value={value}
        onValueChange={(v) => onValueChange(v as V)}
        disabled={disabled}
        orientation={orientation}
        className={cx(styles.radios, orientation === 'horizontal' && styles.horizontal)}
      >
        {options.map((o) => (
          <div key={o.value} className={cx(styles.choice, (disabled || o.disabled) && styles.disabled)}>
            <R.Item id={`${id}-${o.value}`} value={o.value} disabled={o.disabled} className={styles.radio}>
              <R.Indicator className={styles.dot} />
            </R.Item>
            <div className={styles.text}>
              <label htmlFor={`${id}-${o.value}`} className={styles.label}>
                {o.label}
              </label>
              {o.description && <p className={styles.description}>{o.description}</p>}
            </div>
          </div>
        ))}
      </R.Root>
    </div>
  );
}

export function SegmentedControl<V extends string>({
  label,
  value,
  options,
  onValueChange,
  disabled,
  className,
  size = 'md',
}: GroupProps<V> & { size?: 'sm' | 'md' }) {
  return (
    <R.Root
      aria-label={label}
      value={value}
      onValueChange={(v) => onValueChange(v as V)}
      disabled={disabled}
      orientation="horizontal"
      className={cx(styles.segmented, size === 'sm' && styles.segmentedSm, className)}
    >
      {options.map((o) => (
        <R.Item key={o.value} value={o.value} disabled={o.disabled} className={styles.segment}>
          {o.icon}
          {o.label}
        </R.Item>
      ))}
    </R.Root>
  );
}
