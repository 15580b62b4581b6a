// A labelled choice from a short list. It is the browser's own <select>, styled: native keyboard and
// screen-reader behaviour, the OS picker on touch, and nothing to load (like Shopify Polaris' Select).
// A value that is none of the options shows as `placeholder`, never as the first option: the browser
// would show that one while the form holds another value (issue 43).
import type { ComponentProps, ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cx } from './cx.ts';
import { Field, type FieldProps } from './Field.tsx';
import styles from './Select.module.css';

export interface SelectOption<V extends string | number = string | number> {
  value: V;
  label: string;
  disabled?: boolean;
}

export interface SelectInputProps<V extends string | number> extends Omit<
  ComponentProps<'select'>,
  'value' | 'onChange' | 'size'
> {
  value: V;
  options: readonly SelectOption<V>[];
  onValueChange: (value: V) => void;
  size?: 'sm' | 'md' | 'lg';
  /** An icon before the value (16 px lucide element). */
  leading?: ReactNode;
  /** What shows while the value is none of the options (options still loading, nothing chosen). */
  placeholder?: string;
}

/** The bare control (no label): for a toolbar with its own label, or inside a Field. */
export function SelectInput<V extends string | number>({
  value,
  options,
  onValueChange,
  size = 'md',
  leading,
  placeholder = 'Choose…',
  className,
  ...rest
}: SelectInputProps<V>) {
  const numeric = typeof value === 'number';
  const unknown = !options.some((o) => String(o.value) === String(value));
  return (
    <div className={cx(styles.wrap, styles[size], leading ? styles.withLeading : undefined, className)}>
      {leading && <span className={styles.leading}>{leading}</span>}
      <select
        className={styles.select}
        value={String(value)}
        onChange={(e) => onValueChange((numeric ? Number(e.target.value) : e.target.value) as V)}
        data-invalid={rest['aria-invalid'] ? '' : undefined}
        {...rest}
      >
        {unknown && (
          <option value={String(value)} disabled>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDown className={styles.chevron} aria-hidden="true" />
    </div>
  );
}

export type SelectProps<V extends string | number> = Pick<
  FieldProps,
  'label' | 'error' | 'hint' | 'required' | 'hideLabel' | 'id' | 'className'
> &
  Omit<SelectInputProps<V>, 'id' | 'className'>;

export function Select<V extends string | number>({
  label,
  error,
  hint,
  required,
  hideLabel,
  id,
  className,
  ...input
}: SelectProps<V>) {
  return (
    <Field label={label} error={error} hint={hint} required={required} hideLabel={hideLabel} id={id} className={className}>
      {(control) => <SelectInput {...input} {...control} />}
    </Field>
  );
}
