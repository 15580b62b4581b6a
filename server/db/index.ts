// The one database interface the server uses. PGlite (embedded, default) and
// PostgreSQL (DATABASE_URL) sit behind it, so routes never know which one runs.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { actorStatement } from './actor.ts';

export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  one<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T | undefined>;
  /** Runs several statements at once (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn inside one transaction; the Db it gets is bound to that transaction. */
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel: PostgreSQL on a connection of its own (onLost when it drops), PGlite on
   * its one connection (notifications arrive before the notifying query resolves). Resolves to unlisten.
   */
  listen?(channel: string, onMessage: (payload: string) => void, onLost: (err: unknown) => void): Promise<() => Promise<void>>;
  /** Connection use right now (metrics); a transaction's handle has none. */
  pool?(): PoolUse;
}

/** PostgreSQL: the pg Pool's counts. PGlite: its one connection, busy or idle, and the calls queued behind it. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

type Queryable = { query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }> };
type Execable = Queryable & { exec(sql: string): Promise<unknown> };

function wrap(kind: Db['kind'], q: Queryable, rest: Pick<Db, 'exec' | 'tx' | 'close' | 'listen' | 'pool'>): Db {
  const query = async <T>(sql: string, params?: unknown[]) => (await q.query(sql, params)).rows as T[];
  return {
    kind,
    query,
    one: async <T>(sql: string, params?: unknown[]) => (await query<T>(sql, params))[0],
    ...rest,
  };
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Db> {
  const lite = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  // PGlite runs one call at a time: the top-level calls not yet finished are the busy one and its queue.
  let pending = 0;
  const counted =
    <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      pending++;
      try {
        return await fn(...a);
      } finally {
        pending--;
      }
    };
  const make = (q: Execable, inTx: boolean): Db =>
    wrap('pglite', q, {
      exec: async (sql) => void (await q.exec(sql)),
      // PGlite has one connection: a nested tx simply joins the outer one.
      tx: (fn) => {
        if (inTx) return fn(make(q, true));
        const actor = actorStatement();
        return lite.transaction(async (t) => {
          if (actor) await t.query(actor);
          return fn(make(t, true));
        });
      },
      close: () => lite.close(),
      listen: inTx ? undefined : async (channel, onMessage) => lite.listen(channel, onMessage),
      pool: inTx ? undefined : () => ({ total: 1, idle: pending ? 0 : 1, waiting: Math.max(0, pending - 1) }),
    });
  const root = make(
    { query: counted((sql, params) => lite.query(sql, params)), exec: counted((sql: string) => lite.exec(sql)) },
    false,
  );
  const db: Db = { ...root, tx: counted(root.tx) };
  (db as Db & { pglite: PGlite }).pglite = lite;
  return db;
}

// int8 and numeric come back as strings from pg; our ids and counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => undefined); // idle-client errors must not crash the process
  const make = (q: Queryable, client?: pg.PoolClient): Db =>
    wrap('postgres', q, {
      exec: async (sql) => void (await q.query(sql)),
      tx: async (fn) => {
        if (client) return fn(make(client, client));
        const c = await pool.connect();
        try {
          const actor = actorStatement();
          await c.query(actor ? `BEGIN; ${actor}` : 'BEGIN');
          const out = await fn(make(c, c));
          await c.query('COMMIT');
          return out;
        } catch (e) {
          await c.query('ROLLBACK').catch(() => undefined);
          throw e;
        } finally {
          c.release();
        }
      },
      close: () => pool.end(),
      pool: client ? undefined : () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: client ? undefined : (channel, onMessage, onLost) => listenPostgres(url, channel, onMessage, onLost),
    });
  return make(pool);
}

async function listenPostgres(url: string, channel: string, onMessage: (p: string) => void, onLost: (err: unknown) => void) {
  const client = new pg.Client({ connectionString: url });
  let closing = false;
  const lost = (err: unknown) => {
    if (!closing) onLost(err);
    closing = true;
  };
  client.on('error', lost);
  client.on('end', () => lost(new Error('LISTEN connection ended')));
  client.on('notification', (m) => m.channel === channel && onMessage(m.payload ?? ''));
  await client.connect();
  await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  return async () => {
    closing = true;
    await client.end().catch(() => undefined);
  };
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dataDir: config.dataDir });
}

/** The PGlite instance under an embedded Db (the job queue's adapter and dumps need it). */
export const pgliteOf = (db: Db): PGlite | undefined => (db as Db & { pglite?: PGlite }).pglite;

/** Dumps an embedded database (tests copy a seeded one instead of seeding again). */
export async function dumpPglite(db: Db): Promise<Blob> {
  const lite = pgliteOf(db);
  if (!lite) throw new Error('dumpPglite needs a PGlite database');
  return lite.dumpDataDir('none');
}
