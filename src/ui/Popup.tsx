// A modal built on <dialog>: showModal() makes the page behind it inert, keeps focus inside and
// closes on Escape; focus returns to whatever opened it.
import { useEffect, useId, useRef } from 'react';

export interface PopupProps {
  open: boolean;
  title: string;
  /** Escape or the close control; omit it for popups that must be answered (terms). */
  onClose?: () => void;
  children: React.ReactNode;
  className?: string;
  /** The element to focus first, by CSS selector inside the popup (defaults to the first control). */
  initialFocus?: string;
}

export function Popup({ open, title, onClose, children, className, initialFocus }: PopupProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d || !open) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!d.open) d.showModal?.();
    const first = d.querySelector<HTMLElement>(initialFocus ?? 'input, select, textarea, button:not([data-close]), a[href]');
    first?.focus();
    return () => {
      if (d.open) d.close?.();
      opener?.focus?.();
    };
  }, [open, initialFocus]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`popup ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault(); // Escape closes only through onClose, so React state stays the truth
        onClose?.();
      }}
    >
      <header className="popup-head">
        <h2 id={titleId}>{title}</h2>
        {onClose && (
          <button type="button" className="icon-button" data-close aria-label="Close" onClick={onClose}>
            ×
          </button>
        )}
      </header>
      {children}
    </dialog>
  );
}
