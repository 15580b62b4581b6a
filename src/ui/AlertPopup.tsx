// The specs' alert popup: a title, a progress line while work runs ('Saving...'), then the outcome or the
// question, with confirm and/or cancel as each caller needs. When the work ends the main button takes
// the focus, so a keyboard can answer at once.
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { Spinner } from './Spinner.tsx';
import styles from './AlertPopup.module.css';

export interface AlertPopupProps {
  open: boolean;
  title: string;
  /** Shown while work runs, with a spinner; buttons are hidden meanwhile. */
  progress?: string;
  /** The outcome or the question (e.g. 'Are you sure you want to delete this retailer?'). */
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Present = the confirm button is shown. */
  onConfirm?: () => void;
  /** Present = the cancel button is shown; also what Escape and × do. */
  onCancel?: () => void;
  /** A dangerous confirmation (delete, discard) is styled as such. */
  danger?: boolean;
  /** Another action in the footer, before cancel and confirm (a success's Undo). */
  extra?: ReactNode;
  children?: ReactNode;
}

export function AlertPopup(p: AlertPopupProps) {
  const busy = p.progress !== undefined;
  const main = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (p.open && !busy) main.current?.focus();
  }, [p.open, busy]);
  const close = busy ? undefined : (p.onCancel ?? p.onConfirm);
  const footer =
    !busy && (p.onConfirm || p.onCancel || p.extra) ? (
      <>
        {p.extra}
        {p.onCancel && (
          <Button variant="secondary" onClick={p.onCancel} ref={p.onConfirm ? undefined : main}>
            {p.cancelLabel ?? 'Cancel'}
          </Button>
        )}
        {p.onConfirm && (
          <Button variant={p.danger ? 'danger' : 'primary'} onClick={p.onConfirm} ref={main}>
            {p.confirmLabel ?? 'OK'}
          </Button>
        )}
      </>
    ) : undefined;
  return (
    <Dialog open={p.open} title={p.title} size="sm" onOpenChange={(o) => !o && close?.()} dismissible={!!close} footer={footer}>
      <div aria-live="polite" className={styles.body}>
        {busy ? (
          <p className={styles.progress}>
            <Spinner /> {p.progress}
          </p>
        ) : (
          p.message !== undefined && <div className={styles.message}>{p.message}</div>
        )}
        {p.children}
      </div>
    </Dialog>
  );
}
