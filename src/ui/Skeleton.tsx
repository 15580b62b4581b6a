// A grey placeholder with the shape of what is loading, so the layout does not jump when it arrives.
import type { CSSProperties } from 'react';
import { cx } from './cx.ts';
import styles from './Skeleton.module.css';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** 'text' is one line of body text; 'block' any box (a thumbnail, a card); 'circle' an avatar. */
  shape?: 'text' | 'block' | 'circle';
  className?: string;
  style?: CSSProperties;
}

export function Skeleton({ width, height, shape = 'block', className, style }: SkeletonProps) {
  return (
    <span className={cx(styles.skeleton, styles[shape], className)} style={{ width, height, ...style }} aria-hidden="true" />
  );
}

/** Several lines of text, the last one shorter. */
export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <span className={cx(styles.lines, className)} aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} shape="text" width={i === lines - 1 && lines > 1 ? '60%' : '100%'} />
      ))}
    </span>
  );
}

/** Announces the wait to screen readers once, next to skeletons (which are hidden from them). */
export function LoadingLabel({ children = 'Loading…' }: { children?: string }) {
  return (
    <span role="status" className="sr-only">
      {children}
    </span>
  );
}
