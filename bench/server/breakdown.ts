// Where one request's time goes: every query of a request is timed and named, over N sequential
// requests (app.inject, no sockets), so the guard's share is visible next to the handler's.
import type { App } from '../../server/app.ts';
import type { Db } from '../../server/db/index.ts';

interface Tally {
  count: number;
  ms: number;
}
export interface Breakdown {
  requests: number;
  ms_per_request: number;
  db_ms_per_request: number;
  queries_per_request: number;
  /** Per kind of query: calls and milliseconds per request. */
  queries: Record<string, { per_request: number; ms_per_request: number }>;
}

/** A short name for a query: its first table after FROM/INTO/UPDATE, with the verb. */
function nameOf(sql: string): string {
  const s = sql.replace(/\s+/g, ' ').trim();
  const verb = s.split(' ')[0]!.toUpperCase();
  const table = /\b(?:FROM|INTO|UPDATE)\s+([a-z_]+)/i.exec(s)?.[1] ?? '?';
  return `${verb} ${table}`;
}

/** Wraps db.query/one in place; returns the tallies and a function to undo it. */
export function instrument(db: Db) {
  const tallies = new Map<string, Tally>();
  const query = db.query.bind(db);
  const timed = async <T>(sql: string, params?: unknown[]) => {
    const t = performance.now();
    try {
      return await query<T>(sql, params);
    } finally {
      const k = nameOf(sql);
      const x = tallies.get(k) ?? { count: 0, ms: 0 };
      x.count++;
      x.ms += performance.now() - t;
      tallies.set(k, x);
    }
  };
  const m = db as { query: Db['query']; one: Db['one'] };
  const one = m.one;
  m.query = timed;
  m.one = async <T>(sql: string, params?: unknown[]) => (await timed<T>(sql, params))[0];
  return { tallies, restore: () => ((m.query = query), (m.one = one)) };
}

export async function breakdown(app: App, db: Db, url: string, token: string, n = 300): Promise<Breakdown> {
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 20; i++) await app.inject({ url, headers }); // warm caches and the JIT
  const { tallies, restore } = instrument(db);
  const t = performance.now();
  for (let i = 0; i < n; i++) {
    const r = await app.inject({ url, headers });
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
  }
  const total = performance.now() - t;
  restore();
  const all = [...tallies.values()];
  const round = (x: number) => Number(x.toFixed(3));
  return {
    requests: n,
    ms_per_request: round(total / n),
    db_ms_per_request: round(all.reduce((s, x) => s + x.ms, 0) / n),
    queries_per_request: round(all.reduce((s, x) => s + x.count, 0) / n),
    queries: Object.fromEntries(
      [...tallies].map(([k, x]) => [k, { per_request: round(x.count / n), ms_per_request: round(x.ms / n) }]),
    ),
  };
}
