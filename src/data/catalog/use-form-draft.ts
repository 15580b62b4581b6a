// An edit form's values kept on this device as they are typed (form-draft.ts): read once when the form
// opens and handed back through `restore`, written shortly after each change while the form is dirty,
// on leaving the page and on unmount; gone once the form is clean again, saved or discarded.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushWhenLeaving } from './drafts.ts';
import { dropFormDraft, readFormDraft, writeFormDraft } from './form-draft.ts';

const SAVE_DELAY_MS = 250;

export interface FormDraftOptions<T> {
  /** The form holds changes: only then is a draft kept. */
  dirty: boolean;
  /** Puts a stored draft back into the form (called once, when the form opens). */
  restore: (value: T) => void;
}

export interface FormDraftHandle {
  /** The stored draft has been read (and restored, if there was one). */
  loaded: boolean;
  /** When the restored draft was written: for the notice, until dropped or dismissed. */
  restoredAt: number | null;
  /** Saved or discarded: the stored draft goes now, and nothing pending is written after. */
  drop: () => Promise<void>;
  /** The restored notice has been seen. */
  dismiss: () => void;
  /** Writes what is pending now. */
  flush: () => Promise<void>;
}

/**
 * `values` must keep its identity while unchanged (state or a memo): each new one is a change. A null
 * `key` keeps nothing (no user yet).
 */
export function useFormDraft<T>(key: string | null, values: T, { dirty, restore }: FormDraftOptions<T>): FormDraftHandle {
  const [state, setState] = useState<{ key: string; restoredAt: number | null }>();
  const pending = useRef<{ key: string; value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Whether the device holds a draft under the key, and whether the values seen since the read are the user's.
  const held = useRef(false);
  const armed = useRef(false);
  const restoreRef = useRef(restore);
  useLayoutEffect(() => {
    restoreRef.current = restore;
  });

  // The write under way, which a drop waits for: its delete then lands after it, never before.
  const writing = useRef<Promise<void>>(Promise.resolve());
  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const p = pending.current;
    pending.current = null;
    if (!p) return;
    const write = writing.current.then(() => writeFormDraft(p.key, p.value));
    writing.current = write.catch(() => undefined);
    await write;
  }, []);

  useEffect(() => {
    if (!key) return;
    let live = true;
    armed.current = false;
    void readFormDraft<T>(key).then(
      (found) => {
        if (!live) return;
        held.current = !!found;
        if (found) restoreRef.current(found.value);
        setState({ key, restoredAt: found?.savedAt ?? null });
      },
      () => live && setState({ key, restoredAt: null }), // unreadable: the form starts empty
    );
    const stop = flushWhenLeaving(flush);
    return () => {
      live = false;
      stop();
      void flush();
    };
  }, [key, flush]);

  const loaded = !!key && state?.key === key;
  useEffect(() => {
    if (!loaded || !key) return;
    // The first values after the read are the form's start (or the draft just restored): nothing new.
    if (!armed.current) return void (armed.current = true);
    if (dirty) {
      pending.current = { key, value: values };
      held.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    } else if (held.current) {
      clearTimeout(timer.current);
      pending.current = null;
      held.current = false;
      void dropFormDraft(key);
    }
  }, [loaded, key, values, dirty, flush]);

  const drop = useCallback(async () => {
    clearTimeout(timer.current);
    pending.current = null;
    held.current = false;
    // The form's reset that follows is its new start, not a change to keep.
    armed.current = false;
    setState((s) => s && { ...s, restoredAt: null });
    await writing.current;
    if (key) await dropFormDraft(key);
  }, [key]);
  const dismiss = useCallback(() => setState((s) => s && { ...s, restoredAt: null }), []);

  return { loaded, restoredAt: loaded ? state!.restoredAt : null, drop, dismiss, flush };
}
