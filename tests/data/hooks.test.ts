// @vitest-environment jsdom
// The hooks the shell and catalogue use, rendered against fake-indexeddb (no server needed).
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, openLocal } from '../../src/data/local/db.ts';
import { useCatalog, usePendingChanges, useSyncStatus } from '../../src/data/catalog/hooks.ts';
import { syncStatus } from '../../src/data/local/store.ts';
import type { ProductRow } from '../../src/data/local/types.ts';

const product = (id: number, name: string): ProductRow => ({
  id, id_product: id, id_customer: 1, cid: 1, sku: `S-${id}`, name, collection: 'Nordic', automation_system: 0, cancelable_as: 1,
  images: [], created_at: '2024-01-01T00:00:00.000Z', updated_at: '2024-01-01T00:00:00.000Z', subcategories: [], categories: [], tags: [],
  height: '', width: '', depth: '', finish: '', note: '', measure: 'in',
});

beforeEach(() => {
  openLocal({ name: 'hooks', indexedDB: new IDBFactory(), IDBKeyRange });
});

describe('hooks', () => {
  it('usePendingChanges lists actions with their steps, and errors, live', async () => {
    const { result } = renderHook(() => usePendingChanges());
    expect(result.current.count).toBe(0);
    const entry = { call: { command: 'users.editMe' as const, body: { name: 'x' } }, attempts: 0, nextAt: 0, dependsOn: [], entities: [] };
    await act(async () => {
      await db().outbox.bulkAdd([
        { ...entry, action: 'a1', actionLabel: 'Save S-1', label: 'Create tag new', key: 'k1', state: 'queued', createdAt: 1 },
        { ...entry, action: 'a1', actionLabel: 'Save S-1', label: 'Edit product S-1', key: 'k2', state: 'queued', createdAt: 1 },
        { ...entry, action: 'a2', actionLabel: 'Save S-2', label: 'Tag S-2 with x', key: 'k3', state: 'parked', error: 'Error adding tag: no', createdAt: 2 },
      ]);
    });
    await waitFor(() => expect(result.current.count).toBe(2));
    expect(result.current.actions.map((a) => [a.label, a.steps.map((s) => s.label)])).toEqual([
      ['Save S-1', ['Create tag new', 'Edit product S-1']],
      ['Save S-2', ['Tag S-2 with x']],
    ]);
    expect(result.current.errors).toEqual([expect.objectContaining({ id: 'a2', state: 'parked', message: 'Error adding tag: no', createdAt: 2 })]);
  });

  it('useSyncStatus follows the status store', () => {
    const { result } = renderHook(() => useSyncStatus());
    act(() => syncStatus.set({ online: false, draining: true }));
    expect(result.current).toMatchObject({ online: false, draining: true });
    act(() => syncStatus.set({ online: true, draining: false }));
    expect(result.current.online).toBe(true);
  });

  it('useCatalog gives the first page from the index, then the in-memory result', async () => {
    await db().products.bulkPut([product(1, 'Oslo Sofa'), product(2, 'Harbor Lamp'), product(3, 'Oslo Chair')]);
    const { result, rerender } = renderHook((text: string) => useCatalog({ kind: 'products', customerId: 1, text }), { initialProps: 'oslo' });
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.items.map((p) => p.id)).toEqual([3, 1]);
    rerender('lamp');
    expect(result.current.items.map((p) => p.id)).toEqual([2]);
  });
});
