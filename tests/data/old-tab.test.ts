// The old-tab rule (issue 18): when a newer version of the app opens the local database at a higher
// schema version, the old tab's connection writes what its forms still hold, closes for good (a later
// call fails instead of reopening the new schema with old code) and flags the tab for a reload. Old
// code that opens a database already at a newer version does not use it either.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, expect, it } from 'vitest';
import { db, openLocal } from '../../src/data/local/db.ts';
import { beforeSchemaClose, isStaleTab, onStaleTab, resetStaleTab } from '../../src/data/local/old-tab.ts';

/** A newer version of the app in another tab: opens the same database one schema version up. */
function openNewer(factory: IDBFactory, name: string, nativeVersion: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(name, nativeVersion);
    req.onupgradeneeded = () => req.result.createObjectStore('fromTheFuture');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

const readMeta = (conn: IDBDatabase, key: string) =>
  new Promise<unknown>((resolve, reject) => {
    const req = conn.transaction('meta').objectStore('meta').get(key);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

afterEach(() => resetStaleTab());

it('closes the old connection for a newer schema, after writing what a form still held', async () => {
  const factory = new IDBFactory();
  const name = 'facet-old-tab';
  const old = openLocal({ name, indexedDB: factory, IDBKeyRange });
  await old.meta.put({ key: 'before', at: 1 });
  const ours = old.backendDB().version;
  let flagged = 0;
  const offStale = onStaleTab(() => flagged++);
  // An unsent form with keystrokes not yet stored (drafts.ts registers its flush the same way).
  const offFlush = beforeSchemaClose(() => db().drafts.put({ key: 'add-products', value: { items: [{ uid: 'typed' }] }, updatedAt: 1 }).then(() => undefined));

  const newer = await openNewer(factory, name, ours + 10);
  offStale();
  offFlush();

  expect(isStaleTab()).toBe(true);
  expect(flagged).toBe(1);
  expect(old.isOpen()).toBe(false);
  // It did not reopen the new schema with this code: every call now fails.
  await expect(old.meta.get('before')).rejects.toMatchObject({ name: 'DatabaseClosedError' });
  await expect(old.outbox.add({} as never)).rejects.toMatchObject({ name: 'DatabaseClosedError' });
  // The new version sees the old rows and the form's last keystrokes.
  expect(newer.version).toBe(ours + 10);
  expect(await readMeta(newer, 'before')).toEqual({ key: 'before', at: 1 });
  const draft = await new Promise((resolve) => {
    const req = newer.transaction('drafts').objectStore('drafts').get('add-products');
    req.onsuccess = () => resolve(req.result);
  });
  expect(draft).toMatchObject({ value: { items: [{ uid: 'typed' }] } });
  newer.close();
});

it('old code opening a database a newer version already upgraded does not use it', async () => {
  const factory = new IDBFactory();
  const name = 'facet-old-code';
  const first = openLocal({ name, indexedDB: factory, IDBKeyRange });
  await first.meta.put({ key: 'kept', at: 2 });
  const ours = first.backendDB().version;
  first.close();
  (await openNewer(factory, name, ours + 10)).close();
  expect(isStaleTab()).toBe(false);

  // A reload that was still served the old code.
  const again = openLocal({ name, indexedDB: factory, IDBKeyRange });
  await expect(again.meta.get('kept')).rejects.toBeTruthy();
  expect(isStaleTab()).toBe(true);
  expect(again.isOpen()).toBe(false);
  await expect(again.meta.put({ key: 'written', at: 3 })).rejects.toMatchObject({ name: 'DatabaseClosedError' });
});

it('a connection at the current version is left alone by a delete of another database', async () => {
  const factory = new IDBFactory();
  const d = openLocal({ name: 'facet-same', indexedDB: factory, IDBKeyRange });
  await d.meta.put({ key: 'x', at: 1 });
  await new Promise((r) => (factory.deleteDatabase('facet-other').onsuccess = r));
  expect(isStaleTab()).toBe(false);
  expect(await d.meta.get('x')).toEqual({ key: 'x', at: 1 });
});

it('a patch of the same schema version (Dexie adds 1 to the native version) is not a newer version', async () => {
  const factory = new IDBFactory();
  const d = openLocal({ name: 'facet-patch', indexedDB: factory, IDBKeyRange });
  await d.meta.put({ key: 'x', at: 1 });
  const native = d.backendDB().version;
  (await openNewer(factory, 'facet-patch', native + 1)).close();
  expect(isStaleTab()).toBe(false);
  // Dexie's default: closed with auto-open kept, so the next call opens the patched database.
  expect(await d.meta.get('x')).toEqual({ key: 'x', at: 1 });
  expect(isStaleTab()).toBe(false);
});
