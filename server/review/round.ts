// A review round as the page reads it (issue 42): the round, its models with their products, each
// model's versions (oldest first) with reports, decisions and pins, its open pins and change requests.
// Four queries whatever the round holds (round, models, versions, pins with their replies).
// A model's state comes from its latest version (rules/review.ts), so the card and the page agree.
import type { Static } from '@sinclair/typebox';
import type { ReviewModel, ReviewRound } from '../../src/api/contract/review.ts';
import { modelState, type Decision } from '../../src/api/contract/rules/review.ts';
import type { Db } from '../db/index.ts';
import { pinsOfRound } from './pins.ts';
import { versionsOfRound, type Version } from './versions.ts';

type Round = Static<typeof ReviewRound>;
type Model = Static<typeof ReviewModel>;

export async function readRound(db: Db, roundId: number): Promise<{ round: Round; models: Model[] } | undefined> {
  const round = await db.one<Round>(
    `SELECT id, customer_id AS id_customer, title, subtitle, round_current, status_service,
            to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date
       FROM dashboard_rounds WHERE id = $1`,
    [roundId],
  );
  if (!round) return undefined;
  const models = await db.query<Omit<Model, 'state' | 'versions'> & { product: Model['product'] }>(
    `SELECT m.id,
            json_build_object('id', p.id, 'name', p.name, 'sku', p.sku, 'height', p.height, 'width', p.width, 'depth', p.depth,
              'measure', p.measure,
              'image', (SELECT i.path FROM product_images i WHERE i.product_id = p.id ORDER BY i.id LIMIT 1),
              'photos', COALESCE((SELECT json_agg(x.path ORDER BY x.o, x.id) FROM (
                  SELECT path, id, 0 AS o FROM product_images WHERE product_id = p.id
                  UNION ALL SELECT path, id, 1 FROM product_uploads WHERE product_id = p.id AND section IN ('silo', 'vignette', '360')) x), '[]'::json)
            ) AS product,
            (SELECT count(*)::int FROM review_pins pn JOIN review_versions v ON v.id = pn.version_id
              WHERE v.model_id = m.id AND pn.state = 'open'
                AND v.number = (SELECT max(number) FROM review_versions WHERE model_id = m.id)) AS open_pins,
            (SELECT count(*)::int FROM review_decisions d JOIN review_versions v ON v.id = d.version_id
              WHERE v.model_id = m.id AND d.decision = 'changes_requested') AS change_requests
       FROM review_models m JOIN products p ON p.id = m.product_id AND p.deleted_at IS NULL
      WHERE m.round_id = $1 ORDER BY m.position, m.id`,
    [roundId],
  );
  const [versions, pins] = await Promise.all([versionsOfRound(db, roundId), pinsOfRound(db, roundId)]);
  const byModel = new Map<number, Version[]>();
  for (const { model_id, ...v } of versions)
    byModel.set(model_id, [...(byModel.get(model_id) ?? []), { ...v, pins: pins.get(v.id) ?? [] }]);
  return {
    round,
    models: models.map((m) => {
      const own = byModel.get(m.id) ?? [];
      const latest = own.at(-1);
      return { ...m, state: modelState(latest && { decision: latest.decision as Decision | null }), versions: own };
    }),
  };
}
