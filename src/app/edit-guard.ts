// Screens with unsaved edits say so here, so the update prompt never reloads under them.
import { useEffect, useSyncExternalStore } from 'react';

const editors = new Set<symbol>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export const isEditing = () => editors.size > 0;

/** Call with true while the screen holds unsaved changes. */
export function useEditGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const me = Symbol('editor');
    editors.add(me);
    notify();
    return () => {
      editors.delete(me);
      notify();
    };
  }, [dirty]);
}

export function useIsEditing() {
  return useSyncExternalStore((l) => (listeners.add(l), () => listeners.delete(l)), isEditing);
}
