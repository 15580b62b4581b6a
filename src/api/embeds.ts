// Issue 14's calls for the portal: the product's share key for public embeds, and its rotation (issue 27).
import type { contract } from './contract/index.ts';
import { send } from './client.ts';

type E = typeof contract.embeds;

export const shareKey = (id_product: number, id_customer: number) =>
  send<E['shareKey']>('GET', '/gets/product/share-key', { query: { id_product, id_customer } });

export const rotateShareKey = (id_product: number, id_customer: number, key: string) =>
  send<E['rotateShareKey']>('POST', '/posts/product/share-key/rotate', {
    body: { id_product, id_customer },
    idempotencyKey: key,
  });
