// The Facet mark (a cut facet on the brand navy) and the word mark. Inline SVG: nothing to load.
import { cx } from './cx.ts';
import styles from './Logo.module.css';

export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className={styles.mark}>
      <rect width="32" height="32" rx="8" fill="#1f3a5f" />
      <path d="M16 6 26 13 16 26 6 13Z" fill="#ffffff" fillOpacity="0.22" />
      <path d="M16 6 21 13H11Z" fill="#ffffff" fillOpacity="0.9" />
      <path d="M11 13h10l-5 13Z" fill="#ffffff" fillOpacity="0.55" />
    </svg>
  );
}

export function Logo({ size = 28, className, hideWord }: { size?: number; className?: string; hideWord?: boolean }) {
  return (
    <span className={cx(styles.logo, className)}>
      <LogoMark size={size} />
      <span className={hideWord ? 'sr-only' : styles.word}>Facet</span>
    </span>
  );
}
