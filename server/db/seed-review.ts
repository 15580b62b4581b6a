// The demo's review rounds (issue 42): each round card of a company holds real products of it, each
// with the versions the studio delivered (the kind's procedural model, its report read by the same
// code as a delivery's), renders (the studio's beauty layers of that finish), and where a round is
// under review a few pins with replies. A round past round 1 shows two versions: the first one 6 %
// too tall in the other finish, with the change request that followed, the second one right.
import type { Storage } from '../storage/files.ts';
import { modelReport } from '../review/report.ts';
import { ROUND_STATUS } from '../../src/api/contract/rules/review.ts';
import type { Db } from './index.ts';
import { demoLayerPaths } from './demo-files.ts';
import { partsOf } from './demo-layers.ts';
import { glb } from './seed-models.ts';
import type { SeededProduct } from './seed-imagery.ts';

const inches = (p: SeededProduct) => p.kind.size.map((v, k) => v * (1 + ((p.index + k) % 3) * 0.05));
const RENDER_ANGLES = [30, 120, 210];

interface RoundRow {
  id: number;
  round_current: number;
  status_service: number;
}

/** Which decision the demo gives a model's latest version, by the round's state. */
function latestDecision(status: number, position: number): 'approved' | 'changes_requested' | null {
  if (status === ROUND_STATUS.approved || status === ROUND_STATUS.delivered) return 'approved';
  if (status === ROUND_STATUS.partlyApproved) return position % 2 ? null : 'approved';
  if (status === ROUND_STATUS.changesRequested) return position === 0 ? 'changes_requested' : 'approved';
  if (status === ROUND_STATUS.needsApproval) return position === 1 ? 'approved' : null;
  return null;
}

async function deliver(
  db: Db,
  storage: Storage,
  modelId: number,
  p: SeededProduct,
  n: number,
  round: number,
  layerPx: number,
  staffId: number,
) {
  // Version 1 of a model that went on to version 2 is the other finish and 6 % too tall: the change asked for.
  const first = n === 1 && round > 0;
  const variant = (first ? 1 - p.variant : p.variant) as 0 | 1;
  const size = inches(p).map((v, k) => (first && k === 0 ? v * 1.06 : v));
  const bytes = await glb(partsOf(p.kind, p.kind.colours[variant], size), p.name);
  const path = await storage.save(`review/${p.customerId}/${modelId}`, 'glb', bytes);
  const renders = RENDER_ANGLES.map((a) => demoLayerPaths(p.kind, variant, a, layerPx).beauty);
  const report = await modelReport(bytes);
  const v = await db.one<{ id: number }>(
    `INSERT INTO review_versions (model_id, number, round_number, glb, poster, renders, file_bytes, report, delivered_by, delivered_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, timestamptz '2026-09-01' + ($3 * 7 + $2) * interval '1 day') RETURNING id`,
    [modelId, n, Math.max(1, round), path, renders[0], JSON.stringify(renders), bytes.length, JSON.stringify(report), staffId],
  );
  return v!.id;
}

async function pins(db: Db, versionId: number, ids: { manager: number; staff: number }, size: number[]) {
  const top = size[0]! * 0.0254; // the top of the model, at its centre (metres, glTF's Y up)
  const pin = await db.one<{ id: number }>(
    `INSERT INTO review_pins (version_id, number, target, position, normal, body, author_id)
     VALUES ($1, 1, 'model', $2, '[0,1,0]', 'The top looks too glossy next to our fabric swatch.', $3) RETURNING id`,
    [versionId, JSON.stringify([0, top, 0]), ids.manager],
  );
  await db.query(
    `INSERT INTO review_replies (pin_id, body, author_id) VALUES ($1, 'Noted: we will lower the sheen in the next version.', $2)`,
    [pin!.id, ids.staff],
  );
  await db.query(
    `INSERT INTO review_pins (version_id, number, target, render_index, position, body, author_id)
     VALUES ($1, 2, 'render', 0, '[0.5,0.7]', 'Please check the shadow under the base in this render.', $2)`,
    [versionId, ids.manager],
  );
}

/** Models and versions for every round of the companies seeded (their products, in catalogue order). */
export async function seedReview(db: Db, storage: Storage, products: SeededProduct[][], layerPx: number): Promise<void> {
  const staff = (await db.one<{ id: number }>("SELECT id FROM users WHERE type = 'staff' ORDER BY id LIMIT 1"))!.id;
  for (const list of products) {
    const customerId = list[0]!.customerId;
    const manager = (await db.one<{ id: number }>(
      `SELECT u.id FROM users u JOIN memberships m ON m.user_id = u.id WHERE m.customer_id = $1 ORDER BY u.id LIMIT 1`,
      [customerId],
    ))!.id;
    const rounds = await db.query<RoundRow>(
      'SELECT id, round_current, status_service FROM dashboard_rounds WHERE customer_id = $1 ORDER BY id',
      [customerId],
    );
    for (const [r, round] of rounds.entries()) {
      const count = 3 + (r % 3);
      for (let k = 0; k < count; k++) {
        const p = list[(r * 5 + k * 3) % list.length]!;
        const model = (await db.one<{ id: number }>(
          'INSERT INTO review_models (round_id, product_id, position) VALUES ($1, $2, $3) RETURNING id',
          [round.id, p.id, k],
        ))!;
        if (round.round_current === 0) continue; // not started: waiting for the studio
        let latest = await deliver(
          db,
          storage,
          model.id,
          p,
          1,
          round.round_current > 1 ? round.round_current - 1 : round.round_current,
          layerPx,
          staff,
        );
        if (round.round_current > 1) {
          await db.query(
            `INSERT INTO review_decisions (version_id, decision, note, user_id) VALUES ($1, 'changes_requested', 'Too tall, and the finish is the wrong one.', $2)`,
            [latest, manager],
          );
          latest = await deliver(db, storage, model.id, p, 2, round.round_current, layerPx, staff);
        }
        const decision = latestDecision(round.status_service, k);
        if (decision)
          await db.query('INSERT INTO review_decisions (version_id, decision, user_id) VALUES ($1, $2, $3)', [
            latest,
            decision,
            manager,
          ]);
        if (!decision && k === 0) await pins(db, latest, { manager, staff }, inches(p));
      }
    }
    await db.query(
      `UPDATE dashboard_rounds r SET total_models = (SELECT count(*) FROM review_models m WHERE m.round_id = r.id) WHERE customer_id = $1`,
      [customerId],
    );
  }
}
