// Issue 14: queued retailer exports (document 3 §7 "Shared and other calls", §8) and the Downloads panel.
// One job per chosen retailer renders the preset at the retailer's spec, checks every file, zips and mails
// a link that expires. The enqueue body is the specs'; everything it answers is our extension.
import { Type } from '@sinclair/typebox';
import { readOf, writeOf, type Slug } from './slugs.ts';
import { CustomerId, Id, Int, Str, Timestamp, endpoint } from './define.ts';
import { ProductQuery, byProduct } from './imagery-schemas.ts';
import { exportRules } from './rules/export.ts';
import { schemaOf } from './rules/schema.ts';

/** Readers of any automated section see its exports; the handler checks the preset's own section. */
export const EXPORT_READERS: readonly Slug[] = [...readOf('silo'), ...readOf('vignette'), ...readOf('360')];
/** Ordering an export (and its retry) needs an automated section's editor permission; the handler checks the preset's own. */
export const EXPORT_ORDERERS: readonly Slug[] = [...writeOf('silo'), ...writeOf('vignette'), ...writeOf('360')];

export const ExportJob = Type.Object({
  id: Type.Integer(),
  id_product_config: Type.Union([Type.Integer(), Type.Null()], { description: 'null once the preset was deleted' }),
  section: Type.Unsafe<'silo' | 'vignette' | '360'>({ type: 'string', enum: ['silo', 'vignette', '360'] }),
  retailer_id: Type.Integer({ description: '0: 4K Images' }),
  retailer: Type.String({ description: "the retailer's name, or '4K Images'" }),
  note: Type.Union([Type.String(), Type.Null()]),
  status: Type.Unsafe<'queued' | 'rendering' | 'ready' | 'failed'>({
    type: 'string',
    enum: ['queued', 'rendering', 'ready', 'failed'],
  }),
  progress: Type.Integer({ description: 'files rendered so far ("rendering n of m")' }),
  total: Type.Integer({ description: 'files the export writes' }),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'why it failed (failed only)' }),
  url: Type.Union([Type.String(), Type.Null()], { description: "the zip's download address while ready and not expired" }),
  bytes: Type.Union([Type.Integer(), Type.Null()], { description: "the zip's size (ready only)" }),
  upscale: Type.Union([Type.Number(), Type.Null()], {
    description:
      "the largest factor a file was drawn larger than the product's layers (ready only; UPSCALED in compliance.csv), null when none",
  }),
  created_at: Timestamp,
  updated_at: Timestamp,
  expires_at: Type.Union([Timestamp, Type.Null()], { description: 'when the link stops working (ready only)' }),
});

export const exportJobs = {
  enqueue: endpoint({
    method: 'POST',
    path: '/posts/product/automation/enqueue/download',
    auth: 'user',
    summary: 'Queues the export of a preset for one retailer (or 4K Images: retailer 0 or none); an e-mail with the link follows',
    permission: EXPORT_ORDERERS,
    tenant: byProduct('body'),
    body: Type.Object({
      id_product: Id,
      id_customer: CustomerId,
      id_product_config: Id,
      retailer: Type.Optional(Int(0, undefined, { description: "the retailer's id; 0 or absent: 4K Images" })),
      note: Type.Optional(schemaOf(exportRules.note, { description: 'for a retailer whose file_name holds <note>' })),
    }),
    response: Type.Object({ success: Type.Literal(true), message: Type.String(), export: ExportJob }),
  }),
  list: endpoint({
    method: 'GET',
    path: '/gets/product/automation/exports',
    auth: 'user',
    summary: "This product's export jobs, newest first (the Downloads panel)",
    permission: EXPORT_READERS,
    query: ProductQuery,
    tenant: byProduct('query'),
    response: Type.Object({ success: Type.Literal(true), exports: Type.Array(ExportJob) }),
  }),
  retry: endpoint({
    method: 'POST',
    path: '/posts/product/automation/exports/retry',
    auth: 'user',
    summary: 'Queues a failed export again, as it was asked',
    permission: EXPORT_ORDERERS,
    tenant: { customer: { in: 'body', field: 'id_customer' }, entity: { kind: 'export', in: 'body', field: 'id' } },
    body: Type.Object({ id: Id, id_customer: CustomerId }),
    response: Type.Object({ success: Type.Literal(true), message: Type.String(), export: ExportJob }),
  }),
  download: endpoint({
    method: 'GET',
    path: '/gets/export/download',
    auth: 'public',
    summary: "The mailed link: the export's zip (application/zip) until it expires, 404 after",
    query: Type.Object({
      token: Str(22, 22, { allOf: [{ pattern: '^[A-Za-z0-9_-]{22}$' }], description: 'from the mailed link' }),
    }),
    response: Type.Unsafe<never>({ type: 'string', format: 'binary', description: 'the zip' }),
  }),
} as const;
