// A dialog that takes typing (issue 43: Register User, Set collection, Report Bug): what is typed is kept
// on this device as forms keep it (useKeptForm), so a reload loses nothing; the dialog does not reopen by
// itself, but reopened it shows the kept text with the restored notice. Closing it with changes (Cancel,
// Escape, ×) asks "Discard your changes?" first; sent, or discarded, the draft goes.
import { useCallback, type ReactNode } from 'react';
import type { Location } from 'react-router-dom';
import { useKeptForm } from './kept-form.tsx';

interface Options<T> {
  dirty: boolean;
  restore: (value: T) => void;
  /** Back to an empty form (the notice's Discard). */
  reset: () => void;
  onClose: () => void;
  /** Whether a navigation leaves the dialog (by default, one to another path; the shell's dialogs stay). */
  leaves?: (from: Location, to: Location) => boolean;
}

export interface KeptDialog {
  /** "Restored your unsaved changes from …" while a restored draft is open. */
  notice: ReactNode;
  /** Cancel, Escape, ×: asks when there are changes, then drops the draft and closes. */
  close: () => void;
  /** Sent: the draft goes. */
  sent: () => void;
}

export function useKeptDialog<T>(
  key: string | null,
  values: T,
  { dirty, restore, reset, onClose, leaves }: Options<T>,
): KeptDialog {
  const kept = useKeptForm(key, values, { dirty, restore, reset, leaves });
  const { confirmDiscard } = kept.guard;
  const { drop } = kept.draft;
  const close = useCallback(
    () =>
      confirmDiscard(async () => {
        await drop();
        onClose();
      }),
    [confirmDiscard, drop, onClose],
  );
  return { notice: kept.notice, close, sent: kept.saved };
}
