// Forms with unsaved changes (issue 43). A form's draft is kept on this device (useFormDraft), so a
// reload loses nothing and asks nothing; leaving the form inside the portal does, and asks first
// ("Discard your changes?": UnsavedBlocker, the router's one blocker, and the same dialog for a form's
// own Cancel). The page's beforeunload is added only while a form holds what no draft keeps (a typed
// password): it costs Firefox's back/forward cache.
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { Location } from 'react-router-dom';
import { useEditGuard } from './edit-guard.ts';

export interface UnsavedOptions {
  /** Discard confirmed: the form drops its draft (and may reset itself). */
  onDiscard: () => void | Promise<void>;
  /** Whether a navigation leaves the form; by default, one to another path. */
  leaves?: (from: Location, to: Location) => boolean;
  /** Changes no draft keeps (passwords): a reload or closing the tab asks too. */
  unkept?: boolean;
  /** The form's values: a change after `release` (a refused save) is guarded again. */
  values?: unknown;
}

interface Editor {
  leaves: (from: Location, to: Location) => boolean;
  discard: () => void | Promise<void>;
  unkept: boolean;
}

const editors = new Map<symbol, Editor>();
let asking: (() => void | Promise<void>) | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
export const subscribeUnsaved = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));

const otherPath = (from: Location, to: Location) => from.pathname !== to.pathname;
const param = (l: Location, name: string) => new URLSearchParams(l.search).get(name);
/** Leaves a form shown in one tab of a page: another path, or another value of the tab's parameter. */
export const leavesTab =
  (name: string) =>
  (from: Location, to: Location): boolean =>
    otherPath(from, to) || param(from, name) !== param(to, name);

/** The forms a navigation from `from` to `to` would leave with changes. */
export const leftBehind = (from: Location, to: Location) => [...editors.values()].filter((e) => e.leaves(from, to));

/** The form's own discard (Cancel, the restored notice's Discard) waiting for an answer, if any. */
export const askingDiscard = () => asking;
export function answerDiscard(discard: boolean) {
  const then = asking;
  asking = null;
  emit();
  if (discard && then) void then();
}

function onBeforeUnload(e: BeforeUnloadEvent) {
  e.preventDefault();
  e.returnValue = ''; // older engines ask only with this
}
let listening = false;
function watchUnload() {
  const want = [...editors.values()].some((e) => e.unkept);
  if (want === listening) return;
  listening = want;
  if (want) window.addEventListener('beforeunload', onBeforeUnload);
  else window.removeEventListener('beforeunload', onBeforeUnload);
}

export interface UnsavedGuard {
  /** Asks "Discard your changes?" when dirty, then runs `discard` (at once when clean). */
  confirmDiscard: (discard: () => void | Promise<void>) => void;
  /** Saved: a navigation right after it (before the next render) is not asked about. */
  release: () => void;
}

export function useUnsavedGuard(
  dirty: boolean,
  { onDiscard, leaves = otherPath, unkept = false, values }: UnsavedOptions,
): UnsavedGuard {
  useEditGuard(dirty);
  const id = useRef(Symbol('form'));
  const latest = useRef({ onDiscard, leaves });
  useEffect(() => {
    latest.current = { onDiscard, leaves };
  });
  useEffect(() => {
    if (!dirty) return;
    const me = id.current;
    editors.set(me, { leaves: (f, t) => latest.current.leaves(f, t), discard: () => latest.current.onDiscard(), unkept });
    watchUnload();
    return () => {
      editors.delete(me);
      watchUnload();
    };
  }, [dirty, unkept, values]);
  const confirmDiscard = useCallback(
    (discard: () => void | Promise<void>) => {
      if (!dirty) return void discard();
      asking = discard;
      emit();
    },
    [dirty],
  );
  const release = useCallback(() => {
    editors.delete(id.current);
    watchUnload();
  }, []);
  return { confirmDiscard, release };
}

/** For the blocker: re-renders when a form asks. */
export const useAskingDiscard = () => useSyncExternalStore(subscribeUnsaved, askingDiscard);
