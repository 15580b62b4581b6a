// The product's share key (GET /gets/product/share-key, issue 14): the public pages answer 404
// without it, so embeds cannot be enumerated by id. Read live: rotating it on the server ends old
// embeds. The server also says its public origin (PUBLIC_URL), which every embed code starts with,
// so the address a user copies is the one oEmbed answers for (issue 27).
import { shareKey } from '../../../api/embeds.ts';
import { keptReadKey } from '../../../data/index.ts';
import { useKeptServerRead } from '../use-kept-read.ts';

export interface ShareKey {
  key: string;
  /** The public pages' origin, e.g. https://portal.example.com. */
  origin: string;
}

export function useShareKey(productId: number, customerId: number) {
  // Kept on the device: offline, the embed codes seen online still show (issue 43).
  return useKeptServerRead<ShareKey>(
    keptReadKey('share-key', customerId, productId),
    async () => {
      const r = await shareKey(productId, customerId);
      return { key: r.key, origin: r.public_url };
    },
    [productId, customerId],
  );
}
