// The old-tab rule (issue 18, "Upgrades of the local database"): a tab still running the previous
// code never writes to the schema a newer version of the app opened. When another tab opens the
// database at a higher version, this connection writes what its forms still hold, closes for good
// and says so; the shell then reloads it (OldTabPrompt.tsx). Queued outbox entries are already in
// IndexedDB, so the new schema's upgrade carries them over. No React here: the service worker
// imports the database too.
import type { Dexie } from 'dexie';

let stale = false;
const listeners = new Set<() => void>();
const flushers = new Set<() => Promise<void>>();

/** True once this tab's database connection was closed for a newer schema. */
export const isStaleTab = () => stale;
export const onStaleTab = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));

function markStale() {
  if (stale) return;
  stale = true;
  for (const l of listeners) l();
}

/** Tests open a new "tab" in the same process. */
export function resetStaleTab() {
  stale = false;
}

/**
 * Pending writes of unsent forms (drafts.ts: the keystrokes not yet stored) that go in before the
 * connection closes. Returns the unregister function.
 */
export function beforeSchemaClose(flush: () => Promise<void>): () => void {
  flushers.add(flush);
  return () => void flushers.delete(flush);
}

/** How long the newer tab's upgrade may wait on our last writes. */
const FLUSH_LIMIT_MS = 1000;

async function closeAfterFlush(d: Dexie) {
  // Into the schema these rows were read from: the newer tab's upgrade converts them with the rest.
  const flushed = Promise.allSettled([...flushers].map((f) => f()));
  await Promise.race([flushed, new Promise((r) => setTimeout(r, FLUSH_LIMIT_MS))]);
  d.close({ disableAutoOpen: true });
  markStale();
}

/**
 * Installed on every database instance (db.ts). `ours` is the schema version this code declares.
 * Dexie's own handler closes with auto-open kept, and Dexie 4 reopens a database whose installed
 * version is higher than the declared one: the next write would go to the new schema from old code.
 */
export function guardSchema(d: Dexie, ours: number) {
  // IndexedDB's version is Dexie's times ten; Dexie adds 1 to it when it patches an installed schema
  // that differs from the declared one (its schemaPatchMode): that is still our version.
  const newer = (native: number | null) => !!native && Math.floor(native / 10) > ours;
  d.on('versionchange', (ev: IDBVersionChangeEvent) => {
    // A delete (newVersion null) or a patch of our own version keeps Dexie's default.
    if (!newer(ev.newVersion)) return undefined;
    void closeAfterFlush(d);
    return false; // stops Dexie's default handler
  });
  // This code opening a database a newer version already upgraded (a reload still served the old
  // code): it does not use it either.
  d.on('ready', (vip: Dexie) => {
    if (!newer(vip.backendDB().version)) return;
    d.close({ disableAutoOpen: true });
    markStale();
    throw Object.assign(new Error(`The local database is at a newer version than this tab's code (${ours}).`), { name: 'VersionError' });
  }, true);
}
