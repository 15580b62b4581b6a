// A stream's rights, checked again when they may have changed (the facet_cache notices of migration 007:
// 'user:<id>' for one person's sessions and memberships, 'all' for roles and companies)
// and the membership 'me' pokes of migration 019 say when.
import type { Slug } from '../../src/api/contract/slugs.ts';
import { accessIn } from '../auth/access.ts';
import { userForToken } from '../auth/tokens.ts';
import type { Db } from '../db/index.ts';
import type { LiveConnection } from './connection.ts';

/** gone: the session ended (logout elsewhere, disabled, removed); changed: a company or permission moved. */
export type Rescoped = 'gone' | 'changed' | 'same';

const same = (a: ReadonlySet<Slug>, b: ReadonlySet<Slug>) => a.size === b.size && [...a].every((s) => b.has(s));

/** Read through a transaction's handle, which bypasses the auth cache: a 'me' notice may come before the cache's. */
export const rescope = (db: Db, conn: LiveConnection): Promise<Rescoped> => db.tx((fresh) => recheck(fresh, conn));

async function recheck(db: Db, conn: LiveConnection): Promise<Rescoped> {
  const user = await userForToken(db, conn.session.token);
  if (!user || user.id !== conn.user.id) return 'gone';
  let changed = false;
  for (const [company, before] of [...conn.session.access]) {
    const now = await accessIn(db, user, company);
    if (!now.member) {
      conn.session.access.delete(company);
      changed = true;
    } else if (!same(before, now.slugs)) {
      conn.session.access.set(company, now.slugs);
      changed = true;
    }
  }
  return changed ? 'changed' : 'same';
}

/** Runs work over items, `width` at a time (a company-wide re-check of 10,000 streams must not flood the pool). */
export async function inBatches<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}
