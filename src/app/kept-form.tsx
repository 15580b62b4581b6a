// One edit form's keeping (issue 43): its draft on this device (useFormDraft), the question before
// its changes are thrown away (useUnsavedGuard) and the notice of a restored draft, together.
import { useCallback, type ReactNode } from 'react';
import { useFormDraft, type FormDraftHandle } from '../data/catalog/index.ts';
import { DraftRestored } from './DraftRestored.tsx';
import { useUnsavedGuard, type UnsavedGuard, type UnsavedOptions } from './unsaved-guard.ts';

export interface KeptFormOptions<T> extends Pick<UnsavedOptions, 'leaves' | 'unkept'> {
  dirty: boolean;
  restore: (value: T) => void;
  /** Back to the saved record (Discard). */
  reset: () => void;
}

export interface KeptForm {
  draft: FormDraftHandle;
  guard: UnsavedGuard;
  /** "Restored your unsaved changes from …" while a restored draft is open. */
  notice: ReactNode;
  /** Cancel: asks when dirty, then drops the draft and resets. */
  cancel: () => void;
  /** Saved: the draft goes and a navigation right after is not asked about. */
  saved: () => void;
}

export function useKeptForm<T>(
  key: string | null,
  values: T,
  { dirty, restore, reset, leaves, unkept }: KeptFormOptions<T>,
): KeptForm {
  const draft = useFormDraft(key, values, { dirty, restore });
  const { drop } = draft;
  const discard = useCallback(async () => {
    reset();
    await drop();
  }, [reset, drop]);
  const guard = useUnsavedGuard(dirty, { onDiscard: discard, leaves, unkept, values });
  const { confirmDiscard, release } = guard;
  const cancel = useCallback(() => confirmDiscard(discard), [confirmDiscard, discard]);
  const saved = useCallback(() => {
    release();
    void drop();
  }, [release, drop]);
  // A draft that matches the saved record (saved elsewhere since) is no news.
  const notice = dirty && <DraftRestored at={draft.restoredAt} onDiscard={cancel} />;
  return { draft, guard, notice, cancel, saved };
}
