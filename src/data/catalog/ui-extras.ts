// Small additions for the catalogue and product screens (kept apart from the data layer's own
// files): the outbox entries of one product, and the service request, which is a one-off call
// whose server message the user must see (never queued).
import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { requestService } from '../../api/catalog.ts';
import { serviceRequestWords } from '../../api/contract/rules/service-request.ts';
import { db } from '../local/index.ts';
import { toPending } from '../local/index.ts';
import type { PendingEntry } from '../local/index.ts';

/** Queued changes touching one product, oldest first (errors and conflicts are shown on its page). */
export function useProductOutbox(productId: number | undefined): PendingEntry[] {
  const rows = useLiveQuery(
    () => (productId === undefined ? [] : db().outbox.where('entities').equals(`product:${productId}`).sortBy('id')),
    [productId],
    [],
  );
  return useMemo(() => rows.map(toPending), [rows]);
}

/** POST /posts/services/request under its user action's key; resolves to the server's message, rejects with the call's failure. */
export async function sendServiceRequest(customerId: number, templateIds: readonly number[], key: string): Promise<string> {
  const r = await requestService(customerId, templateIds, key);
  return r.message ?? serviceRequestWords.created;
}
