// Pulls the list calls of document 2 into Dexie. Every pull sends If-None-Match; products and
// templates also send updated_since (our server's extension) and then get only the changed rows
// plus the ids deleted since. A server without it answers the full list, which replaces the
// company's rows. A row with an entry waiting in the outbox is never overwritten.
import { isOfflineFailure, logBackgroundFailure } from '../../api/background-errors.ts';
import { clearAll, db, sealLocalDb } from '../local/index.ts';
import { drainOutbox, onDrained, retryWaitingNow } from '../outbox/index.ts';
import { setRefetch } from '../outbox/index.ts';
import { refetchImagery } from '../pull/index.ts';
import { emitChange, markServerReached, syncStatus } from '../local/index.ts';
import { entityId, entityKind } from '../local/index.ts';
import { watchOnline } from '../local/index.ts';
import { LISTS, pullList, pullProduct, REFERENCE_TTL_MS, type ListSpec, type PullStats } from '../pull/index.ts';
import type { Slug } from '../../api/contract/slugs.ts';

let customerId: number | undefined;
/** The slugs the user is known not to hold: a list only they open is not asked for (no 403s, issue 43). */
let denied: ReadonlySet<Slug> = new Set();
const readable = (spec: ListSpec) => !spec.needs || spec.needs.some((s) => !denied.has(s));

/** Every slug some list needs: what the shell asks have_access before the first sync. */
export const LIST_SLUGS: readonly Slug[] = [...new Set(LISTS.flatMap((l) => l.needs ?? []))];
let pulling: Promise<PullStats> | undefined;
let pullAgain = false;
let pullFull = false;

/**
 * One pull for the current company; concurrent calls share one run. A routine pull (`full` false:
 * focus, after a drain) skips the reference lists pulled in the last REFERENCE_TTL_MS.
 */
export function syncNow(cid = customerId, full = false): Promise<PullStats> {
  if (cid === undefined) return Promise.resolve({ bytes: 0, lists: {} });
  if (pulling) {
    pullAgain = true;
    pullFull ||= full;
    return pulling;
  }
  const run = (async () => {
    syncStatus.set({ pulling: true });
    let stats: PullStats = { bytes: 0, lists: {} };
    try {
      pullFull = full;
      do {
        pullAgain = false;
        const all = pullFull;
        pullFull = false;
        stats = await pullAll(cid, all);
      } while (pullAgain);
      return stats;
    } finally {
      pulling = undefined;
      syncStatus.set({ pulling: false });
    }
  })();
  pulling = run;
  return run;
}

/**
 * Pulls only the named lists of the current company, after a pull in flight (a live poke, issue 44): the
 * same pulls as syncNow's, so the mirror is still filled by one path. A list the user may not read is skipped.
 */
export async function syncLists(names: readonly string[], cid = customerId): Promise<void> {
  if (cid === undefined) return;
  await pulling?.catch(() => undefined);
  let offline = false;
  await Promise.all(LISTS.filter((s) => names.includes(s.name) && readable(s)).map((spec) =>
    pullList(spec, cid).catch((err: unknown) => {
      if (isOfflineFailure(err)) offline = true;
      logBackgroundFailure(`Pull of ${spec.name} failed`, err);
    }),
  ));
  if (offline) syncStatus.set({ online: false });
  else markServerReached({ lastSyncedAt: Date.now() });
}

async function pullAll(cid: number, full: boolean): Promise<PullStats> {
  const stats: PullStats = { bytes: 0, lists: {} };
  let offline = false;
  await Promise.all(LISTS.filter(readable).map(async (spec) => {
    try {
      if (spec.reference && !full) {
        const meta = await db().meta.get(`${spec.name}:${cid}`);
        if (meta?.at && Date.now() - meta.at < REFERENCE_TTL_MS) return;
      }
      const r = await pullList(spec, cid);
      stats.bytes += r.bytes;
      stats.lists[spec.name] = r;
    } catch (err) {
      // Document 2 §7: list failures are only logged (offline ones only at debug level).
      if (isOfflineFailure(err)) offline = true;
      logBackgroundFailure(`Pull of ${spec.name} failed`, err);
    }
  }));
  if (offline) syncStatus.set({ online: false });
  else markServerReached({ lastSyncedAt: Date.now() });
  return stats;
}

/**
 * Pull on start, on reconnect, on focus and after the outbox drains. Returns the stop function. Start it
 * once the user's access is known: `denied` are the slugs have_access refused (an unknown one is asked).
 */
export function startSync(ctx: { customerId: number; denied?: readonly Slug[] }): () => void {
  customerId = ctx.customerId;
  denied = new Set(ctx.denied);
  const pull = () => void syncNow().catch(() => undefined);
  const pullAll = () => void syncNow(ctx.customerId, true).catch(() => undefined);
  const onOnline = () => {
    syncStatus.set({ online: true });
    void retryWaitingNow().catch(() => undefined).then(pullAll);
  };
  const onOffline = () => syncStatus.set({ online: false });
  const onVisible = () => {
    if (typeof document === 'undefined' || document.visibilityState === 'visible') pull();
  };
  const w = typeof window === 'undefined' ? undefined : window;
  const unwatch = w ? watchOnline(w, onOnline, onOffline) : undefined;
  w?.addEventListener('focus', pull);
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
  const offDrained = onDrained(pull);
  pullAll();
  void drainOutbox().catch(() => undefined);
  return () => {
    if (customerId === ctx.customerId) customerId = undefined;
    unwatch?.();
    w?.removeEventListener('focus', pull);
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
    offDrained();
  };
}

/** Above this many products, a Discard re-pulls the list's delta instead of each product. */
const MANY_PULLS = 50;

// Discard re-pulls the server's truth for what the discarded entries touched.
setRefetch(async (entities, calls) => {
  const cid = customerId;
  if (cid === undefined) return;
  await refetchImagery(cid, calls);
  const products = entities.filter((e) => entityKind(e) === 'product').map(entityId);
  // A bulk action's thousands of products: one delta of the list, not one request each.
  const many = products.length > MANY_PULLS;
  if (!many) await Promise.all(products.map((id) => pullProduct(cid, id).catch(() => undefined)));
  const others = new Set(entities.map(entityKind));
  for (const spec of LISTS.filter(readable)) {
    if (spec.name === 'products') {
      if (many) await pullList(spec, cid).catch(() => undefined);
      continue;
    }
    if (others.has(spec.entity ?? '') || spec.name === 'tags') {
      await db().meta.delete(`${spec.name}:${cid}`);
      await pullList(spec, cid).catch(() => undefined);
    }
  }
});

/** Logout: every table, and the runtime caches (the precached app shell stays). */
export async function wipeLocalData(): Promise<void> {
  customerId = undefined;
  await clearAll();
  sealLocalDb();
  emitChange({ table: 'products', ids: 'all' });
  emitChange({ table: 'templates', ids: 'all' });
  syncStatus.set({ lastSyncedAt: undefined });
  if (typeof caches !== 'undefined') {
    for (const name of await caches.keys()) if (!name.includes('precache')) await caches.delete(name);
  }
}

/** Asks the browser not to evict our data under storage pressure. */
export async function requestPersistence(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return false;
  if (await storage.persisted?.()) return true;
  return storage.persist();
}

