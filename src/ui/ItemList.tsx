// A vertical list of items to pick one from (the batch forms' products and templates): each row is
// a button with an optional thumbnail, a title, a subtitle and a status, plus row actions beside it
// (a trash button). The current one is marked (aria-current); ↑/↓ move between rows.
import type { KeyboardEvent, ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './ItemList.module.css';

export interface ItemListEntry {
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  /** A 40 px thumbnail (an Img). */
  media?: ReactNode;
  /** Flags the row (a failed check): a red edge and the status in red. */
  invalid?: boolean;
  /** A small icon or badge after the text. */
  status?: ReactNode;
  actions?: ReactNode;
}

export interface ItemListProps {
  label: string;
  items: readonly ItemListEntry[];
  current?: string;
  onSelect: (id: string) => void;
  className?: string;
}

export function ItemList({ label, items, current, onSelect, className }: ItemListProps) {
  const move = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const next = items[(i + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length];
    if (!next) return;
    onSelect(next.id);
    const list = e.currentTarget.closest('ul');
    list?.querySelector<HTMLButtonElement>(`[data-item-id="${CSS.escape(next.id)}"]`)?.focus();
  };
  return (
    <ul className={cx(styles.list, className)} aria-label={label}>
      {items.map((it, i) => (
        <li key={it.id} className={cx(styles.row, it.id === current && styles.current, it.invalid && styles.invalid)}>
          <button
            type="button"
            className={styles.main}
            data-item-id={it.id}
            aria-current={it.id === current ? 'true' : undefined}
            onClick={() => onSelect(it.id)}
            onKeyDown={(e) => move(e, i)}
          >
            {it.media && <span className={styles.media}>{it.media}</span>}
            <span className={styles.text}>
              <span className={styles.title}>{it.title}</span>
              {it.subtitle && <span className={styles.subtitle}>{it.subtitle}</span>}
            </span>
            {it.status && <span className={styles.status}>{it.status}</span>}
          </button>
          {it.actions && <span className={styles.actions}>{it.actions}</span>}
        </li>
      ))}
    </ul>
  );
}
