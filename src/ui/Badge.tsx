// A short status or count: neutral, accent, or a semantic tone (success, warning, danger, info).
import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './Badge.module.css';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger' | 'info';

export interface BadgeProps extends ComponentProps<'span'> {
  tone?: BadgeTone;
  icon?: ReactNode;
  /** A dot before the text instead of an icon (a state at a glance). */
  dot?: boolean;
  size?: 'sm' | 'md';
}

export function Badge({ tone = 'neutral', icon, dot, size = 'md', className, children, ...rest }: BadgeProps) {
  return (
    <span className={cx(styles.badge, styles[tone], styles[size], className)} {...rest}>
      {dot && <span className={styles.dot} aria-hidden="true" />}
      {icon}
      {children}
    </span>
  );
}
