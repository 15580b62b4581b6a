// Live answers a screen still shows offline (issue 43: the 3D viewer's links and share key). The last
// answer seen online is kept in the snapshots table under the screen's key, with when it came; the next
// answer replaces it. Keys name the company and the product, and logout's wipe takes them with the rest.
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../local/index.ts';

export interface Kept<T> {
  data: T;
  at: number;
}

export const keptReadKey = (what: string, customerId: number, productId: number) => `kept:${what}:${customerId}:${productId}`;

export async function keepRead<T>(key: string, data: T): Promise<void> {
  await db().snapshots.put({ key, data, at: Date.now() });
}

/** The kept answer (undefined while reading, null when none). */
export function useKeptRead<T>(key: string): Kept<T> | null | undefined {
  return useLiveQuery(async () => ((await db().snapshots.get(key)) as Kept<T> | undefined) ?? null, [key]);
}
