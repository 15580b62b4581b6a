// Whether this device holds a company's whole list (its first sync finished, nothing of it left to
// fetch): only then may a screen say, offline, that a row it cannot find does not exist (issue 26).
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../local/index.ts';

export type MirroredList = 'products' | 'templates';

export async function listComplete(list: MirroredList, cid: number): Promise<boolean> {
  const [synced, walk] = await Promise.all([db().meta.get(`${list}:${cid}`), db().meta.get(`${list}:${cid}:pages`)]);
  return !!synced && !walk?.walk;
}

/** Undefined while reading. */
export const useListComplete = (list: MirroredList, cid: number | undefined): boolean | undefined =>
  useLiveQuery(() => (cid === undefined ? false : listComplete(list, cid)), [list, cid]);
