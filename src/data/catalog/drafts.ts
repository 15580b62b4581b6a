// Unsent forms survive a reload: a batch form keeps its fields in `drafts` (one small row per form,
// rewritten as the user types) and each chosen file once in `draftFiles`, referred to by id. Sending
// a batch item removes it from the draft in the same transaction that queues it (registration.ts),
// so an item is either still in the form or in the outbox, never both and never neither.
import { useCallback, useEffect, useRef, useState } from 'react';
import { db } from '../local/index.ts';
import { beforeSchemaClose } from '../local/index.ts';
import { withQuota } from '../local/index.ts';
import type { DraftFileRow } from '../local/index.ts';

/** A batch form's stored value: its items, each with a stable uid. */
export interface BatchValue<I extends { uid: string }> {
  items: I[];
}

const asFile = (r: DraftFileRow) =>
  r.blob instanceof File && r.blob.name === r.name ? r.blob : new File([r.blob], r.name, { type: r.type || r.blob.type });

export async function readDraft<T>(key: string): Promise<{ value: T | undefined; files: Map<number, File> }> {
  const d = db();
  return d.transaction('r', [d.drafts, d.draftFiles], async () => {
    const row = await d.drafts.get(key);
    const files = await d.draftFiles.where('draft').equals(key).toArray();
    return { value: row?.value as T | undefined, files: new Map(files.map((f) => [f.id!, asFile(f)])) };
  });
}

export async function writeDraft(key: string, value: unknown): Promise<void> {
  // Not a transaction of its own, so not retried by the one db.ts wraps: the same rule here.
  await withQuota(() => db().drafts.put({ key, value, updatedAt: Date.now() }));
}

/** Stores chosen files at once (a reload right after choosing keeps them); returns their ids. */
export async function addDraftFiles(key: string, files: readonly File[]): Promise<number[]> {
  const d = db();
  return d.transaction('rw', d.draftFiles, async () => {
    const ids: number[] = [];
    for (const f of files) ids.push(await d.draftFiles.add({ draft: key, blob: f, name: f.name, type: f.type }));
    return ids;
  });
}

export async function dropDraftFiles(ids: readonly number[]): Promise<void> {
  if (ids.length) await db().draftFiles.bulkDelete([...ids]);
}


/**
 * Inside a sending transaction: the item leaves the stored draft with its files. The caller's
 * transaction must include `drafts` and `draftFiles`.
 */
export async function takeDraftItem(key: string, uid: string, fileIds: readonly number[]): Promise<void> {
  const d = db();
  const row = await d.drafts.get(key);
  const value = row?.value as BatchValue<{ uid: string }> | undefined;
  if (value?.items) await d.drafts.put({ key, value: { ...value, items: value.items.filter((i) => i.uid !== uid) }, updatedAt: Date.now() });
  if (fileIds.length) await d.draftFiles.bulkDelete([...fileIds]);
}

const SAVE_DELAY_MS = 250;

/**
 * Writes what was typed when the page is hidden or left, and before a newer tab's schema upgrade closes
 * this tab's connection. Gives back the function that stops listening.
 */
export function flushWhenLeaving(flush: () => Promise<void>): () => void {
  const onHide = () => void flush();
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onHide);
  const offSchema = beforeSchemaClose(flush);
  return () => {
    offSchema();
    window.removeEventListener('pagehide', onHide);
    document.removeEventListener('visibilitychange', onHide);
  };
}

export interface StoredDraft<T> {
  /** Undefined while the stored draft is read. */
  value: T | undefined;
  files: ReadonlyMap<number, File>;
  set: (next: T | ((prev: T) => T)) => void;
  addFiles: (files: readonly File[]) => Promise<number[]>;
  dropFiles: (ids: readonly number[]) => void;
  /** Writes what is pending now (before a send). */
  flush: () => Promise<void>;
  /** Reads the stored draft again (after a send took items out of it). */
  reload: () => Promise<void>;
}

/**
 * A form's state backed by the drafts table: read once on mount, written shortly after each change,
 * on leaving the page and on unmount.
 */
export function useStoredDraft<T>(key: string, empty: () => T): StoredDraft<T> {
  const [state, setState] = useState<{ key: string; value: T; files: Map<number, File> }>();
  const pending = useRef<{ key: string; value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const emptyRef = useRef(empty);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const p = pending.current;
    pending.current = null;
    if (p) await writeDraft(p.key, p.value);
  }, []);

  const reload = useCallback(async () => {
    const { value, files } = await readDraft<T>(key);
    setState({ key, value: value ?? emptyRef.current(), files });
  }, [key]);

  useEffect(() => {
    let live = true;
    void readDraft<T>(key).then(({ value, files }) => live && setState({ key, value: value ?? emptyRef.current(), files }));
    const stop = flushWhenLeaving(flush);
    return () => {
      live = false;
      stop();
      void flush();
    };
  }, [key, flush]);

  const set = useCallback((next: T | ((prev: T) => T)) => {
    setState((s) => {
      if (!s || s.key !== key) return s;
      const value = typeof next === 'function' ? (next as (prev: T) => T)(s.value) : next;
      pending.current = { key, value };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
      return { ...s, value };
    });
  }, [key, flush]);

  const addFiles = useCallback(async (files: readonly File[]) => {
    const ids = await addDraftFiles(key, files);
    setState((s) => {
      if (!s) return s;
      const map = new Map(s.files);
      ids.forEach((id, i) => map.set(id, files[i]!));
      return { ...s, files: map };
    });
    return ids;
  }, [key]);

  const dropFiles = useCallback((ids: readonly number[]) => {
    void dropDraftFiles(ids);
    setState((s) => {
      if (!s) return s;
      const map = new Map(s.files);
      for (const id of ids) map.delete(id);
      return { ...s, files: map };
    });
  }, []);

  const current = state?.key === key ? state : undefined;
  return { value: current?.value, files: current?.files ?? EMPTY_FILES, set, addFiles, dropFiles, flush, reload };
}

const EMPTY_FILES: ReadonlyMap<number, File> = new Map();
