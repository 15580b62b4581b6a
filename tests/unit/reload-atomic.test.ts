// A "reload" (openLocal on the same IndexedDB) in the middle of a transaction: the old instance's
// transaction is aborted whole, as the browser aborts an unloaded page's. A close alone let the old
// instance's transaction run on beside the new instance: the outbox property test saw an Info edit's
// success half-applied (its entry gone, the next edit not yet re-based), so the next edit went out
// on the old version and came back as a false conflict.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { db, openLocal } from '../../src/data/local/db.ts';

it('aborts, whole, a transaction that a reload interrupts', async () => {
  const indexedDB = new IDBFactory();
  const open = () => openLocal({ name: 'reload-atomic', indexedDB, IDBKeyRange });
  const old = open();
  await old.meta.bulkPut([
    { key: 'a', at: 1 },
    { key: 'b', at: 1 },
  ]);
  const interrupted = old.transaction('rw', old.meta, async () => {
    await old.meta.put({ key: 'a', at: 2 });
    open(); // the page reloads here
    await old.meta.put({ key: 'b', at: 2 });
  });
  await expect(interrupted).rejects.toThrow();
  const after = await db().meta.bulkGet(['a', 'b']);
  expect(after.map((r) => r?.at)).toEqual([1, 1]);
  db().close();
});
