// The generic alert popup of the specs: a title, a progress text while something runs, then a
// result, with confirm and/or cancel as each caller needs (e.g. 'Saving...' -> 'Saved!').
import { useEffect, useRef } from 'react';
import { Popup } from './Popup.tsx';

export interface AlertPopupProps {
  open: boolean;
  title: string;
  /** Shown while work runs, with a spinner; buttons are hidden meanwhile. */
  progress?: string;
  /** The outcome or the question (e.g. 'Are you sure you want to delete this retailer?'). */
  message?: React.ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Present = the confirm button is shown. */
  onConfirm?: () => void;
  /** Present = the cancel button is shown; also what Escape and × do. */
  onCancel?: () => void;
  /** A dangerous confirmation (delete, discard) is styled as such. */
  danger?: boolean;
  children?: React.ReactNode;
}

export function AlertPopup(p: AlertPopupProps) {
  const busy = p.progress !== undefined;
  const actions = useRef<HTMLElement>(null);
  // When the work ends the buttons appear: move focus to the main one so keyboards can answer.
  useEffect(() => {
    if (p.open && !busy) actions.current?.querySelector<HTMLButtonElement>('button:last-child')?.focus();
  }, [p.open, busy]);
  return (
    <Popup open={p.open} title={p.title} onClose={busy ? undefined : p.onCancel ?? p.onConfirm} className="alert-popup">
      <div className="popup-body" aria-live="polite">
        {busy ? (
          <p className="progress-line">
            <span className="spinner" aria-hidden="true" /> {p.progress}
          </p>
        ) : (
          p.message !== undefined && <div className="alert-message">{p.message}</div>
        )}
        {p.children}
      </div>
      {!busy && (p.onConfirm || p.onCancel) && (
        <footer className="popup-actions" ref={actions}>
          {p.onCancel && (
            <button type="button" className="button secondary" onClick={p.onCancel}>
              {p.cancelLabel ?? 'Cancel'}
            </button>
          )}
          {p.onConfirm && (
            <button type="button" className={`button ${p.danger ? 'danger' : 'primary'}`} onClick={p.onConfirm}>
              {p.confirmLabel ?? 'OK'}
            </button>
          )}
        </footer>
      )}
    </Popup>
  );
}
