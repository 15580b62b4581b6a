// Undo of a product delete (issue 28; our server's extension, the specs have no restore): the
// soft-deleted product comes back with its blocks, files and pictures, and leaves the tombstone list,
// so every device's next delta pull brings it back.
import { Type } from '@sinclair/typebox';
import { CustomerId, Id, endpoint } from './define.ts';
import { ProductReply } from './products.ts';

export const productUndo = {
  restore: endpoint({
    method: 'POST',
    path: '/posts/product/restore',
    auth: 'user',
    summary: 'Restore a deleted product (Undo; our extension). 404 for a product that is not deleted',
    permission: ['editor-info-access'],
    body: Type.Object({ id_product: Id, id_customer: CustomerId }),
    tenant: {
      customer: { in: 'body', field: 'id_customer' },
      entity: { kind: 'deletedProduct', in: 'body', field: 'id_product' },
    },
    response: ProductReply,
  }),
};
