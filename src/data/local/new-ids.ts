// Where a create's new id sits in its reply, typed by the reply of the command that creates it. An
// outbox entry keeps the place's name (`creates.from`, stored in IndexedDB since version 1, so the
// names stay as they were); the extractor read here is checked against the contract's reply schema.
import type { Reply } from '../../api/contract/define.ts';
import type { Command, EntryOf } from './commands.ts';

type ReplyOf<N extends Command> = Reply<EntryOf<N>>;
type Extract = (reply: unknown) => unknown;
const at = <N extends Command>(_command: N, read: (reply: ReplyOf<N>) => number): Extract => read as Extract;

const NEW_ID = {
  'product.id': at('products.store', (r) => r.product.id),
  'template.id': at('templates.add', (r) => r.template.id),
  'view.id': at('savedViews.store', (r) => r.view.id),
  id_product_description: at('productInfo.descriptionStore', (r) => r.id_product_description),
  // A product tag's and a template tag's creates answer the same shape.
  'tag.id': at('productInfo.tagStore', (r) => r.tag.id),
  'ambient.id': at('templates.createAmbient', (r) => r.ambient.id),
  // Every section's preset store answers the same shape.
  id_product_config: at('silo.store', (r) => r.id_product_config),
  new_id: at('imageryUploads.newGroup360', (r) => r.new_id),
  'reviewPin.id': at('review.pinStore', (r) => r.pin.id),
};

export type NewIdAt = keyof typeof NEW_ID;

/** The real id of a create in its reply (undefined when the reply holds none there). */
export function newIdIn(reply: unknown, at: NewIdAt): number | undefined {
  let id: unknown;
  try {
    id = NEW_ID[at](reply);
  } catch {
    return undefined; // a reply of another shape: no id there
  }
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
