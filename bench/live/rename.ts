// A product's rename as the portal's outbox sends it (src/data/catalog/product-info.ts: PUT
// /puts/product/edit with the changed fields, the updated_at it was based on and an Idempotency-Key),
// timed on the epoch clock (ms) the pages and the load generator use too.
import { randomUUID } from 'node:crypto';
import { now } from './clock.ts';

export interface Renamed {
  sent: number;
  answered: number;
  status: number;
  /** The product's new updated_at: the version its poke names. */
  version?: string;
}

export async function rename(api: string, token: string, id: number, name: string, basedOn?: string): Promise<Renamed> {
  const sent = now();
  const res = await fetch(`${api}/puts/product/edit`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ id_product: id, name, ...(basedOn && { updated_at: basedOn }) }),
  });
  const body = (await res.json()) as { product?: { updated_at: string } };
  return { sent, answered: now(), status: res.status, version: body.product?.updated_at };
}
