// What each command's success does locally, beyond what every success does (outbox-apply.ts: the
// entry and its Blob leave, a create's temp id becomes the real one, later Info edits are re-based).
// One line per command, so a new command cannot be queued without saying what its reply means.
import type { Command } from '../local/index.ts';
import type { Done } from './done.ts';
import { confirmProduct } from '../local/index.ts';
import { presetSaved, uploadStored } from './imagery-apply.ts';
import { decided, pinStateSaved, pinStored, replyStored } from './review-apply.ts';
import { productRow } from '../local/index.ts';
import { entityId, entityKind } from '../local/index.ts';
import { fileRows } from '../local/index.ts';

type OnSuccess<N extends Command> = (x: Done<N>) => Promise<void>;

const products = (entities: string[]) => entities.filter((x) => entityKind(x) === 'product').map(entityId);

/** The server's product row moved because of us (a row still in a first-sync page gets its own record). */
export async function productMoved({ d, entities, updatedAt }: Pick<Done<Command>, 'd' | 'entities' | 'updatedAt'>): Promise<void> {
  for (const id of products(entities)) {
    const row = await productRow(id);
    if (row) await d.products.put({ ...row, updated_at: updatedAt(id) });
  }
}

/**
 * Many products moved (a bulk action or its restore): nothing to write. The action wrote its rows with
 * updated_at unknown (bulk.ts, bulk-undo.ts), and a success of an earlier step of one of them while it
 * was queued kept it unknown (outbox-apply.ts), so no read of 10,000 rows here; the next pull brings them.
 */
const manyMoved = async (): Promise<void> => undefined;

/** A product saved (created or edited): its reply is the server's version, the one a discard of what is still queued on it puts back. */
const productSaved: OnSuccess<'products.store' | 'products.edit' | 'productUndo.restore'> = async (x) => {
  await productMoved(x);
  const { descriptions, files, file_names, ...fields } = x.reply.product;
  const local = await productRow(fields.id);
  await confirmProduct(fields.id, { ...fields, cid: local?.cid ?? fields.id_customer }, {
    descriptions: descriptions.map((b) => ({ ...b, productId: fields.id })), files: fileRows(fields.id, files, file_names),
  });
};

/** A product image stored: its path joins the product's images and its Blob leaves the pending ones. */
const imageStored: OnSuccess<'productInfo.imageStore'> = async ({ d, call, reply, entities, updatedAt }) => {
  for (const id of products(entities)) {
    const row = await productRow(id);
    if (row) await d.products.put({
      ...row,
      pendingImages: row.pendingImages?.filter((b) => b !== call.upload!.blobId),
      images: [...row.images, reply.path],
      updated_at: updatedAt(id),
    });
  }
};

/** A technical file stored: the server's path replaces the pending row in productFiles. */
const assetStored: OnSuccess<'productInfo.assetStore'> = async (x) => {
  await productMoved(x);
  const id = x.call.body!.id_product;
  const blobId = x.call.upload!.blobId;
  await x.d.productFiles.where('[productId+path]').between([id, ''], [id, '\uffff']).filter((f) => f.pendingBlob === blobId).delete();
  await x.d.productFiles.put({ productId: id, path: x.reply.path, ...(x.reply.name && { name: x.reply.name }) });
};

const nothing = async () => undefined;

/** A saved view stored or renamed: the reply brings the server's times; the name shown stays (a later rename may be queued). */
const viewSaved: OnSuccess<'savedViews.store' | 'savedViews.rename'> = async ({ d, reply }) => {
  const local = await d.savedViews.get(reply.view.id);
  if (local) await d.savedViews.put({ ...local, created_at: reply.view.created_at, updated_at: reply.view.updated_at });
};

const ON_SUCCESS: { [N in Command]: OnSuccess<N> } = {
  'products.store': productSaved,
  'products.edit': productSaved,
  // The row left at once when the delete was queued.
  'products.remove': nothing,
  // Put back when the restore was queued; the reply is the server's version.
  'productUndo.restore': productSaved,
  // The rows were changed (or removed) when it was queued; their versions come with the next pull.
  'productBulk.apply': manyMoved,
  // Put back when the restore was queued (a bulk delete's Undo).
  'productBulk.restore': manyMoved,
  'productInfo.tagStore': nothing,
  'productInfo.tagAttach': productMoved,
  'productInfo.tagDetach': productMoved,
  'productInfo.subcategoryAttach': productMoved,
  'productInfo.subcategoryDetach': productMoved,
  'productInfo.imageStore': imageStored,
  'productInfo.assetStore': assetStored,
  'productInfo.assetDelete': productMoved,
  'productInfo.descriptionStore': productMoved,
  'productInfo.descriptionEdit': productMoved,
  'productInfo.descriptionDelete': productMoved,
  // Templates, their ambients and tags: the local rows are already as sent (a create's row is re-keyed).
  'templates.add': nothing,
  'templates.edit': nothing,
  'templates.delete': nothing,
  'templates.addAmbient': nothing,
  'templates.addTag': nothing,
  'templates.removeAmbient': nothing,
  'templates.removeTag': nothing,
  'templates.createAmbient': nothing,
  'templates.createTag': nothing,
  'users.editMe': nothing,
  'silo.store': presetSaved('silo'),
  'silo.edit': presetSaved('silo'),
  'silo.remove': nothing,
  'vignette.store': presetSaved('vignette'),
  'vignette.edit': presetSaved('vignette'),
  'vignette.remove': nothing,
  'spin360.store': presetSaved('360'),
  'spin360.edit': presetSaved('360'),
  'spin360.remove': nothing,
  'imageryUploads.siloStore': uploadStored('silo'),
  'imageryUploads.vignetteStore': uploadStored('vignette'),
  // The group's temp id becomes the server's (outbox-apply.ts, rekeyImagery).
  'imageryUploads.newGroup360': nothing,
  'imageryUploads.store360': uploadStored('360'),
  'imageryUploads.store3dFile': uploadStored('3dfiles'),
  'imageryUploads.storeVideo': uploadStored('videos'),
  // Its entity is viewer:<id>, not the product (viewer-image.ts).
  'imageryUploads.viewerImage': nothing,
  'savedViews.store': viewSaved,
  'savedViews.rename': viewSaved,
  // The row left at once when the delete was queued.
  'savedViews.remove': nothing,
  'review.pinStore': pinStored,
  'review.replyStore': replyStored,
  'review.pinState': pinStateSaved,
  'review.decide': decided,
};

/** Runs the success of the entry's command; a legacy call (older release) counts as moving its products. */
export function onSuccess(x: Omit<Done<Command>, 'call'>): Promise<void> {
  const call = x.e.call;
  if (call.command === 'legacy') return productMoved(x);
  return (ON_SUCCESS[call.command] as OnSuccess<Command>)({ ...x, call });
}
