// Layout helpers, so screens never hand-write flex and grid rules: Stack (a row or a column with a
// gap), FormGrid (two columns for short fields), PageHeader (the page's h1, one line about it, actions)
// and Toolbar (a wrapping row of filters and actions).
import type { CSSProperties, ComponentProps, ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './Layout.module.css';

type Space = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 8;
const gapOf = (g: Space) => (g === 0 ? '0' : `var(--space-${g})`);

export interface StackProps extends ComponentProps<'div'> {
  direction?: 'row' | 'column';
  gap?: Space;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  wrap?: boolean;
}

export function Stack({ direction = 'column', gap = 3, align, justify, wrap, className, style, ...rest }: StackProps) {
  return (
    <div
      className={cx(styles.stack, className)}
      style={{
        flexDirection: direction,
        gap: gapOf(gap),
        alignItems: align,
        justifyContent: justify,
        flexWrap: wrap ? 'wrap' : undefined,
        ...style,
      }}
      {...rest}
    />
  );
}

/** Two columns (one on narrow screens); a child with `data-span="full"` takes the whole row. */
export function FormGrid({ columns = 2, className, ...rest }: ComponentProps<'div'> & { columns?: 2 | 3 | 4 }) {
  return <div className={cx(styles.formGrid, className)} style={{ ['--form-columns' as string]: columns }} {...rest} />;
}

export interface PageHeaderProps {
  title: ReactNode;
  /** One line under the title (what this page is for, or a count). */
  description?: ReactNode;
  /** Small facts next to the title (ids, badges). */
  meta?: ReactNode;
  actions?: ReactNode;
  /** Content before the title (a thumbnail). */
  leading?: ReactNode;
  className?: string;
}

export function PageHeader({ title, description, meta, actions, leading, className }: PageHeaderProps) {
  return (
    <header className={cx(styles.pageHeader, className)}>
      {leading}
      <div className={styles.pageTitles}>
        <h1 className={styles.pageTitle}>{title}</h1>
        {(description || meta) && (
          <div className={styles.pageMeta}>
            {description && <p className={styles.pageDescription}>{description}</p>}
            {meta}
          </div>
        )}
      </div>
      {actions && <div className={styles.pageActions}>{actions}</div>}
    </header>
  );
}

export function Toolbar({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={cx(styles.toolbar, className)} {...rest} />;
}

/** The width a page's content keeps: full for grids, readable for forms and text. */
export function Page({ width = 'full', className, ...rest }: ComponentProps<'div'> & { width?: 'full' | 'readable' | 'wide' }) {
  return <div className={cx(styles.page, styles[width], className)} {...rest} />;
}
