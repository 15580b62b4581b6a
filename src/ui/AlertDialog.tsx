// A confirmation before something that cannot be undone (Radix AlertDialog, role alertdialog): it names
// what it will delete or discard, Cancel has the focus, and the action button says what it does.
import type { ReactNode } from 'react';
import { AlertDialog as A } from 'radix-ui';
import { Button } from './Button.tsx';
import { cx } from './cx.ts';
import { useReturnFocus } from './return-focus.ts';
import styles from './Dialog.module.css';

export interface AlertDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Say what will happen to what: 'ACM-1004 · Oak Chair will be removed from the catalogue.' */
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** A destructive action (delete, discard) gets the danger style. */
  danger?: boolean;
  loading?: boolean;
  children?: ReactNode;
}

export function AlertDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  danger = true,
  loading,
  children,
}: AlertDialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <A.Root open={open} onOpenChange={onOpenChange}>
      <A.Portal>
        <A.Overlay className={styles.overlay} />
        <A.Content className={cx(styles.content, styles.sm)} onCloseAutoFocus={returnFocus}>
          <header className={styles.header}>
            <div className={styles.titles}>
              <A.Title className={styles.title}>{title}</A.Title>
              <A.Description className={styles.description}>{description}</A.Description>
            </div>
          </header>
          {children && <div className={styles.body}>{children}</div>}
          <footer className={styles.footer}>
            <A.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </A.Cancel>
            <Button variant={danger ? 'danger' : 'primary'} loading={loading} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </footer>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
