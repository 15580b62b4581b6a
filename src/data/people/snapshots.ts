// Read-only screens (the dashboard, a profile) keep their last answer on the device, with the time
// it was fetched, so they show something offline. A refresh writes only what it got: a block whose
// call failed keeps its last value (§8: failures are logged, nothing is shown).
import { useLiveQuery } from 'dexie-react-hooks';
import { logBackgroundFailure } from '../../api/background-errors.ts';
import { db } from '../local/index.ts';
import type { SnapshotRow } from '../local/index.ts';

export type Snapshot<T> = SnapshotRow<Partial<T>>;

/** The stored answer (undefined while reading, null when there is none). */
export function useSnapshot<T>(key: string | undefined): Snapshot<T> | null | undefined {
  return useLiveQuery(async () => (key ? ((await db().snapshots.get(key)) as Snapshot<T> | undefined) ?? null : null), [key]);
}

/**
 * Calls every part's loader at once and stores the parts that answered, over the stored ones.
 * Resolves to how many parts failed (each failure is logged, quietly when offline).
 */
export async function refreshSnapshot<T extends object>(key: string, parts: { [K in keyof T]?: () => Promise<T[K]> }): Promise<number> {
  const names = Object.keys(parts) as (keyof T)[];
  const results = await Promise.allSettled(names.map((n) => parts[n]!()));
  const got: Partial<T> = {};
  let failed = 0;
  results.forEach((r, i) => {
    if (r.status === 'fulfilled') got[names[i]!] = r.value as T[keyof T];
    else {
      failed++;
      logBackgroundFailure(`${key} ${String(names[i])} failed`, r.reason);
    }
  });
  if (failed === names.length) return failed;
  await db().transaction('rw', db().snapshots, async () => {
    const old = (await db().snapshots.get(key)) as Snapshot<T> | undefined;
    await db().snapshots.put({ key, data: { ...old?.data, ...got }, at: Date.now() });
  });
  return failed;
}
