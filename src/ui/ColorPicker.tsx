// A colour chosen from swatches (a radio group: arrow keys move, the chosen one is announced) plus a
// free colour from the browser's picker. 'none' is a transparent swatch (checkerboard, struck through).
import { useId } from 'react';
import { RadioGroup as R } from 'radix-ui';
import { Pipette } from 'lucide-react';
import { cx } from './cx.ts';
import styles from './ColorPicker.module.css';

export interface ColorPickerProps {
  /** The group's name (read to screen readers, shown when not hidden). */
  label: string;
  /** '#rrggbb' or 'none'. */
  value: string;
  onValueChange: (value: string) => void;
  swatches: readonly string[];
  /** Offer the browser's free colour picker after the swatches. */
  custom?: boolean;
  disabled?: boolean;
  hideLabel?: boolean;
  className?: string;
}

const nameOf = (c: string) => (c === 'none' ? 'No background (transparent)' : c.toUpperCase());

export function ColorPicker({
  label,
  value,
  onValueChange,
  swatches,
  custom = true,
  disabled,
  hideLabel,
  className,
}: ColorPickerProps) {
  const id = useId();
  const v = value.toLowerCase();
  const isCustom = !swatches.includes(v);
  return (
    <div className={cx(styles.picker, disabled && styles.disabled, className)}>
      <span id={`${id}-l`} className={cx(styles.label, hideLabel && 'sr-only')}>
        {label}
      </span>
      <div className={styles.row}>
        <R.Root
          aria-labelledby={`${id}-l`}
          value={isCustom ? '' : v}
          onValueChange={onValueChange}
          disabled={disabled}
          orientation="horizontal"
          loop
          className={styles.swatches}
        >
          {swatches.map((c) => (
            <R.Item
              key={c}
              value={c}
              aria-label={nameOf(c)}
              title={nameOf(c)}
              className={cx(styles.swatch, c === 'none' && styles.none)}
              style={c === 'none' ? undefined : { background: c }}
            />
          ))}
        </R.Root>
        {custom && (
          <label
            className={cx(styles.swatch, styles.custom, isCustom && v !== '' && styles.chosen)}
            title="Custom colour"
            style={isCustom && /^#[0-9a-f]{6}$/.test(v) ? { background: v } : undefined}
          >
            <Pipette aria-hidden="true" className={styles.customIcon} />
            <span className="sr-only">Custom colour</span>
            <input
              type="color"
              className={styles.colorInput}
              value={/^#[0-9a-f]{6}$/.test(v) ? v : '#ffffff'}
              disabled={disabled}
              onChange={(e) => onValueChange(e.target.value)}
            />
          </label>
        )}
      </div>
    </div>
  );
}
