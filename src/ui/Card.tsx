// A white surface with a 1 px border: groups one subject (a form section, a list, a summary).
import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './Card.module.css';

export interface CardProps extends Omit<ComponentProps<'section'>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons on the title's line, right-aligned. */
  actions?: ReactNode;
  /** No inner padding (a table or an image that reaches the edges). */
  flush?: boolean;
  headingLevel?: 2 | 3;
}

export function Card({ title, description, actions, flush, headingLevel = 2, className, children, ...rest }: CardProps) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={cx(styles.card, className)} {...rest}>
      {(title || actions) && (
        <header className={styles.header}>
          <div className={styles.titles}>
            {title && <H className={styles.title}>{title}</H>}
            {description && <p className={styles.description}>{description}</p>}
          </div>
          {actions && <div className={styles.actions}>{actions}</div>}
        </header>
      )}
      <div className={cx(styles.body, flush && styles.flush)}>{children}</div>
    </section>
  );
}
