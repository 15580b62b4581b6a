// Issue 14's calls for the portal: the product's share key for public embeds.
import type { contract } from './contract/index.ts';
import { send } from './client.ts';

type E = typeof contract.embeds;

export const shareKey = (id_product: number, id_customer: number) =>
  send<E['shareKey']>('GET', '/gets/product/share-key', { query: { id_product, id_customer } });
