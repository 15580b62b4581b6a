// Undo of a product delete (issue 28). A delete still on this device is discarded (Discard's way:
// the server never hears of it); one the server has taken is answered by a restore, queued as its
// own user action (the server's extension, /posts/product/restore), with the copy the screen held
// put back at once, marked pending until the server confirms it.
import type { DescriptionRow, ProductFileRow, ProductRow } from '../local/index.ts';
import { db } from '../local/index.ts';
import { claimAction } from '../local/index.ts';
import { stopAction } from '../outbox/index.ts';
import { keepConfirmed } from '../local/index.ts';
import { enqueue, kick } from '../outbox/index.ts';
import { currentId } from './product-info.ts';
import { productRow } from '../local/index.ts';
import { labelOf } from './products.ts';
import { emitChange, touch } from '../local/index.ts';

/** What the screen showed of the product when it was deleted. */
export interface DeletedCopy {
  row: ProductRow;
  descriptions: DescriptionRow[];
  files: ProductFileRow[];
}

/**
 * Undoes a delete: 'discarded' when it had not reached the server (a step in flight is awaited
 * first), else 'restored' once the restore is queued. A second Undo of the same restore changes nothing.
 */
export async function undoDelete(customerId: number, copy: DeletedCopy, deleteActionId: string, undoActionId: string): Promise<'discarded' | 'restored'> {
  await stopAction(deleteActionId);
  const id = await currentId(copy.row.id);
  if (await productRow(id)) return 'discarded';
  await restoreProduct(customerId, { ...copy, row: { ...copy.row, id } }, undoActionId);
  return 'restored';
}

async function restoreProduct(customerId: number, copy: DeletedCopy, actionId: string): Promise<void> {
  const d = db();
  const id = copy.row.id;
  await d.transaction('rw', [d.products, d.productPages, d.outbox, d.descriptions, d.productFiles, d.idmap, d.actionClaims, d.confirmed], async () => {
    if (!(await claimAction(actionId))) return;
    // The server's version is "none" until the restore is confirmed: a Discard takes the row away again.
    await keepConfirmed([`product:${id}`]);
    const label = `Restore product ${labelOf(copy.row)}`;
    await enqueue([{
      label, entities: [`product:${id}`], errorPrefix: 'Error restoring product: ',
      call: { command: 'productUndo.restore', body: { id_product: id, id_customer: customerId } },
    }], { id: actionId, label });
    await d.products.put(copy.row);
    await d.descriptions.bulkPut(copy.descriptions.map((b) => ({ ...b, productId: id })));
    await d.productFiles.bulkPut(copy.files.map((f) => ({ ...f, productId: id })));
    touch([`product:${id}`]);
  });
  emitChange({ table: 'products', ids: [id] });
  kick();
}
