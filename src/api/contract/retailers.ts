// Document 1 §7: retailers, the global output formats of image downloads. Staff manage them.
import { Type } from '@sinclair/typebox';
import { Id, Ok, endpoint } from './define.ts';
import { retailerRules } from './rules/retailer.ts';
import { schemaOf, schemasOf } from './rules/schema.ts';

/** From the retailer's rule table (the file name's tokens and form are checked by the handler from it too). */
const NO_UPSCALE = 'Upscaled files fail the compliance check (a warning otherwise); our extension, false when left out';
export const RetailerFields = Type.Object({
  ...schemasOf(retailerRules),
  file_type: schemaOf(retailerRules.file_type, { description: 'Without a dot' }),
  file_size: schemaOf(retailerRules.file_size, { description: 'MB' }),
  // Optional in a write, so a caller that does not know it keeps working (an edit then keeps the stored value).
  no_upscale: Type.Optional(schemaOf(retailerRules.no_upscale, { description: NO_UPSCALE })),
});

export const Retailer = Type.Composite([
  Type.Object({ id: Type.Integer() }),
  Type.Omit(RetailerFields, ['no_upscale']),
  Type.Object({ no_upscale: schemaOf(retailerRules.no_upscale, { description: NO_UPSCALE }) }),
]);

export const retailers = {
  list: endpoint({
    method: 'GET',
    path: '/gets/retailer/list',
    auth: 'user',
    summary: 'Every retailer (read by the 360 panel too)',
    response: Type.Object({ success: Type.Literal(true), data: Type.Array(Retailer) }),
  }),
  add: endpoint({
    method: 'POST',
    path: '/posts/retailer/add',
    auth: 'staff',
    summary: 'Add a retailer',
    body: RetailerFields,
    response: Type.Object({ success: Type.Literal(true), data: Type.Object({ id: Type.Integer() }) }),
  }),
  edit: endpoint({
    method: 'PUT',
    path: '/puts/retailer/edit',
    auth: 'staff',
    summary: 'Change a retailer',
    body: Type.Composite([Type.Object({ id: Id }), RetailerFields]),
    response: Type.Object({ success: Type.Literal(true), data: Retailer }),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/deletes/retailer/delete',
    auth: 'staff',
    summary: 'Delete a retailer',
    body: Type.Object({ id: Id }),
    response: Ok,
  }),
} as const;
