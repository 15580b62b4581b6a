// A round's pins as the contract shapes them (issue 42): each with its thread of replies, gathered in
// the same query (no query per pin or per model). Authors read by name; a pin or reply whose account
// row has gone (its author_id set null) reads 'Former user'.
import type { Static } from '@sinclair/typebox';
import type { ReviewPin } from '../../src/api/contract/review.ts';
import type { Db } from '../db/index.ts';

export type Pin = Static<typeof ReviewPin>;

export const FORMER_USER = 'Former user';
/** A timestamp as the contract's ISO text, in UTC with milliseconds (delivered_at's form). */
export const isoSql = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The name of a LEFT JOINed users row. */
export const nameSql = (alias: string) => `coalesce(${alias}.name, '${FORMER_USER}')`;

const REPLIES = `coalesce((
  SELECT json_agg(json_build_object('id', r.id, 'body', r.body, 'author', ${nameSql('ru')}, 'created_at', ${isoSql('r.created_at')})
                  ORDER BY r.id)
    FROM review_replies r LEFT JOIN users ru ON ru.id = r.author_id WHERE r.pin_id = pn.id), '[]'::json)`;

const SELECT_PINS = `SELECT pn.version_id, pn.id, pn.number, pn.target, pn.render_index, pn.position, pn.normal, pn.body, pn.state,
       ${nameSql('u')} AS author, ${isoSql('pn.created_at')} AS created_at, ${isoSql('pn.updated_at')} AS updated_at,
       ${REPLIES} AS replies
  FROM review_pins pn LEFT JOIN users u ON u.id = pn.author_id`;

type Row = Pin & { version_id: number };

/** Every pin of a round's versions, by version id, each version's in number order. */
export async function pinsOfRound(db: Db, roundId: number): Promise<Map<number, Pin[]>> {
  const rows = await db.query<Row>(
    `${SELECT_PINS} JOIN review_versions v ON v.id = pn.version_id JOIN review_models m ON m.id = v.model_id
      WHERE m.round_id = $1 ORDER BY pn.version_id, pn.number`,
    [roundId],
  );
  const byVersion = new Map<number, Pin[]>();
  for (const { version_id, ...pin } of rows) byVersion.set(version_id, [...(byVersion.get(version_id) ?? []), pin]);
  return byVersion;
}

/** One pin with its replies (a write's answer). */
export async function pinById(db: Db, id: number): Promise<Pin> {
  const row = await db.one<Row>(`${SELECT_PINS} WHERE pn.id = $1`, [id]);
  const { version_id: _, ...pin } = row!;
  return pin;
}
