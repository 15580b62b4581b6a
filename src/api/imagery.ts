// Document 3 §7 calls the screens make directly (never queued): the tailor request, whose answer the
// user must see, and "Download All Images" (a zip name, then its address). Lists are pulled by
// src/data/imagery-sync.ts; preset and upload writes go through the outbox (src/data/imagery.ts).
import type { contract } from './contract/index.ts';
import type { Body } from './contract/define.ts';
import { send } from './client.ts';

type I = typeof contract.imagery;
type U = typeof contract.imageryUploads;

export type TailorPage = Body<I['tailor']>['page'];

export const requestTailor = (body: Body<I['tailor']>, key: string) =>
  send<I['tailor']>('POST', '/posts/email/request/service/tailor/send', { body, idempotencyKey: key });

/** The pages of a product already requested today (by anyone of the company, on any device). */
export const tailorRequested = (id_product: number, id_customer: number) =>
  send<I['tailorRequested']>('GET', '/gets/product/tailor/requested', { query: { id_product, id_customer } });

/** The zip calls of "Download All Images" per section; 360 zips every upload group (one folder each). */
export function zipUploads(section: 'silo' | 'vignette' | '360', id_product: number, id_customer: number) {
  const query = { id_product, id_customer };
  if (section === 'silo') return send<U['zipSilo']>('GET', '/gets/product/zip/images-uploaded', { query });
  if (section === 'vignette') return send<U['zipVignette']>('GET', '/gets/product/zip/vignette/images-uploaded', { query });
  return send<U['zip360']>('GET', '/gets/product/zip/360/images-uploaded', { query });
}

export const zipDownloadUrl = (zip_name: string) =>
  send<U['download']>('GET', '/gets/product/download/zip/images-uploaded', { query: { zip_name } });
