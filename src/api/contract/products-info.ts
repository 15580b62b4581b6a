// Document 2 §7: the parts of a product that registration and the Info edit attach and
// detach: tags, subcategories, images, technical files and information blocks.
import { Type } from '@sinclair/typebox';
import { INFO_READ, PRODUCT_SCREEN, type Slug } from './slugs.ts';
import { CustomerId, Id, IdName, Ok, Str, endpoint, type TenantRule } from './define.ts';
import { Description, FileNames } from './products.ts';
import { descriptionRules, productTagRules } from './rules/product.ts';
import { schemasOf } from './rules/schema.ts';

/** Used by both registration and the Info edit. */
const ATTACH: readonly Slug[] = ['register-products', 'editor-info-access'];

const byProduct = (where: 'query' | 'body'): TenantRule => ({ entity: { kind: 'product', in: where, field: 'id_product' } });
const byCustomerAndProduct = (where: 'query' | 'body'): TenantRule => ({
  customer: { in: where, field: 'id_customer' },
  entity: { kind: 'product', in: where, field: 'id_product' },
});
const byDescription = (where: 'query' | 'body'): TenantRule => ({
  customer: { in: where, field: 'id_customer' },
  entity: { kind: 'description', in: where, field: 'id_product_description' },
});

const Uploaded = Type.Object({ success: Type.Literal(true), message: Type.String(), path: Type.String() });
const { title: Title, notes: Notes } = schemasOf(descriptionRules);

export const productInfo = {
  tagStore: endpoint({
    method: 'POST',
    path: '/posts/tag/store',
    auth: 'user',
    summary: 'Create a company tag (or return the one with that name)',
    permission: ATTACH,
    body: Type.Object({ id_customer: Id, ...schemasOf(productTagRules) }),
    tenant: { customer: { in: 'body', field: 'id_customer' } },
    response: Type.Object({ success: Type.Literal(true), tag: IdName }),
  }),
  tags: endpoint({
    method: 'GET',
    path: '/gets/product/tag/all',
    auth: 'user',
    summary: "A product's tags",
    permission: INFO_READ,
    query: Type.Object({ id_product: Id }),
    tenant: byProduct('query'),
    response: Type.Object({ success: Type.Literal(true), tags: Type.Array(IdName) }),
  }),
  tagAttach: endpoint({
    method: 'POST',
    path: '/posts/product/tag/store',
    auth: 'user',
    summary: 'Tag a product (a repeat does nothing)',
    permission: ATTACH,
    body: Type.Object({ id_product: Id, id_tag: Id }),
    tenant: byProduct('body'),
    response: Ok,
  }),
  tagDetach: endpoint({
    method: 'DELETE',
    path: '/deletes/product/tag/delete',
    auth: 'user',
    summary: 'Untag a product',
    permission: ATTACH,
    query: Type.Object({ id_product: Id, id_tag: Id }),
    tenant: byProduct('query'),
    response: Ok,
  }),
  subcategoryAttach: endpoint({
    method: 'POST',
    path: '/posts/product/subcategories/store',
    auth: 'user',
    summary: 'Put a product in a subcategory',
    permission: ATTACH,
    body: Type.Object({ id_product: Id, id_customer: CustomerId, id_product_subcategory: Id }),
    tenant: byCustomerAndProduct('body'),
    response: Ok,
  }),
  subcategoryDetach: endpoint({
    method: 'DELETE',
    path: '/deletes/product/subcategories/delete',
    auth: 'user',
    summary: 'Take a product out of a subcategory',
    permission: ATTACH,
    query: Type.Object({ id_product: Id, id_customer: CustomerId, id_product_subcategory: Id }),
    tenant: byCustomerAndProduct('query'),
    response: Ok,
  }),
  imageStore: endpoint({
    method: 'POST',
    path: '/posts/product/resource/store',
    auth: 'user',
    summary: 'Add an image to a product (multipart)',
    permission: ATTACH,
    body: Type.Object({ id_product: Id }),
    tenant: byProduct('body'),
    files: { image: { kind: 'productImage', required: true } },
    response: Uploaded,
  }),
  assets: endpoint({
    method: 'GET',
    path: '/gets/product/assets/show',
    auth: 'user',
    summary: "A product's technical files",
    permission: INFO_READ,
    query: Type.Object({ id_product: Id }),
    tenant: byProduct('query'),
    response: Type.Object({ success: Type.Literal(true), files: Type.Array(Type.String()), file_names: FileNames }),
  }),
  assetStore: endpoint({
    method: 'POST',
    path: '/posts/product/asset/store',
    auth: 'user',
    summary: 'Add a technical file to a product (multipart)',
    permission: ATTACH,
    body: Type.Object({ id_product: Id }),
    tenant: byProduct('body'),
    files: { file: { kind: 'asset', required: true } },
    response: Type.Object({
      ...Uploaded.properties,
      name: Type.String({ description: "the file's name as uploaded (our extension)" }),
    }),
  }),
  assetDelete: endpoint({
    method: 'DELETE',
    path: '/deletes/product/asset/delete',
    auth: 'user',
    summary: 'Remove a technical file (by its stored path)',
    permission: ATTACH,
    query: Type.Object({ id_product: Id, file: Str(1000, 1) }),
    tenant: byProduct('query'),
    response: Ok,
  }),
  descriptions: endpoint({
    method: 'GET',
    path: '/gets/product/description/all/show',
    auth: 'user',
    summary: "A product's information blocks",
    permission: PRODUCT_SCREEN,
    query: Type.Object({ id_product: Id, id_customer: CustomerId }),
    tenant: byCustomerAndProduct('query'),
    response: Type.Object({ success: Type.Literal(true), descriptions: Type.Array(Description) }),
  }),
  descriptionStore: endpoint({
    method: 'POST',
    path: '/posts/product/description/store',
    auth: 'user',
    summary: 'Add an information block',
    permission: ATTACH,
    body: Type.Object({ id_product: Id, id_customer: CustomerId, title: Title, notes: Notes }),
    tenant: byCustomerAndProduct('body'),
    response: Type.Object({ success: Type.Literal(true), id_product_description: Type.Integer() }),
  }),
  descriptionEdit: endpoint({
    method: 'PUT',
    path: '/puts/product/description/edit',
    auth: 'user',
    summary: 'Update an information block',
    permission: ATTACH,
    body: Type.Object({ id_product_description: Id, id_product: Id, id_customer: CustomerId, title: Title, notes: Notes }),
    tenant: byDescription('body'),
    response: Ok,
  }),
  descriptionDelete: endpoint({
    method: 'DELETE',
    path: '/deletes/product/description/delete',
    auth: 'user',
    summary: 'Remove an information block',
    permission: ATTACH,
    query: Type.Object({ id_product_description: Id, id_product: Id, id_customer: CustomerId }),
    tenant: byDescription('query'),
    response: Ok,
  }),
} as const;
