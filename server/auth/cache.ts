// The guard's per-process memory: token -> user, (user, company) -> access, user -> companies, and
// the product list's version per company (server/domain/list-cache.ts), and products' owners and
// single-product answers (grouped by company: 'products:<id>'). Migrations 007 and 010 make every
// change they depend on NOTIFY facet_cache at commit; each process LISTENs and drops what it touches. While the LISTEN connection is down nothing is cached.
// A write request ends with settle(): its own NOTIFY round trip, so the changes it committed have
// reached this process (and, in commit order, every other listener) before the client hears back.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { countCache } from '../metrics/registry.ts';

export const CACHE_CHANNEL = 'facet_cache';
/** A safety net only: invalidation is by NOTIFY. */
const TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;
const SETTLE_TIMEOUT_MS = 2_000;

/** user: whose change drops it (0: nobody's); group: a 'products:<company>' notice drops it too. */
interface Entry<T> {
  value: T;
  at: number;
  user: number;
  group?: string;
}
export interface Loaded<T> {
  value: T;
  user: number;
  group?: string;
}

export class AuthCache {
  private maps = new Map<string, Map<string, Entry<unknown>>>();
  /** Bumped by every invalidation: a lookup that started before one must not store its answer. */
  private generation = 0;
  private live = false;
  private waiters = new Map<string, () => void>();
  private unlisten?: () => Promise<void>;
  private retry?: ReturnType<typeof setTimeout>;
  private closed = false;
  private noticeListeners = new Set<(payload: string) => void>();
  readonly id = randomUUID();

  constructor(
    private readonly db: Db,
    private readonly log: (msg: string, err?: unknown) => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    if (!this.db.listen || this.closed) return;
    try {
      this.unlisten = await this.db.listen(
        CACHE_CHANNEL,
        (p) => this.onMessage(p),
        (err) => this.lost(err),
      );
      this.flush();
      this.live = true;
    } catch (err) {
      this.lost(err);
    }
  }

  private lost(err: unknown) {
    this.live = false;
    this.flush();
    for (const done of this.waiters.values()) done();
    this.waiters.clear();
    if (this.closed) return;
    this.log('auth cache: LISTEN connection lost, caching off until it is back', err);
    this.retry = setTimeout(() => void this.start(), 1000);
    this.retry.unref?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    clearTimeout(this.retry);
    await this.unlisten?.();
    this.flush();
  }

  private onMessage(payload: string) {
    if (payload.startsWith('settle:')) {
      this.waiters.get(payload)?.();
      this.waiters.delete(payload);
      return;
    }
    const user = /^user:(\d+)$/.exec(payload);
    const products = /^products:(.*)$/.exec(payload);
    if (user) this.forgetUser(Number(user[1]));
    else if (products) {
      this.forgetKeys('listVersion', [products[1]!, 'all']);
      this.forgetWhere((e) => e.group === payload);
    } else this.flush();
    for (const fn of this.noticeListeners) fn(payload);
  }

  /** Called with each notice once it has been applied here (the live hub re-checks its streams' rights). */
  onNotice(fn: (payload: string) => void): () => void {
    this.noticeListeners.add(fn);
    return () => void this.noticeListeners.delete(fn);
  }

  flush() {
    this.generation++;
    this.maps.clear();
  }

  private forgetUser(userId: number) {
    this.forgetWhere((e) => e.user === userId);
  }

  private forgetWhere(drop: (e: Entry<unknown>) => boolean) {
    this.generation++;
    for (const map of this.maps.values()) for (const [k, e] of map) if (drop(e)) map.delete(k);
  }

  private forgetKeys(kind: string, keys: string[]) {
    this.generation++;
    for (const k of keys) this.maps.get(kind)?.delete(k);
  }

  /** The cached answer, or load() stored unless an invalidation arrived meanwhile. */
  async get<T>(kind: string, key: string, load: () => Promise<Loaded<T> | undefined>): Promise<T | undefined> {
    let map = this.maps.get(kind);
    const hit = this.live ? map?.get(key) : undefined;
    const fresh = !!hit && Date.now() - hit.at < TTL_MS;
    countCache(kind, fresh);
    if (fresh) return hit.value as T;
    if (!this.live) return (await load())?.value;
    const generation = this.generation;
    const loaded = await load();
    if (loaded && this.live && generation === this.generation) {
      if (!map) this.maps.set(kind, (map = new Map()));
      if (map.size >= MAX_ENTRIES) map.clear();
      map.set(key, { value: loaded.value, at: Date.now(), user: loaded.user, group: loaded.group });
    }
    return loaded?.value;
  }

  /** Drops one entry (an expired token found in memory). */
  forget(kind: string, key: string) {
    this.maps.get(kind)?.delete(key);
  }

  /**
   * Waits until a NOTIFY sent now has come back: every facet_cache notice committed before it has
   * then been applied here. PGlite delivers notices before the query resolves (no wait).
   */
  async settle(): Promise<void> {
    if (!this.live || this.db.kind === 'pglite') return;
    const token = `settle:${this.id}:${++settles}`;
    const arrived = new Promise<void>((resolve) => {
      this.waiters.set(token, resolve);
      setTimeout(resolve, SETTLE_TIMEOUT_MS).unref?.();
    });
    await this.db.query('SELECT pg_notify($1, $2)', [CACHE_CHANNEL, token]);
    await arrived;
    this.waiters.delete(token);
  }
}

let settles = 0;
const caches = new WeakMap<Db, { cache: AuthCache; users: number }>();

/** The cache of a database handle (a transaction's handle has none: it reads fresh). */
export const authCacheOf = (db: Db): AuthCache | undefined => caches.get(db)?.cache;

/** One cache per database handle, shared by the apps built on it (a PGlite twin); counted. */
export async function openAuthCache(
  db: Db,
  log?: (msg: string, err?: unknown) => void,
): Promise<{ cache: AuthCache; release: () => Promise<void> }> {
  let held = caches.get(db);
  if (!held) {
    held = { cache: new AuthCache(db, log), users: 0 };
    caches.set(db, held);
    await held.cache.start();
  }
  held.users++;
  const h = held;
  return {
    cache: h.cache,
    release: async () => {
      if (--h.users > 0) return;
      caches.delete(db);
      await h.cache.close();
    },
  };
}
