// In-memory runtime state: the sync status the UI watches, a change bus for the in-memory
// catalogue index (same tab and, through BroadcastChannel, other tabs), and when each entity
// was last written locally (a pull that started before that write must not overwrite it).
import type { SyncStatus } from './types.ts';

type Listener = () => void;

export class Store<T extends object> {
  private listeners = new Set<Listener>();
  constructor(private value: T) {}
  get = (): T => this.value;
  set(patch: Partial<T>) {
    if (Object.entries(patch).every(([k, v]) => this.value[k as keyof T] === v)) return;
    this.value = { ...this.value, ...patch };
    for (const l of this.listeners) l();
  }
  subscribe = (l: Listener) => {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  };
}

const navigatorOnline = () => (typeof navigator === 'undefined' || navigator.onLine !== false);
export const syncStatus = new Store<SyncStatus>({ online: navigatorOnline(), pulling: false, draining: false });

/**
 * The server answered. That makes the app online, unless the browser has said offline since: an answer
 * to a call that left before the switch must not undo it (the screens would offer online-only actions).
 */
export function markServerReached(extra: Partial<SyncStatus> = {}) {
  syncStatus.set(navigatorOnline() ? { online: true, ...extra } : extra);
}

/** A change to products or templates: the ids written, or 'all' after a replace. */
export interface Change {
  table: 'products' | 'templates';
  ids: number[] | 'all';
  /** Re-keys after a create reached the server. */
  rekeyed?: [number, number][];
}
const changeListeners = new Set<(c: Change) => void>();
const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('facet-data');
channel?.addEventListener('message', (e: MessageEvent<Change>) => {
  for (const l of changeListeners) l(e.data);
});

export function emitChange(c: Change) {
  for (const l of changeListeners) l(c);
  channel?.postMessage(c);
}
export function onChange(l: (c: Change) => void): () => void {
  changeListeners.add(l);
  return () => void changeListeners.delete(l);
}

const touched = new Map<string, number>();
let clock = 0;
/** A monotonic counter; timestamps from Date.now() could tie. */
export const tick = () => ++clock;
export function touch(entities: Iterable<string>) {
  const t = tick();
  for (const e of entities) touched.set(e, t);
}
export const touchedSince = (entity: string, t: number) => (touched.get(entity) ?? 0) > t;
