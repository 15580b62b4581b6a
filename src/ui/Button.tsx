// Buttons: primary (one per view), secondary, danger, ghost, link (reads as a text link); sizes sm 28 / md 32 / lg 36 px.
// `loading` shows a spinner and blocks clicks. For a link that looks like a button, put buttonClass()
// on the <Link>. Square icon-only buttons are IconButton (IconButton.tsx). Kept free of Radix: /login uses it.
import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx.ts';
import { Spinner } from './Spinner.tsx';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Takes the full width of its container (forms on narrow cards). */
  block?: boolean;
}

export const buttonClass = ({ variant = 'secondary', size = 'md', block }: ButtonLook = {}, extra?: string) =>
  cx(styles.button, styles[variant], styles[size], block && styles.block, extra);

export interface ButtonProps extends ComponentProps<'button'>, ButtonLook {
  loading?: boolean;
  /** An icon before the text (a lucide icon element, 16 px). */
  icon?: ReactNode;
  iconEnd?: ReactNode;
}

export function Button({
  variant,
  size,
  block,
  loading,
  icon,
  iconEnd,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block }, cx(loading && styles.loading, className))}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={14} /> : icon}
      {children !== undefined && <span className={styles.label}>{children}</span>}
      {iconEnd}
    </button>
  );
}
