// Storage pressure (DESIGN "Offline model"): a local write that hits the quota gives up cached
// images first, least recently used, and runs again; the mirror and the outbox are never evicted.
// When it still fails, the user is told what to do and the error goes on to the caller.

/** The one message a write that found no room shows (toast and status menu), word for word. */
export const QUOTA_MESSAGE =
  'Your device is out of storage space for Facet. Free up disk space, or remove cached images in the status menu, then try again.';

/** Thrown when a write failed even after the evictions; `inner` is the browser's own error. */
export class StorageFullError extends Error {
  override name = 'QuotaExceededError';
  constructor(readonly inner: unknown) {
    super(QUOTA_MESSAGE, { cause: inner });
  }
}

/**
 * Dexie reports the quota as its QuotaExceededError, or as an AbortError (the transaction's) whose
 * `inner` is the DOMException; Firefox's old name is NS_ERROR_DOM_QUOTA_REACHED. A BulkError
 * carries it in its failures.
 */
export function isQuotaError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { name?: string; code?: number; inner?: unknown; cause?: unknown; failures?: unknown[] };
  if (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || (e.name !== 'AbortError' && e.code === 22)) return true;
  return [e.inner, e.cause, ...(Array.isArray(e.failures) ? e.failures : [])].some((x) => x !== err && isQuotaError(x, depth + 1));
}

/**
 * What gets evicted: `keep` is the share of cached images to keep (0.5, then 0); resolves to how many
 * went. Each entry sets it (image-evict.ts): main.tsx as a chunk loaded on first need (workbox-expiration
 * stays out of the page's first chunk), sw.ts directly (a classic worker script cannot import()).
 * Unset (tests), there is nothing to evict.
 */
export const quotaDeps = {
  evict: async (_keep: number): Promise<number> => 0,
};

type Listener = (state: StorageFullState) => void;
export interface StorageFullState {
  /**
   * When a write last failed for lack of room. Cleared by a write that fits after an eviction and by
   * "Remove cached images"; not by any write that fits (a small pull would hide a big upload's failure).
   */
  failedAt: number | null;
}
let state: StorageFullState = { failedAt: null };
const listeners = new Set<Listener>();
const set = (next: StorageFullState) => {
  state = next;
  for (const l of listeners) l(state);
};
export const storageFullState = () => state;
/** The shell shows the message (a toast) and the status menu keeps it. */
export const onStorageFull = (l: Listener) => (listeners.add(l), () => void listeners.delete(l));
export const clearStorageFull = () => state.failedAt !== null && set({ failedAt: null });

/**
 * Runs `fn`; on a quota error, evicts half the cached images and runs it once more; if the quota
 * is still hit and images are left, evicts the rest and tries a last time. `fn` must be a whole
 * unit that failed without writing (a transaction, aborted as a whole), so running it again is safe.
 */
export async function withQuota<T>(fn: () => PromiseLike<T>): Promise<T> {
  let error: unknown;
  try {
    return await fn();
  } catch (err) {
    if (!isQuotaError(err)) throw err;
    error = err;
  }
  for (const keep of [0.5, 0]) {
    const started = performance.now();
    const evicted = await quotaDeps.evict(keep).catch((err: unknown) => (console.warn('[facet] image eviction failed', err), 0));
    console.info(`[facet] storage full: ${evicted} cached images evicted (keeping ${keep * 100}%) in ${Math.round(performance.now() - started)} ms`);
    // Nothing left to give up after the first round: a second try would fail the same way.
    if (keep === 0 && evicted === 0) break;
    try {
      const out = await fn();
      clearStorageFull();
      return out;
    } catch (err) {
      if (!isQuotaError(err)) throw err;
      error = err;
    }
  }
  set({ failedAt: Date.now() });
  throw new StorageFullError(error);
}

/**
 * Wraps Dexie's `transaction` (db.ts installs it on every instance): a top-level read-write
 * transaction is run through withQuota. That is the one choke point of every write that matters
 * (outbox entries with their optimistic rows, queued Blobs, drafts' files, the mirror's pages).
 * A nested transaction is left alone: its parent is the unit that is retried.
 */
export function quotaAwareTransaction<F extends (...args: never[]) => PromiseLike<unknown>>(transaction: F, nested: () => boolean): F {
  return ((...args: Parameters<F>) => {
    const mode = String(args[0]);
    if (nested() || !(mode.startsWith('rw') || mode === 'readwrite')) return transaction(...args);
    return withQuota(() => transaction(...args));
  }) as F;
}
