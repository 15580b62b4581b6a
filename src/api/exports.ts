// Issue 14's export calls for the portal: queue a retailer download (document 3 §7 "Shared and other
// calls"), and this product's export jobs for the Downloads panel.
import type { Static } from '@sinclair/typebox';
import type { contract } from './contract/index.ts';
import type { Body } from './contract/define.ts';
import type { ExportJob as ExportJobSchema } from './contract/exports.ts';
import { send } from './client.ts';

type X = typeof contract.exportJobs;
export type ExportJob = Static<typeof ExportJobSchema>;
export type EnqueueBody = Body<X['enqueue']>;

export const enqueueDownload = (body: EnqueueBody, idempotencyKey: string) =>
  send<X['enqueue']>('POST', '/posts/product/automation/enqueue/download', { body, idempotencyKey });

export const exportJobs = async (id_product: number, id_customer: number) =>
  (await send<X['list']>('GET', '/gets/product/automation/exports', { query: { id_product, id_customer } })).exports;

export const retryExport = (id: number, id_customer: number, key: string) =>
  send<X['retry']>('POST', '/posts/product/automation/exports/retry', { body: { id, id_customer }, idempotencyKey: key });
