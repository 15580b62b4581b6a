// Delivered versions as the contract shapes them (issue 42), with their decision (its note, who made
// it and when). Pins are attached by the caller (pins.ts): one query for all of them.
import type { Static } from '@sinclair/typebox';
import type { ReviewVersion } from '../../src/api/contract/review.ts';
import type { Db } from '../db/index.ts';
import { isoSql, nameSql } from './pins.ts';

export type Version = Static<typeof ReviewVersion>;
type Row = Omit<Version, 'pins'> & { model_id: number };

const SELECT_VERSIONS = `SELECT v.model_id, v.id, v.number, v.round_number, v.glb, v.usdz, v.poster, v.renders, v.report, v.report_error,
       ${isoSql('v.delivered_at')} AS delivered_at, d.decision, coalesce(d.note, '') AS decision_note,
       CASE WHEN d.id IS NULL THEN NULL ELSE ${nameSql('du')} END AS decided_by, ${isoSql('d.created_at')} AS decided_at
  FROM review_versions v JOIN review_models m ON m.id = v.model_id
  LEFT JOIN review_decisions d ON d.version_id = v.id
  LEFT JOIN users du ON du.id = d.user_id`;

/** Every version of a round's models, oldest first per model (pins left empty). */
export const versionsOfRound = (db: Db, roundId: number) =>
  db.query<Row>(`${SELECT_VERSIONS} WHERE m.round_id = $1 ORDER BY v.model_id, v.number`, [roundId]);

/** One version with its pins (a delivery's answer: a new version has none). */
export async function versionById(db: Db, id: number, pins: Version['pins'] = []): Promise<Version> {
  const { model_id: _, ...v } = (await db.one<Row>(`${SELECT_VERSIONS} WHERE v.id = $1`, [id]))!;
  return { ...v, pins };
}
