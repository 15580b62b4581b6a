// Document 1 §7: retailers, the global output formats of image downloads. Staff manage them.
import { Type } from '@sinclair/typebox';
import { Id, Int, Num, Ok, Str, endpoint } from './define.ts';

/** Tokens the file-name pattern may hold; anything else in angle brackets is refused. */
export const FILE_NAME_TOKENS = ['<note>', '<frame_num2>', '<frame_num3>', '<frame_num4>', '<ext>'] as const;

const Pixels = Int(1, 20000);
// An enum rather than a union of literals: its failure names the field (the client shows field errors).
const OneOf = <T extends string | number>(type: 'string' | 'integer', values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type, enum: values, ...(description && { description }) });

export const RetailerFields = Type.Object({
  retailer: Str(100, 1),
  file_type: OneOf('string', ['png', 'jpg'] as const, 'Without a dot'),
  height: Pixels,
  width: Pixels,
  dpi: Int(1, 2400),
  color_depth: OneOf('integer', [8, 16, 24, 32, 48] as const),
  file_size: Num({ exclusiveMinimum: 0, maximum: 500, description: 'MB' }),
  images_per_row: OneOf('integer', [12, 24, 48] as const),
  file_name: Str(255, 1),
});

export const Retailer = Type.Composite([Type.Object({ id: Type.Integer() }), RetailerFields]);

export const retailers = {
  list: endpoint({
    method: 'GET', path: '/gets/retailer/list', auth: 'user', summary: 'Every retailer (read by the 360 panel too)',
    response: Type.Object({ success: Type.Literal(true), data: Type.Array(Retailer) }),
  }),
  add: endpoint({
    method: 'POST', path: '/posts/retailer/add', auth: 'staff', summary: 'Add a retailer',
    body: RetailerFields,
    response: Type.Object({ success: Type.Literal(true), data: Type.Object({ id: Type.Integer() }) }),
  }),
  edit: endpoint({
    method: 'PUT', path: '/puts/retailer/edit', auth: 'staff', summary: 'Change a retailer',
    body: Type.Composite([Type.Object({ id: Id }), RetailerFields]),
    response: Type.Object({ success: Type.Literal(true), data: Retailer }),
  }),
  remove: endpoint({
    method: 'DELETE', path: '/deletes/retailer/delete', auth: 'staff', summary: 'Delete a retailer',
    body: Type.Object({ id: Id }),
    response: Ok,
  }),
} as const;
