// The product's share key (GET /gets/product/share-key, issue 14): the public pages answer 404
// without it, so embeds cannot be enumerated by id. Read live: rotating it on the server ends old embeds.
import { shareKey } from '../../../api/embeds.ts';
import { useServerRead } from '../use-server-read.ts';

export function useShareKey(productId: number, customerId: number) {
  return useServerRead(async () => (await shareKey(productId, customerId)).key, [productId, customerId]);
}
