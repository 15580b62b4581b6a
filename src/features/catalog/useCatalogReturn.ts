// Coming back to the catalogue (issue 43): Back from a product opened from the grid gives the focus to
// that product's card again, with the products that were selected, as a list does in a native app.
// The template catalogue uses it too, for the template a card opened (it has no selection).
// Kept per history entry (the router's location key) in memory: a new visit to /catalog starts afresh,
// and a reload drops it with the rest of the page's state.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Selection } from './selection.ts';

interface Left {
  /** The product card opened from this entry, if one was. */
  id: number | null;
  /** The selection's key (company and section) and the selection then. */
  selectionKey: string;
  selection: Selection | undefined;
}

const byEntry = new Map<string, Left>();
const MAX_ENTRIES = 20;

interface Options {
  /** The selection to keep with the entry (none in the template catalogue). */
  selectionKey?: string;
  selection?: Selection;
  restoreSelection?: (s: Selection) => void;
  /** The rows shown, and whether they are the whole answer (the index is loaded). */
  items: readonly { id: number }[];
  ready: boolean;
}

/** `opened` is told the card opened; `focusRequest` is for the grid (CatalogGrid). */
export function useCatalogReturn({ selectionKey = '', selection, restoreSelection, items, ready }: Options) {
  const { key } = useLocation();
  const [back] = useState(() => byEntry.get(key));
  const latest = useRef({ key, selectionKey, selection, opened: null as number | null });
  useEffect(() => {
    latest.current = { ...latest.current, key, selectionKey, selection };
  });
  useEffect(() => {
    if (back?.selection?.ids.size && back.selectionKey === selectionKey) restoreSelection?.(back.selection);
    // Once, as the page mounts: later changes of the selection are the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(
    () => () => {
      const { key: at, opened, selectionKey: sk, selection: s } = latest.current;
      byEntry.delete(at);
      byEntry.set(at, { id: opened, selectionKey: sk, selection: s });
      if (byEntry.size > MAX_ENTRIES) byEntry.delete(byEntry.keys().next().value!);
    },
    [],
  );
  // The card opened, once the whole answer is known (it may lie beyond the first page).
  const [focusRequest, setFocusRequest] = useState<{ index: number } | null>(null);
  const [pending, setPending] = useState(back?.id ?? null);
  if (pending !== null && ready) {
    const index = items.findIndex((x) => x.id === pending);
    setPending(null);
    if (index >= 0) setFocusRequest({ index });
  }
  // Stable: a memoised card may hold it.
  const opened = useCallback((id: number) => {
    latest.current.opened = id;
  }, []);
  return { opened, focusRequest };
}
