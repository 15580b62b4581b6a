// What a command's success handler is given (command-replies.ts, imagery-apply.ts): the transaction's
// database, the entry, its typed call and reply, and where its rows now are.
import type { Reply } from '../../api/contract/define.ts';
import type { Command, CommandCall, EntryOf, FacetDb, OutboxEntry } from '../local/index.ts';

export interface Done<N extends Command> {
  d: FacetDb;
  e: OutboxEntry;
  call: CommandCall<N>;
  reply: Reply<EntryOf<N>>;
  /** The entry's entities, a create's temp id already replaced by the real one. */
  entities: string[];
  /** The product's updated_at in the reply (a product store or edit), else undefined: unknown until the next pull. */
  updatedAt: (productId: number) => string | undefined;
}
