// Document 2 §7: the product list, one product, registration (store), Info edit, delete,
// and the registration tutorial. The attach/detach calls are in products-info.ts.
import { Type } from '@sinclair/typebox';
import { INFO_READ, PRODUCT_SCREEN } from './slugs.ts';
import { UploadedImage } from './imagery-schemas.ts';
import {
  CustomerId,
  DeltaFields,
  Flag,
  PageFields,
  PageQuery,
  BasedOn,
  Id,
  IdName,
  Ok,
  Str,
  Timestamp,
  UpdatedSince,
  endpoint,
} from './define.ts';
import { DEFAULT_MEASURE, productRules } from './rules/product.ts';
import { optionalSchemasOf, schemaOf } from './rules/schema.ts';

const Strs = Type.Array(Type.String());

/** What the catalogue filters on: every list row has it. */
const productCore = {
  id: Type.Integer(),
  id_product: Type.Integer(),
  id_customer: Type.Integer(),
  sku: Type.String(),
  name: Type.String(),
  collection: Type.String(),
  automation_system: Flag,
  cancelable_as: Flag,
  images: Type.Array(Type.String(), { description: 'stored paths, oldest first' }),
  created_at: Timestamp,
  updated_at: Timestamp,
  subcategories: Type.Array(Type.Integer()),
  height: Type.String(),
  width: Type.String(),
  depth: Type.String(),
  finish: Type.String(),
  note: Type.String(),
  measure: Type.String(),
  categories: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      id_subcategory: Type.Integer(),
      subcategory: Type.String(),
    }),
  ),
  tags: Type.Array(IdName),
};
export const ProductRow = Type.Object(productCore);
export const Description = Type.Object({ id: Type.Integer(), title: Type.String(), notes: Type.String() });
/** `file_names` (our extension): each of `files` (a stored path) with the name it was uploaded with. */
export const FileNames = Type.Record(Type.String(), Type.String(), {
  description: "each stored path of `files` with the file's name as uploaded (spec.pdf)",
});
export const Product = Type.Object({ ...productCore, descriptions: Type.Array(Description), files: Strs, file_names: FileNames });
/** GET /gets/product adds document 3's fields: the silo layers' size and the silo section's uploads. */
export const ProductScreen = Type.Object({
  ...Product.properties,
  sizeImageProduct: Type.Union([Type.Object({ width: Type.Integer(), height: Type.Integer() }), Type.Null()], {
    description: "the silo beauty layer's size in px (null: no layers yet)",
  }),
  images_uploaded: Type.Array(UploadedImage, { description: 'images uploaded to the silo section, oldest first' }),
});

/** The editable fields, shared by store and edit, from the product's rule table (a dimension's format is checked by the handler). */
const { measure, ...fields } = optionalSchemasOf(productRules);

export const ProductReply = Type.Object({ success: Type.Literal(true), message: Type.String(), product: Product });

export const products = {
  list: endpoint({
    method: 'GET',
    path: '/gets/product/show',
    auth: 'user',
    summary: "A company's products (staff with -1: every company)",
    permission: INFO_READ,
    query: Type.Object({ id_customer: CustomerId, updated_since: Type.Optional(UpdatedSince), ...PageQuery }),
    tenant: { customer: { in: 'query', field: 'id_customer' } },
    response: Type.Object({ success: Type.Literal(true), products: Type.Array(ProductRow), ...DeltaFields, ...PageFields }),
    plainJson: true,
  }),
  get: endpoint({
    method: 'GET',
    path: '/gets/product',
    auth: 'user',
    summary: 'One product with its tags, descriptions, files and silo uploads (any section slug opens the product screen)',
    permission: PRODUCT_SCREEN,
    query: Type.Object({ id_product: Id, id_customer: CustomerId }),
    tenant: { customer: { in: 'query', field: 'id_customer' }, entity: { kind: 'product', in: 'query', field: 'id_product' } },
    response: Type.Object({ success: Type.Literal(true), product: ProductScreen }),
  }),
  store: endpoint({
    method: 'POST',
    path: '/posts/product/store',
    auth: 'user',
    summary: 'Register a product',
    permission: ['register-products'],
    body: Type.Object({
      id_customer: Id,
      ...fields,
      measure: Type.Optional(schemaOf(productRules.measure, { default: DEFAULT_MEASURE })),
    }),
    tenant: { customer: { in: 'body', field: 'id_customer' } },
    response: ProductReply,
  }),
  edit: endpoint({
    method: 'PUT',
    path: '/puts/product/edit',
    auth: 'user',
    summary: "Update a product's info (409 when updated_at is stale)",
    permission: ['editor-info-access'],
    body: Type.Object({
      id_product: Id,
      ...fields,
      measure,
      updated_at: Type.Optional(BasedOn),
    }),
    tenant: { entity: { kind: 'product', in: 'body', field: 'id_product' } },
    response: ProductReply,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/deletes/product/squedule',
    auth: 'user',
    summary: 'Delete a product (soft, with a tombstone)',
    permission: ['editor-info-access'],
    query: Type.Object({ id_product: Id, id_customer: CustomerId }),
    tenant: { customer: { in: 'query', field: 'id_customer' }, entity: { kind: 'product', in: 'query', field: 'id_product' } },
    response: Ok,
  }),
  tutorialWatched: endpoint({
    method: 'GET',
    path: '/user/tutorial/watched',
    auth: 'user',
    summary: 'Whether the user has watched a tutorial, and its url',
    query: Type.Object({ slug: Str(100, 1) }),
    response: Type.Object({
      success: Type.Literal(true),
      data: Type.Object({ watched: Type.Boolean(), tutorial: Type.Object({ url: Type.String() }) }),
    }),
  }),
  markTutorialWatched: endpoint({
    method: 'POST',
    path: '/user/tutorial/watched',
    auth: 'user',
    summary: 'Record that the user watched a tutorial',
    body: Type.Object({ slug: Str(100, 1) }),
    response: Ok,
  }),
} as const;
