// Dialog (Radix): a modal with a title, a body and a footer of actions. Focus stays inside; Escape,
// the × and a click outside close it unless `dismissible` is false (a popup that must be answered).
// On open, focus goes to [data-autofocus], else the first field, else the footer's last (main) button.
import type { ReactNode } from 'react';
import { Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import { cx } from './cx.ts';
import { useReturnFocus } from './return-focus.ts';
import { IconButton } from './IconButton.tsx';
import styles from './Dialog.module.css';

export type DialogSize = 'sm' | 'md' | 'lg' | 'xl';

export interface DialogProps {
  open: boolean;
  /** Called with false on Escape, ×, or a click outside (only when dismissible). */
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: DialogSize;
  dismissible?: boolean;
  className?: string;
  /** The body scrolls inside the dialog (long lists); off for a full-bleed body (an image viewer). */
  padded?: boolean;
}

export function focusFirst(root: HTMLElement) {
  const target =
    root.querySelector<HTMLElement>('[data-autofocus]') ??
    root.querySelector<HTMLElement>('[data-dialog-body] :is(input, select, textarea):not(:disabled)') ??
    root.querySelector<HTMLElement>('[data-dialog-footer] button:not(:disabled):last-of-type') ??
    root;
  target.focus();
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  dismissible = true,
  className,
  padded = true,
}: DialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <D.Root open={open} onOpenChange={(o) => (dismissible || o) && onOpenChange?.(o)}>
      <D.Portal>
        <D.Overlay className={styles.overlay} />
        <D.Content
          className={cx(styles.content, styles[size], className)}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            focusFirst(e.currentTarget as HTMLElement);
          }}
          onCloseAutoFocus={returnFocus}
          onEscapeKeyDown={(e) => !dismissible && e.preventDefault()}
          onPointerDownOutside={(e) => !dismissible && e.preventDefault()}
          onInteractOutside={(e) => !dismissible && e.preventDefault()}
        >
          <header className={styles.header}>
            <div className={styles.titles}>
              <D.Title className={styles.title}>{title}</D.Title>
              {description && <D.Description className={styles.description}>{description}</D.Description>}
            </div>
            {dismissible && (
              <D.Close asChild>
                <IconButton label="Close" icon={<X />} size="sm" tooltip={false} className={styles.close} />
              </D.Close>
            )}
          </header>
          {children !== undefined && (
            <div className={cx(styles.body, !padded && styles.bleed)} data-dialog-body>
              {children}
            </div>
          )}
          {footer && (
            <footer className={styles.footer} data-dialog-footer>
              {footer}
            </footer>
          )}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
