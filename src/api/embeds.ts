// Issue 14's calls for the portal: the product's share key for public embeds.
import type { Endpoint } from './contract/define.ts';
import { send } from './client.ts';

// Typed from the exports branch's contract entry (src/api/contract/embeds.ts) once it is merged.
export const shareKey = async (id_product: number, id_customer: number) =>
  (await send<Endpoint>('GET', '/gets/product/share-key', { query: { id_product, id_customer } })) as { success: true; key: string };
