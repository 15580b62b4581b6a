// Labelled text controls: TextField, TextArea (with an optional counter), NumberField (a unit after the
// value, arrow keys step it) and SearchField (an icon, and a clear button once something is typed).
import type { ComponentProps, ReactNode } from 'react';
import { Search, X } from 'lucide-react';
import { Field, type FieldProps } from './Field.tsx';
import { Input, TextAreaInput, type InputProps } from './Input.tsx';
import styles from './Input.module.css';

type FieldPart = Pick<FieldProps, 'label' | 'error' | 'hint' | 'required' | 'hideLabel' | 'aside' | 'id' | 'className'>;

export type TextFieldProps = FieldPart & Pick<FieldProps, 'warning'> & Omit<InputProps, 'id' | 'className'>;

export function TextField({ label, error, warning, hint, required, hideLabel, aside, id, className, ...input }: TextFieldProps) {
  return (
    <Field
      label={label}
      error={error}
      warning={warning}
      hint={hint}
      required={required}
      hideLabel={hideLabel}
      aside={aside}
      id={id}
      className={className}
    >
      {(control) => <Input {...input} {...control} />}
    </Field>
  );
}

export type TextAreaProps = FieldPart &
  Omit<ComponentProps<'textarea'>, 'id' | 'className'> & {
    showCount?: boolean;
    /** A limit shown as a counter without stopping the typing: the caller's rules say when it is passed. */
    limit?: number;
  };

export function TextArea({
  label,
  error,
  hint,
  required,
  hideLabel,
  aside,
  id,
  className,
  showCount,
  limit,
  ...area
}: TextAreaProps) {
  const max = limit ?? (showCount ? area.maxLength : undefined);
  const count = max !== undefined ? `${[...String(area.value ?? '')].length}/${max}` : undefined;
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      required={required}
      hideLabel={hideLabel}
      aside={aside ?? count}
      id={id}
      className={className}
    >
      {(control) => <TextAreaInput {...area} {...control} />}
    </Field>
  );
}

export type NumberFieldProps = FieldPart &
  Omit<InputProps, 'id' | 'className' | 'value' | 'onChange' | 'trailing' | 'type'> & {
    value: string;
    onChange: (value: string) => void;
    /** Shown after the value ('cm', 'px', '%'). */
    unit?: ReactNode;
    step?: number;
    min?: number;
    max?: number;
  };

/** Arrow keys add or remove one step, within min and max; free typing is left to the caller's rules. */
export function stepValue(value: string, delta: number, min = -Infinity, max = Infinity): string | null {
  const n = Number(value.trim() || '0');
  if (!Number.isFinite(n)) return null;
  const decimals = Math.max(0, ...[value, String(delta)].map((s) => (s.split('.')[1] ?? '').length));
  return String(Number(Math.min(max, Math.max(min, n + delta)).toFixed(decimals)));
}

export function NumberField({
  label,
  error,
  hint,
  required,
  hideLabel,
  aside,
  id,
  className,
  value,
  onChange,
  unit,
  step = 1,
  min,
  max,
  onKeyDown,
  ...input
}: NumberFieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      required={required}
      hideLabel={hideLabel}
      aside={aside}
      id={id}
      className={className}
    >
      {(control) => (
        <Input
          inputMode="decimal"
          autoComplete="off"
          numeric
          {...input}
          {...control}
          value={value}
          trailing={unit ? <span className={styles.unit}>{unit}</span> : undefined}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            onKeyDown?.(e);
            if (e.defaultPrevented || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
            const next = stepValue(value, e.key === 'ArrowUp' ? step : -step, min, max);
            if (next === null) return;
            e.preventDefault();
            onChange(next);
          }}
        />
      )}
    </Field>
  );
}

export type SearchFieldProps = TextFieldProps & { value: string; onValueChange: (value: string) => void };

export function SearchField({ value, onValueChange, ...rest }: SearchFieldProps) {
  return (
    <TextField
      type="search"
      autoComplete="off"
      leading={<Search aria-hidden="true" />}
      trailing={
        value ? (
          <button type="button" className={styles.clear} aria-label="Clear" onClick={() => onValueChange('')}>
            <X aria-hidden="true" />
          </button>
        ) : undefined
      }
      {...rest}
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
    />
  );
}
