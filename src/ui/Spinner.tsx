// A small busy indicator in the current text colour. Decorative: say what is happening in text next to it.
import { cx } from './cx.ts';
import styles from './Spinner.module.css';

export function Spinner({ size = 16, className }: { size?: number; className?: string }) {
  return <span className={cx(styles.spinner, className)} style={{ width: size, height: size }} aria-hidden="true" />;
}
