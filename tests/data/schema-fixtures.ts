// Every released Dexie schema, frozen here: a fixture must not follow later edits of src/data/db.ts.
// An upgrade test opens a database at any of these versions (oldDatabase), fills it the way that
// release would have, then lets the current code upgrade it. Append the next version when you add it.
import Dexie from 'dexie';
import { IDBKeyRange } from 'fake-indexeddb';

export const RELEASED: Record<number, Record<string, string>> = {
  1: {
    customers: 'id', products: 'id, cid, [cid+id]', templates: '[cid+id], cid, id', templateCategories: 'id', productCategories: 'id',
    tags: 'id, cid', ambients: 'id', templateTags: 'id', descriptions: 'id, productId', productFiles: '[productId+path], productId',
    retailers: 'id', outbox: '++id, state, *entities', blobs: '++id', meta: 'key', idmap: 'temp',
  },
  2: { outbox: '++id, state, *entities, action' },
  3: { drafts: 'key', draftFiles: '++id, draft' },
  4: { snapshots: 'key' },
  5: { companyUsers: '[cid+id], cid', companyRoles: '[cid+id], cid', account: 'id' },
  6: {
    presets: 'id, [productId+section]', layers: '[productId+section+angle], [productId+section]',
    sectionFiles: '[productId+list+id], [productId+list]', backgrounds: '[productId+position], productId',
  },
  7: { productPages: '[cid+hi+lo]' },
  8: { actionClaims: 'id, at' },
  9: {},
  10: { confirmed: 'entity' },
  11: { savedViews: 'id, cid' },
  12: {},
};

export const RELEASED_VERSIONS = Object.keys(RELEASED).map(Number);

/** A database of release `version` (every version up to it declared), opened. Close it before upgrading. */
export async function oldDatabase(name: string, version: number, indexedDB: IDBFactory): Promise<Dexie> {
  const old = new Dexie(name, { indexedDB, IDBKeyRange });
  for (const v of RELEASED_VERSIONS.filter((n) => n <= version)) old.version(v).stores(RELEASED[v]!);
  await old.open();
  return old;
}
