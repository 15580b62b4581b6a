// A labelled field: the label above, the control, then its error (or a warning) and hint below it. The
// control gets the ids that tie them together (aria-describedby, aria-invalid), so a screen reader reads
// the error with it.
// TextField, Select, NumberField… are Field plus a control; use Field directly around anything else.
import { useId, type ReactNode } from 'react';
import { CircleAlert, TriangleAlert } from 'lucide-react';
import { cx } from './cx.ts';
import styles from './Field.module.css';

export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  /** Shown under the control, in red, and announced with it. */
  error?: string | null;
  /** Shown under the control in the warning tone when there is no error: said, not refused (a duplicate SKU). */
  warning?: string | null;
  hint?: ReactNode;
  required?: boolean;
  /** Hide the label visually (it stays the accessible name), e.g. in a dense filter bar. */
  hideLabel?: boolean;
  /** Extra content on the label's line, right-aligned (a counter, a link). */
  aside?: ReactNode;
  id?: string;
  className?: string;
  /** For a button that names itself by its content (a date range): the label describes it instead. */
  labelDescribes?: boolean;
  children: (control: ControlProps) => ReactNode;
}

export function Field({
  label,
  error,
  warning,
  hint,
  required,
  hideLabel,
  aside,
  id,
  className,
  labelDescribes,
  children,
}: FieldProps) {
  const auto = useId();
  const controlId = id ?? `f${auto}`;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const warningId = `${controlId}-warning`;
  const warned = !error && warning;
  const labelId = `${controlId}-label`;
  const describedBy =
    [labelDescribes && labelId, error && errorId, warned && warningId, hint && hintId].filter(Boolean).join(' ') || undefined;
  const Label = labelDescribes ? 'span' : 'label';
  return (
    <div className={cx(styles.field, className)} data-invalid={error ? '' : undefined}>
      <div className={cx(styles.labelRow, hideLabel && 'sr-only')}>
        <Label
          htmlFor={labelDescribes ? undefined : controlId}
          id={labelDescribes ? labelId : undefined}
          className={styles.label}
        >
          {label}
          {required && (
            <span className={styles.required} aria-hidden="true">
              *
            </span>
          )}
        </Label>
        {aside && <span className={styles.aside}>{aside}</span>}
      </div>
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, required })}
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {warned && (
        <p id={warningId} className={styles.warning} data-testid="field-warning">
          <TriangleAlert aria-hidden="true" />
          <span>{warning}</span>
        </p>
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.error}>
      <CircleAlert aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

/** A group of related controls (checkboxes, radios, measures) under one legend. */
export function Fieldset({
  legend,
  hint,
  error,
  children,
  className,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset className={cx(styles.fieldset, className)} aria-describedby={error ? `${id}-e` : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {hint && <p className={styles.hint}>{hint}</p>}
      {children}
      {error && <FieldError id={`${id}-e`}>{error}</FieldError>}
    </fieldset>
  );
}
