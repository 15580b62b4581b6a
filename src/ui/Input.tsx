// The bare text controls (no label): Input with optional leading icon and trailing unit or action,
// and TextAreaInput. Screens normally use TextField / TextArea / NumberField, which add the Field.
import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './Input.module.css';

export interface InputProps extends Omit<ComponentProps<'input'>, 'size' | 'prefix'> {
  /** A leading icon (16 px lucide element). */
  leading?: ReactNode;
  /** A trailing unit ('cm') or a small action (a clear button). */
  trailing?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Tabular figures (numbers, measures, ids). */
  numeric?: boolean;
}

export function Input({ leading, trailing, size = 'md', numeric, className, disabled, ...rest }: InputProps) {
  return (
    <div
      className={cx(styles.control, styles[size], disabled && styles.disabled, className)}
      data-invalid={rest['aria-invalid'] ? '' : undefined}
    >
      {leading && <span className={styles.leading}>{leading}</span>}
      <input className={cx(styles.input, numeric && styles.numeric)} disabled={disabled} {...rest} />
      {trailing && <span className={styles.trailing}>{trailing}</span>}
    </div>
  );
}

export function TextAreaInput({ className, ...rest }: ComponentProps<'textarea'>) {
  return <textarea className={cx(styles.textarea, className)} data-invalid={rest['aria-invalid'] ? '' : undefined} {...rest} />;
}
