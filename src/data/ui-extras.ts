// Small additions for the catalogue and product screens (kept apart from the data layer's own
// files): the outbox entries of one product, the state of a product's pull, and the service
// request, which is a one-off call whose server message the user must see (never queued).
import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { requestService } from '../api/catalog.ts';
import { ApiFailure } from '../api/client.ts';
import { db } from './db.ts';
import { pullProduct } from './sync-lists.ts';
import type { PendingEntry } from './types.ts';

/** Queued changes touching one product, oldest first (errors and conflicts are shown on its page). */
export function useProductOutbox(productId: number | undefined): PendingEntry[] {
  const rows = useLiveQuery(
    () => (productId === undefined ? [] : db().outbox.where('entities').equals(`product:${productId}`).sortBy('id')),
    [productId],
    [],
  );
  return useMemo(() => rows.map((e) => ({ id: e.id!, label: e.label, state: e.state, error: e.error, createdAt: e.createdAt })), [rows]);
}

export type PullState = 'pending' | 'done' | 'offline' | 'failed';

/** Refreshes one product from the server and says how it went ('failed': refused, e.g. 403). */
export function useProductPull(id: number | undefined, customerId: number | undefined): PullState {
  const key = `${id}:${customerId}`;
  const [state, setState] = useState<{ key: string; s: PullState }>({ key: '', s: 'pending' });
  useEffect(() => {
    if (id === undefined || customerId === undefined || id < 0) return;
    let live = true;
    pullProduct(customerId, id).then(
      () => live && setState({ key, s: 'done' }),
      (err: unknown) => live && setState({ key, s: err instanceof ApiFailure && err.network ? 'offline' : 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [id, customerId, key]);
  if (id !== undefined && id < 0) return 'done'; // made offline: only local
  return state.key === key ? state.s : 'pending';
}

/** POST /posts/services/request; resolves to the server's message, rejects with its error message. */
export async function sendServiceRequest(customerId: number, templateIds: readonly number[]): Promise<string> {
  try {
    const r = await requestService(customerId, templateIds);
    return r.message ?? 'Service created successfully';
  } catch (err) {
    throw new Error(err instanceof ApiFailure ? err.firstFieldMessage : String(err));
  }
}
