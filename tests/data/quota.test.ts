// Storage pressure (issue 18): a write that hits the quota evicts cached images (least recently used,
// half first, then the rest) and runs again; a write that still finds no room rethrows with the one
// message and reports it; any other error is not retried; what the outbox held before stays.
// Quota errors are injected where Chromium raises them: a request of the transaction fails with a
// DOMException named QuotaExceededError (tests/e2e/storage-pressure.test.ts does it for real).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { DBCore, Middleware } from 'dexie';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Dexie, db, openLocal } from '../../src/data/local/db.ts';
import { writeDraft } from '../../src/data/catalog/drafts.ts';
import { isQuotaError, onStorageFull, QUOTA_MESSAGE, quotaDeps, StorageFullError, storageFullState, withQuota } from '../../src/data/local/quota.ts';
import { queueViewerImage } from '../../src/data/imagery/viewer-image.ts';
import { newActionId } from '../../src/data/outbox/outbox.ts';

const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
const realEvict = quotaDeps.evict;
let evicted: number[];
let full: number;
let off: () => void;

/** Fails the next `n` writes to `table` with a quota error, below Dexie (as the browser would). */
async function failWrites(table: string, n: { left: number }) {
  const mw: Middleware<DBCore> = {
    stack: 'dbcore',
    name: `quota-${table}`,
    create: (down) => ({
      ...down,
      table: (name) => {
        const t = down.table(name);
        return name !== table ? t : { ...t, mutate: (req) => (n.left-- > 0 ? Promise.reject(quotaError()) : t.mutate(req)) };
      },
    }),
  };
  // Middleware stacks are built when the database opens.
  db().close();
  db().use(mw);
  await db().open();
}

beforeEach(async () => {
  openLocal({ name: `facet-quota-${Math.random()}`, indexedDB: new IDBFactory(), IDBKeyRange });
  evicted = [];
  full = 0;
  quotaDeps.evict = async (keep) => (evicted.push(keep), 10);
  off = onStorageFull(() => full++);
  // Already queued before the pressure: never touched by it.
  await db().outbox.add({
    action: 'a0', actionLabel: 'Earlier change', label: 'Earlier change', call: { command: 'users.editMe', body: { name: 'x' } }, entities: ['product:1'],
    key: 'k0', state: 'queued', attempts: 0, nextAt: 0, createdAt: Date.now(), dependsOn: [],
  });
});
afterEach(() => {
  off();
  quotaDeps.evict = realEvict;
});

it('recognises the shapes Dexie reports a quota error in', () => {
  expect(isQuotaError(quotaError())).toBe(true);
  expect(isQuotaError(new Dexie.AbortError('Transaction aborted', quotaError()))).toBe(true);
  expect(isQuotaError(new Dexie.QuotaExceededError('full'))).toBe(true);
  expect(isQuotaError(new Dexie.AbortError('Transaction aborted'))).toBe(false);
  expect(isQuotaError(new Dexie.ConstraintError('Key already exists'))).toBe(false);
});

it('a write through the outbox that hits the quota once succeeds after the images are evicted', async () => {
  const fail = { left: 1 };
  await failWrites('blobs', fail);
  await queueViewerImage(42, 1, new File([new Uint8Array(2048)], 'thumb.png', { type: 'image/png' }), 'ACM-1', newActionId());
  expect(evicted).toEqual([0.5]);
  const entries = await db().outbox.orderBy('id').toArray();
  expect(entries.map((e) => e.label)).toEqual(['Earlier change', 'Upload the 3D viewer thumbnail']);
  // The first attempt was rolled back as a whole: one Blob, not two.
  expect(await db().blobs.count()).toBe(1);
  expect(full).toBe(0);
});

it('a write that keeps hitting the quota evicts everything, then rethrows the message and reports it', async () => {
  await failWrites('blobs', { left: Infinity });
  const err = await queueViewerImage(42, 1, new File([new Uint8Array(2048)], 'thumb.png'), 'ACM-1', newActionId()).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(StorageFullError);
  expect((err as Error).message).toBe(QUOTA_MESSAGE);
  expect((err as Error).name).toBe('QuotaExceededError');
  expect(isQuotaError((err as StorageFullError).inner)).toBe(true);
  expect(evicted).toEqual([0.5, 0]);
  expect(full).toBe(1);
  expect(storageFullState().failedAt).not.toBeNull();
  // Nothing queued is lost, and nothing half-written is left.
  expect((await db().outbox.toArray()).map((e) => e.label)).toEqual(['Earlier change']);
  expect(await db().blobs.count()).toBe(0);
});

it('does not try a third time when nothing is left to evict', async () => {
  quotaDeps.evict = async (keep) => (evicted.push(keep), 0);
  let runs = 0;
  await expect(withQuota(async () => (runs++, Promise.reject(quotaError())))).rejects.toThrow(QUOTA_MESSAGE);
  expect(runs).toBe(2);
  expect(evicted).toEqual([0.5, 0]);
});

it('a draft (a write outside any transaction) gets the same rule', async () => {
  await failWrites('drafts', { left: 1 });
  await writeDraft('add-products', { items: [{ uid: 'u1' }] });
  expect(evicted).toEqual([0.5]);
  expect((await db().drafts.get('add-products'))?.value).toEqual({ items: [{ uid: 'u1' }] });
});

it('any other error is not retried and evicts nothing', async () => {
  let runs = 0;
  const err = await db()
    .transaction('rw', db().outbox, async () => {
      runs++;
      await db().outbox.add({ ...(await db().outbox.get(1))!, id: undefined, key: 'k1' });
      throw new Error('Product not found.');
    })
    .catch((e: unknown) => e);
  expect((err as Error).message).toBe('Product not found.');
  expect(runs).toBe(1);
  expect(evicted).toEqual([]);
  expect(await db().outbox.count()).toBe(1);
});

it('a nested transaction is retried with its parent, not on its own', async () => {
  let outer = 0;
  let inner = 0;
  await db().transaction('rw', [db().outbox, db().meta], async () => {
    outer++;
    await db().transaction('rw', db().meta, async () => {
      inner++;
      await db().meta.put({ key: 'n', at: outer });
      if (outer === 1) throw quotaError();
    });
  });
  expect([outer, inner]).toEqual([2, 2]);
  expect(evicted).toEqual([0.5]);
});
