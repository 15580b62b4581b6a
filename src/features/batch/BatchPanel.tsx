// The left column of a batch form (document 2 §2.4, §2.6): the items, each flagged when it fails a
// check, with its trash button; add (unless hidden) and SEND. Shared by Add templates and Add products.
import type { ReactNode } from 'react';
import { Plus, Send } from 'lucide-react';
import { Button } from '../../ui/Button.tsx';
import { ItemList, type ItemListEntry } from '../../ui/ItemList.tsx';
import { plural } from '../../ui/format.ts';
import styles from './batch.module.css';

interface Props {
  /** 'template' or 'product'. */
  noun: string;
  items: readonly ItemListEntry[];
  current?: string;
  onSelect: (id: string) => void;
  /** Absent: the add button is hidden (onlyOneProduct). */
  onAdd?: () => void;
  onSend: () => void;
  sending?: boolean;
  /** More actions under the list (Import CSV). */
  extra?: ReactNode;
}

export function BatchPanel({ noun, items, current, onSelect, onAdd, onSend, sending, extra }: Props) {
  const title = `${noun[0]!.toUpperCase()}${noun.slice(1)}s`;
  return (
    <aside className={styles.panel} aria-label={`${title} of this batch`}>
      <div className={styles.panelHead}>
        <h2 className={styles.panelTitle}>{title}</h2>
        <span className={styles.count}>{plural(items.length, noun)}</span>
      </div>
      <ItemList label={title} items={items} current={current} onSelect={onSelect} className={styles.items} />
      <div className={styles.panelActions}>
        {onAdd && (
          <Button icon={<Plus />} onClick={onAdd} block>
            Add {noun}
          </Button>
        )}
        {extra}
        <Button variant="primary" icon={<Send />} onClick={onSend} loading={sending} block>
          SEND
        </Button>
      </div>
    </aside>
  );
}
