// Tabs (Radix): a row of tabs and one panel. Controlled, so a screen can keep the tab in the URL.
// Only the active panel's content is rendered (`children(active)`); arrow keys move between tabs.
import type { ReactNode } from 'react';
import { Tabs as T } from 'radix-ui';
import { cx } from './cx.ts';
import styles from './Tabs.module.css';

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  icon?: ReactNode;
  /** A small count after the label. */
  count?: number;
}

export interface TabsProps<V extends string> {
  /** The tab list's accessible name. */
  label: string;
  value: V;
  onValueChange: (value: V) => void;
  tabs: readonly TabItem<V>[];
  children: (active: V) => ReactNode;
  className?: string;
}

export function Tabs<V extends string>({ label, value, onValueChange, tabs, children, className }: TabsProps<V>) {
  return (
    <T.Root
      value={value}
      onValueChange={(v) => onValueChange(v as V)}
      className={cx(styles.tabs, className)}
      activationMode="manual"
    >
      <T.List aria-label={label} className={styles.list}>
        {tabs.map((t) => (
          <T.Trigger key={t.value} value={t.value} className={styles.tab}>
            {t.icon}
            {t.label}
            {t.count !== undefined && <span className={styles.count}>{t.count}</span>}
          </T.Trigger>
        ))}
      </T.List>
      {tabs.map((t) => (
        <T.Content key={t.value} value={t.value} className={styles.panel}>
          {t.value === value && children(value)}
        </T.Content>
      ))}
    </T.Root>
  );
}
