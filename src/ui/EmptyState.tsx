// What an empty list says: an icon, one sentence, and the one action that helps (clear the filters, add
// the first item). `compact` fits inside a card or a panel.
import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './EmptyState.module.css';

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  /** At most one more sentence. */
  description?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
  /** The title's element: a heading when the empty state is the whole page. */
  titleAs?: 'p' | 'h1' | 'h2' | 'h3';
  className?: string;
  /** A list beside a page's main one (the catalogue menu's saved views) names its own, so tests tell them apart. */
  testId?: string;
}

export function EmptyState({
  icon,
  title,
  description,
  action,
  compact,
  titleAs: Title = 'p',
  className,
  testId = 'empty-state',
}: EmptyStateProps) {
  return (
    <div className={cx(styles.empty, compact && styles.compact, className)} data-testid={testId}>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <Title className={styles.title}>{title}</Title>
      {description && <p className={styles.description}>{description}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
