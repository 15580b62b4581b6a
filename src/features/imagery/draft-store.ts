// The preset being edited, outside React state: a slider drag changes one field many times a second,
// and only what shows that field re-renders (useDraftValue), while the preview follows by writing
// styles itself (PresetPreview). The panel re-renders only when "edited" flips.
import { useSyncExternalStore } from 'react';
import type { PresetSection, PresetValues } from '../../data/index.ts';
import { isEdited } from './preset-rules.ts';

type Listener = () => void;

export interface DraftStore {
  readonly section: PresetSection;
  get(): PresetValues;
  /** What the draft started from (the saved preset, or the defaults of a new one). */
  base(): PresetValues;
  set<K extends keyof PresetValues>(key: K, value: PresetValues[K]): void;
  /** Starts over from a preset (selection changed, or saved). */
  reset(values: PresetValues): void;
  /** Starts a new, unsaved preset: it counts as edited until saved (§4: id 0 is an unsaved change). */
  startNew(values: PresetValues): void;
  edited(): boolean;
  subscribe(l: Listener): () => void;
  subscribeKey(key: keyof PresetValues, l: Listener): () => void;
}

export function createDraftStore(section: PresetSection, initial: PresetValues): DraftStore {
  let values = initial;
  let start = initial;
  let edited = false;
  let fresh = false;
  const all = new Set<Listener>();
  const byKey = new Map<keyof PresetValues, Set<Listener>>();
  const emit = (keys: Iterable<keyof PresetValues>) => {
    for (const k of keys) byKey.get(k)?.forEach((l) => l());
    all.forEach((l) => l());
  };
  return {
    section,
    get: () => values,
    base: () => start,
    set(key, value) {
      if (values[key] === value) return;
      values = { ...values, [key]: value };
      edited = fresh || isEdited(section, start, values);
      emit([key]);
    },
    reset(v) {
      values = v;
      start = v;
      edited = fresh = false;
      emit(byKey.keys());
    },
    startNew(v) {
      values = v;
      start = v;
      edited = fresh = true;
      emit(byKey.keys());
    },
    edited: () => edited,
    subscribe(l) {
      all.add(l);
      return () => void all.delete(l);
    },
    subscribeKey(key, l) {
      const set = byKey.get(key) ?? byKey.set(key, new Set()).get(key)!;
      set.add(l);
      return () => void set.delete(l);
    },
  };
}

/** One field of the draft; the component re-renders only when that field changes. */
export function useDraftValue<K extends keyof PresetValues>(store: DraftStore, key: K): PresetValues[K] {
  return useSyncExternalStore(
    (l) => store.subscribeKey(key, l),
    () => store.get()[key],
  );
}

/** The unsaved-changes flag (§4). */
export function useDraftEdited(store: DraftStore): boolean {
  return useSyncExternalStore(store.subscribe, store.edited);
}
