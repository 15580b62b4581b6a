// Issue 14's export calls for the portal: queue a retailer download (document 3 §7 "Shared and other
// calls"), and this product's export jobs for the Downloads panel.
import type { Endpoint } from './contract/define.ts';
import { send } from './client.ts';

export interface EnqueueBody {
  id_product: number;
  id_customer: number;
  id_product_config: number;
  retailer?: number;
  note?: string;
}

// Typed from the exports branch's contract entry once it is merged.
export const enqueueDownload = (body: EnqueueBody, idempotencyKey: string) =>
  send<Endpoint>('POST', '/posts/product/automation/enqueue/download', { body: body as never, idempotencyKey }) as Promise<{ success: true; message?: string }>;

export interface ExportJob {
  id: number;
  retailer_id: number;
  /** The retailer's name, or '4K Images'. */
  retailer: string;
  status: 'queued' | 'rendering' | 'ready' | 'failed';
  progress: number;
  total: number;
  reason: string | null;
  /** The zip's address while ready and not expired. */
  url: string | null;
  created_at: string;
  expires_at: string | null;
}

// Shapes as agreed with the exports branch; typed from its contract once it is merged.
export const exportJobs = async (id_product: number, id_customer: number) =>
  ((await send<Endpoint>('GET', '/gets/product/automation/exports', { query: { id_product, id_customer } as never })) as { success: true; exports: ExportJob[] }).exports;

export const retryExport = (id: number, id_customer: number) =>
  send<Endpoint>('POST', '/posts/product/automation/exports/retry', { body: { id, id_customer } as never }) as Promise<{ success: true }>;
