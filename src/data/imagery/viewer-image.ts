// The 3D viewer's thumbnail (document 3 §2, §5: one file) goes through the outbox like every write,
// so it is kept on this device and sent when online. Its entity is `viewer:<id>`, not the product:
// the upload must not touch the product row's updated_at (Info edits are based on it).
import { useLiveQuery } from 'dexie-react-hooks';
import { inAction } from '../local/index.ts';
import { db } from '../local/index.ts';
import { enqueue, kick } from '../outbox/index.ts';
import { storeBlob } from '../catalog/index.ts';
import type { PendingState } from '../local/index.ts';

export const viewerEntity = (productId: number) => `viewer:${productId}`;

export async function queueViewerImage(productId: number, customerId: number, file: File, productLabel: string, actionId: string): Promise<void> {
  const d = db();
  await inAction(actionId, [d.blobs], async () => {
    const blobId = await storeBlob(file, file.name || 'thumbnail.png');
    await enqueue(
      [{
        label: 'Upload the 3D viewer thumbnail',
        call: { command: 'imageryUploads.viewerImage', body: { id_product: productId, id_customer: customerId }, upload: { blobId } },
        entities: [viewerEntity(productId)],
      }],
      { id: actionId, label: `Viewer thumbnail of ${productLabel}` },
    );
  });
  kick();
}

export interface PendingViewerImage {
  blob: Blob;
  state: PendingState;
  error?: string;
}

/** The newest thumbnail still waiting in the outbox for this product (to preview it), if any. */
export function usePendingViewerImage(productId: number): PendingViewerImage | undefined {
  return useLiveQuery(async () => {
    const entries = await db().outbox.where('entities').equals(viewerEntity(productId)).sortBy('id');
    const last = entries.filter((e) => e.call.command === 'imageryUploads.viewerImage').at(-1);
    const row = last?.call.upload && (await db().blobs.get(last.call.upload.blobId));
    return row ? { blob: row.blob, state: last.state, error: last.error } : undefined;
  }, [productId]);
}
