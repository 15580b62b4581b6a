// Radix returns focus to its own Trigger when a dialog closes. Our dialogs are opened by state (a
// screen's button, a menu item), so remember what had the focus when one opened and give it back.
import { useLayoutEffect, useRef } from 'react';

export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix moves the focus into the dialog (its mount effect is passive).
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return (e: Event) => {
    const el = opener.current;
    if (el && el.isConnected) {
      e.preventDefault();
      el.focus();
    }
  };
}
