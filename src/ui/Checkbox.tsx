// Checkbox and Switch (Radix): a box or a toggle with its label on the right and an optional
// description under it. A Switch acts at once (a setting); a Checkbox is part of a form.
import { useId, type MouseEvent, type ReactNode } from 'react';
import { Checkbox as C, Switch as S } from 'radix-ui';
import { Check, Minus } from 'lucide-react';
import { cx } from './cx.ts';
import styles from './Choice.module.css';

interface ChoiceProps {
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  className?: string;
  id?: string;
  'aria-describedby'?: string;
}

export interface CheckboxProps extends ChoiceProps {
  checked: boolean | 'indeterminate';
  onCheckedChange: (checked: boolean) => void;
  /** The click itself (Shift-click of a range); preventDefault() keeps the box as it is. */
  onClick?: (e: MouseEvent<HTMLButtonElement>) => void;
  /** -1: out of the Tab order (a grid card toggles it with its own keys). */
  tabIndex?: 0 | -1;
}

export function Checkbox({
  label,
  description,
  checked,
  onCheckedChange,
  onClick,
  tabIndex,
  disabled,
  className,
  id,
  ...aria
}: CheckboxProps) {
  const auto = useId();
  const cid = id ?? auto;
  return (
    <div className={cx(styles.choice, disabled && styles.disabled, className)}>
      <C.Root
        id={cid}
        className={styles.box}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(v) => onCheckedChange(v === true)}
        onClick={onClick}
        tabIndex={tabIndex}
        aria-describedby={cx(aria['aria-describedby'], description ? `${cid}-d` : undefined) || undefined}
      >
        <C.Indicator className={styles.indicator}>{checked === 'indeterminate' ? <Minus /> : <Check />}</C.Indicator>
      </C.Root>
      <ChoiceText id={cid} label={label} description={description} />
    </div>
  );
}

export interface SwitchProps extends ChoiceProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

export function Switch({ label, description, checked, onCheckedChange, disabled, className, id, ...aria }: SwitchProps) {
  const auto = useId();
  const cid = id ?? auto;
  return (
    <div className={cx(styles.choice, disabled && styles.disabled, className)}>
      <S.Root
        id={cid}
        className={styles.switch}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={cx(aria['aria-describedby'], description ? `${cid}-d` : undefined) || undefined}
      >
        <S.Thumb className={styles.thumb} />
      </S.Root>
      <ChoiceText id={cid} label={label} description={description} />
    </div>
  );
}

function ChoiceText({ id, label, description }: { id: string; label: ReactNode; description?: ReactNode }) {
  return (
    <div className={styles.text}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {description && (
        <p id={`${id}-d`} className={styles.description}>
          {description}
        </p>
      )}
    </div>
  );
}
