// The specs' generic popup, now a Dialog (focus trap, Escape, return of focus from Radix). Kept for
// callers that pass their own body; new screens use Dialog directly (footer, sizes, description).
import type { ReactNode } from 'react';
import { Dialog, type DialogSize } from './Dialog.tsx';

export interface PopupProps {
  open: boolean;
  title: string;
  /** Escape, × and a click outside; omit it for popups that must be answered (terms). */
  onClose?: () => void;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
  size?: DialogSize;
}

export function Popup({ open, title, onClose, children, footer, className, size }: PopupProps) {
  return (
    <Dialog open={open} title={title} onOpenChange={(o) => !o && onClose?.()} dismissible={!!onClose} className={className} size={size} footer={footer}>
      {children}
    </Dialog>
  );
}
