// A square icon-only button. Its label is the accessible name and shows as a tooltip.
import type { ComponentProps, ReactNode } from 'react';
import { buttonClass, type ButtonSize, type ButtonVariant } from './Button.tsx';
import { cx } from './cx.ts';
import { Tooltip } from './Tooltip.tsx';
import styles from './Button.module.css';

export interface IconButtonProps extends Omit<ComponentProps<'button'>, 'children'> {
  /** The accessible name, also shown as a tooltip. */
  label: string;
  icon: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** false: no tooltip (e.g. the label is already visible next to it). */
  tooltip?: boolean;
}

export function IconButton({
  label,
  icon,
  variant = 'ghost',
  size = 'md',
  tooltip = true,
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  const button = (
    <button type={type} aria-label={label} className={buttonClass({ variant, size }, cx(styles.icon, className))} {...rest}>
      {icon}
    </button>
  );
  return tooltip ? <Tooltip content={label}>{button}</Tooltip> : button;
}
