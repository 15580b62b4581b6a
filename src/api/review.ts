// Review rounds (issue 42, our extension): the calls of the review page. Pins, replies and decisions go
// through the outbox as typed commands (src/data/review); the studio's delivery and round status are
// sent straight, online only, each with the idempotency key its user action made.
import type { contract } from './contract/index.ts';
import type { Body } from './contract/define.ts';
import { send, toForm } from './client.ts';

type R = typeof contract.review;

export const reviewRound = (id_customer: number, id_round: number) =>
  send<R['round']>('GET', '/gets/review/round', { query: { id_customer, id_round } });

/** The files of a delivery: the .glb, and optionally the .usdz, a poster and up to 3 renders. */
export interface DeliveryFiles {
  glb: File;
  usdz?: File;
  poster?: Blob;
  renders?: File[];
}

export const deliverVersion = (body: Body<R['deliver']>, files: DeliveryFiles, idempotencyKey: string) => {
  const [render_1, render_2, render_3] = files.renders ?? [];
  const form = toForm(
    { ...body, file_glb: files.glb, file_usdz: files.usdz, file_poster: files.poster, render_1, render_2, render_3 },
    { file_poster: 'poster.png' },
  );
  return send<R['deliver']>('POST', '/posts/review/version/store', { body: form, idempotencyKey });
};

export const setRoundStatus = (body: Body<R['roundStatus']>, idempotencyKey: string) =>
  send<R['roundStatus']>('PUT', '/puts/review/round/status', { body, idempotencyKey });

/** A short-lived signed link to a version's model on the public AR page (online only; nothing is written). */
export const reviewArLink = (body: Body<R['arLink']>) => send<R['arLink']>('POST', '/posts/review/version/ar-link', { body });
