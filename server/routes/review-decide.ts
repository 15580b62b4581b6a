// A reviewer's decision on a version (issue 42): only the model's latest version may be decided, once;
// a change request says what should change (an open pin on the version, or a note). The round's status
// follows from its models' states (roundStatusAfter), in the same transaction as the decision.
import type { review as contract } from '../../src/api/contract/review.ts';
import { reviewCodes, reviewWords } from '../../src/api/contract/rules/review.ts';
import { audit } from '../domain/users-audit.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { recordAnswer } from '../http/idempotency/index.ts';
import type { Handler } from '../http/routes.ts';
import { latestVersion, versionInRound } from '../review/scope.ts';
import { lockRound, settleRoundStatus } from '../review/status.ts';

const decided = () => new ApiError(409, reviewWords.decided, undefined, { code: reviewCodes.decided });

export const decide: Handler<(typeof contract)['decide']> = async ({ db, body, auth, req }) => {
  const note = body.note?.trim() ?? '';
  try {
    return await db.tx(async (t) => {
      // The round first, then the model: decisions of a round take turns (its status is computed from
      // all of them), and a delivery of the model (which locks it) cannot slip in between.
      await lockRound(t, body.id_round);
      const v = await versionInRound(t, body.id_round, body.id_version);
      await t.query('SELECT id FROM review_models WHERE id = $1 FOR UPDATE', [v.model_id]);
      const current = (await latestVersion(t, v.model_id))!;
      if (current.id !== v.id) {
        throw new ApiError(409, reviewWords.superseded, undefined, { code: reviewCodes.superseded, current_version: current });
      }
      if (await t.one('SELECT 1 FROM review_decisions WHERE version_id = $1', [v.id])) throw decided();
      if (body.decision === 'changes_requested' && !note) {
        const open = await t.one(`SELECT 1 FROM review_pins WHERE version_id = $1 AND state = 'open' LIMIT 1`, [v.id]);
        if (!open) throw fieldError('note', reviewWords.changesNeedPinOrNote);
      }
      await t.query('INSERT INTO review_decisions (version_id, decision, note, user_id) VALUES ($1, $2, $3, $4)', [
        v.id,
        body.decision,
        note,
        auth.user.id,
      ]);
      const status_service = await settleRoundStatus(t, body.id_round);
      const { n: change_requests } = (await t.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM review_decisions d JOIN review_versions v ON v.id = d.version_id
          WHERE v.model_id = $1 AND d.decision = 'changes_requested'`,
        [v.model_id],
      ))!;
      await audit(t, {
        customerId: v.customer_id,
        actor: auth.user,
        action: 'review.decision',
        target: { type: 'review_version', id: v.id, name: v.label },
        after: { decision: body.decision, note, status_service },
      });
      return recordAnswer(t, req, {
        success: true as const,
        message: body.decision === 'approved' ? reviewWords.approved : reviewWords.changesRequested,
        id_version: v.id,
        decision: body.decision,
        change_requests,
        status_service,
      });
    });
  } catch (err) {
    // Two decisions at once on PostgreSQL meet at the round's lock; the unique version_id is the last word.
    if ((err as { code?: string }).code === '23505') throw decided();
    throw err;
  }
};
