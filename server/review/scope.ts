// What a review write names must be of the round the guard checked (issue 42): a version, pin or model
// of another round, of a model whose product was deleted, or unknown, answers Not found alike. Each
// lookup also gives the round's company and what the audit row calls the thing. `lock` takes the row
// for the rest of the caller's transaction (a pin's number, a model's next version, a decision).
import type { Db } from '../db/index.ts';
import { notFound } from '../http/errors.ts';

const IN_ROUND = `JOIN review_models m ON m.id = v.model_id
  JOIN products p ON p.id = m.product_id AND p.deleted_at IS NULL
  JOIN dashboard_rounds r ON r.id = m.round_id`;

export interface VersionRef {
  id: number;
  model_id: number;
  number: number;
  renders: string[];
  customer_id: number;
  /** "Sofa, version 2" */
  label: string;
}

export async function versionInRound(t: Db, roundId: number, versionId: number, lock = false): Promise<VersionRef> {
  const v = await t.one<VersionRef>(
    `SELECT v.id, v.model_id, v.number, v.renders, r.customer_id, p.name || ', version ' || v.number AS label
       FROM review_versions v ${IN_ROUND} WHERE v.id = $1 AND m.round_id = $2 ${lock ? 'FOR UPDATE OF v' : ''}`,
    [versionId, roundId],
  );
  if (!v) throw notFound('Version');
  return v;
}

export interface PinRef {
  id: number;
  state: 'open' | 'resolved';
  customer_id: number;
  /** "Pin 2 on Sofa, version 1" */
  label: string;
}

export async function pinInRound(t: Db, roundId: number, pinId: number, lock = false): Promise<PinRef> {
  const pin = await t.one<PinRef>(
    `SELECT pn.id, pn.state, r.customer_id, 'Pin ' || pn.number || ' on ' || p.name || ', version ' || v.number AS label
       FROM review_pins pn JOIN review_versions v ON v.id = pn.version_id ${IN_ROUND}
      WHERE pn.id = $1 AND m.round_id = $2 ${lock ? 'FOR UPDATE OF pn' : ''}`,
    [pinId, roundId],
  );
  if (!pin) throw notFound('Pin');
  return pin;
}

export interface ModelRef {
  id: number;
  customer_id: number;
  round_current: number;
  product: string;
}

export async function modelInRound(t: Db, roundId: number, modelId: number, lock = false): Promise<ModelRef> {
  const m = await t.one<ModelRef>(
    `SELECT m.id, r.customer_id, r.round_current, p.name AS product
       FROM review_models m JOIN products p ON p.id = m.product_id AND p.deleted_at IS NULL
       JOIN dashboard_rounds r ON r.id = m.round_id
      WHERE m.id = $1 AND m.round_id = $2 ${lock ? 'FOR UPDATE OF m' : ''}`,
    [modelId, roundId],
  );
  if (!m) throw notFound('Model');
  return m;
}

/** The model's newest version. */
export const latestVersion = (t: Db, modelId: number) =>
  t.one<{ id: number; number: number }>(
    'SELECT id, number FROM review_versions WHERE model_id = $1 ORDER BY number DESC LIMIT 1',
    [modelId],
  );
