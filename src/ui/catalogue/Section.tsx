// Building blocks of the component catalogue: a titled section and a labelled row of examples.
import type { ReactNode } from 'react';
import styles from './Catalogue.module.css';

export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {description && <p className={styles.description}>{description}</p>}
      <div className={styles.rows}>{children}</div>
    </section>
  );
}

export function Row({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={styles.row}>
      <span className={styles.rowLabel}>{label}</span>
      <div className={wide ? styles.rowWide : styles.rowItems}>{children}</div>
    </div>
  );
}
