// A change made straight in the database, as an operator or another process makes one. The server hears
// of it through its cache's NOTIFY a moment after the commit (server/auth/cache.ts); settle(), its own
// NOTIFY round trip, waits for that, as the server's own writes do before they answer. Without it, a call
// made at once may still meet the cached token, access or product (a revoked token answered 200 once).
import { authCacheOf } from '../../server/auth/cache.ts';
import type { Db } from '../../server/db/index.ts';

export async function changeByHand(db: Db, sql: string, params: unknown[] = []): Promise<void> {
  await db.query(sql, params);
  await authCacheOf(db)?.settle();
}
