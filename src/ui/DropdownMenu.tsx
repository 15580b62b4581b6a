// A menu of actions on a trigger (Radix DropdownMenu): arrow keys, typeahead, Escape.
// Items are plain objects, so a menu reads as data: { label, icon, onSelect, danger, disabled } or a separator.
import type { ReactElement, ReactNode } from 'react';
import { DropdownMenu as M } from 'radix-ui';
import { cx } from './cx.ts';
import styles from './Overlay.module.css';

export type MenuItem =
  | { label: string; icon?: ReactNode; onSelect: () => void; danger?: boolean; disabled?: boolean; hint?: string }
  | { separator: true }
  | { heading: ReactNode };

export interface DropdownMenuProps {
  trigger: ReactElement;
  items: MenuItem[];
  align?: 'start' | 'center' | 'end';
  label?: string;
}

export function DropdownMenu({ trigger, items, align = 'end', label }: DropdownMenuProps) {
  return (
    <M.Root modal={false}>
      <M.Trigger asChild>{trigger}</M.Trigger>
      <M.Portal>
        <M.Content
          align={align}
          sideOffset={6}
          collisionPadding={12}
          aria-label={label}
          className={cx(styles.popover, styles.menu)}
        >
          {items.map((item, i) =>
            'separator' in item ? (
              <M.Separator key={i} className={styles.separator} />
            ) : 'heading' in item ? (
              <M.Label key={i} className={styles.menuHeading}>
                {item.heading}
              </M.Label>
            ) : (
              <M.Item
                key={i}
                className={cx(styles.item, item.danger && styles.danger)}
                disabled={item.disabled}
                onSelect={item.onSelect}
              >
                {item.icon}
                <span className={styles.itemLabel}>{item.label}</span>
                {item.hint && <span className={styles.itemHint}>{item.hint}</span>}
              </M.Item>
            ),
          )}
        </M.Content>
      </M.Portal>
    </M.Root>
  );
}
