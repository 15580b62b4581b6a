// How far a known amount of work has gone (0 to 100), with its label; indeterminate without a value.
import { cx } from './cx.ts';
import styles from './ProgressBar.module.css';

export interface ProgressBarProps {
  label: string;
  /** 0..100; undefined while the total is unknown. */
  value?: number;
  /** Show the label and the percentage above the bar. */
  showLabel?: boolean;
  tone?: 'accent' | 'success' | 'danger';
  className?: string;
}

export function ProgressBar({ label, value, showLabel, tone = 'accent', className }: ProgressBarProps) {
  const pct = value === undefined ? undefined : Math.round(Math.min(100, Math.max(0, value)));
  return (
    <div className={cx(styles.wrap, className)}>
      {showLabel && (
        <div className={styles.head}>
          <span>{label}</span>
          {pct !== undefined && <span className={styles.pct}>{pct}%</span>}
        </div>
      )}
      <div
        className={cx(styles.track, styles[tone], pct === undefined && styles.indeterminate)}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <div className={styles.bar} style={pct === undefined ? undefined : { width: `${pct}%` }} />
      </div>
    </div>
  );
}
