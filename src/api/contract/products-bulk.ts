// Bulk actions on the catalogue (issue 28; our server's extension, the specs have none): one change
// to many products of one company in one call and one transaction, all or nothing. The same rules as
// the per-product calls: editor-info-access, each product in the caller's company (a batch naming
// one that is not is refused whole), automation with its own permission; every product's updated_at
// moves (one delta per product) and a delete writes one tombstone per product; a restore (a bulk
// delete's Undo) takes them back out of the tombstones.
import { Type } from '@sinclair/typebox';
import { CustomerId, Id, Str, endpoint } from './define.ts';
import { productRules, productTagRules } from './rules/product.ts';
import { schemaOf } from './rules/schema.ts';

/** At most this many products in one call (the catalogue's "Select all" of a large company). */
export const BULK_MAX = 100_000;

export const BulkAction = Type.Union([
  Type.Object({ kind: Type.Literal('addTags'), tags: Type.Array(schemaOf(productTagRules.name), { minItems: 1, maxItems: 20 }) }),
  Type.Object({ kind: Type.Literal('removeTags'), tags: Type.Array(Id, { minItems: 1, maxItems: 20 }) }),
  Type.Object({ kind: Type.Literal('setCollection'), collection: schemaOf(productRules.collection) }),
  Type.Object({ kind: Type.Literal('requestAutomation') }),
  Type.Object({ kind: Type.Literal('delete') }),
]);

export const productBulk = {
  apply: endpoint({
    method: 'POST',
    path: '/posts/product/bulk',
    auth: 'user',
    summary:
      'One action on many products of one company, all or nothing (our extension): add or remove tags, set the collection, request automation, delete',
    permission: ['editor-info-access'],
    body: Type.Object({ id_customer: CustomerId, ids: Type.Array(Id, { minItems: 1, maxItems: BULK_MAX }), action: BulkAction }),
    tenant: { customer: { in: 'body', field: 'id_customer' } },
    response: Type.Object({
      success: Type.Literal(true),
      message: Str(),
      count: Type.Integer({ description: 'products changed' }),
    }),
  }),
  restore: endpoint({
    method: 'POST',
    path: '/posts/product/bulk/restore',
    auth: 'user',
    summary:
      "Restore many deleted products of one company, all or nothing (Undo of a bulk delete; our extension). 404 when one is not deleted or not the caller's",
    permission: ['editor-info-access'],
    body: Type.Object({ id_customer: CustomerId, ids: Type.Array(Id, { minItems: 1, maxItems: BULK_MAX }) }),
    tenant: { customer: { in: 'body', field: 'id_customer' } },
    response: Type.Object({
      success: Type.Literal(true),
      message: Str(),
      count: Type.Integer({ description: 'products restored' }),
    }),
  }),
};
