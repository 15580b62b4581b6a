// A round's status_service (issue 42): recomputed from its models' states after each decision
// (roundStatusAfter, rules/review.ts), and set by the studio, which mails the company's approvers
// when the round comes to need their approval.
import { modelState, roundStatusAfter, type Decision } from '../../src/api/contract/rules/review.ts';
import type { Db } from '../db/index.ts';
import type { Services } from '../services.ts';

export interface RoundRow {
  id: number;
  customer_id: number;
  title: string;
  status_service: number;
}

/** The round, locked for the caller's transaction: its decisions and status changes take turns. */
export const lockRound = async (t: Db, id: number) =>
  (await t.one<RoundRow>('SELECT id, customer_id, title, status_service FROM dashboard_rounds WHERE id = $1 FOR UPDATE', [id]))!;

/** Recomputes and stores the round's status from its models' latest versions; answers it. */
export async function settleRoundStatus(t: Db, roundId: number): Promise<number> {
  const rows = await t.query<{ delivered: boolean; decision: Decision | null }>(
    `SELECT v.id IS NOT NULL AS delivered, d.decision
       FROM review_models m JOIN products p ON p.id = m.product_id AND p.deleted_at IS NULL
       LEFT JOIN LATERAL (SELECT id FROM review_versions WHERE model_id = m.id ORDER BY number DESC LIMIT 1) v ON TRUE
       LEFT JOIN review_decisions d ON d.version_id = v.id
      WHERE m.round_id = $1`,
    [roundId],
  );
  const status = roundStatusAfter(rows.map((r) => modelState(r.delivered ? { decision: r.decision } : undefined)));
  await t.query('UPDATE dashboard_rounds SET status_service = $2 WHERE id = $1', [roundId, status]);
  return status;
}

/**
 * Who may act on "needs approval": enabled members (invitation accepted, account live) whose role
 * holds approve-services and dashboard-access, what the decision's route asks of them.
 */
export const approversOf = (db: Db, customerId: number) =>
  db.query<{ email: string; name: string }>(
    `SELECT u.email, u.name FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.customer_id = $1 AND m.enabled AND NOT m.invited AND u.enabled AND u.deleted_at IS NULL
        AND (SELECT count(*) FROM role_privileges rp
              WHERE rp.role_id = m.role_id AND rp.slug IN ('approve-services', 'dashboard-access')) = 2
      ORDER BY u.id`,
    [customerId],
  );

/** Mails each approver the round's link, inside the caller's transaction (a mail that fails undoes the change). */
export async function mailApprovers(t: Db, s: Pick<Services, 'mailer' | 'config'>, round: RoundRow): Promise<number> {
  const company = await t.one<{ name: string }>('SELECT name FROM customers WHERE id = $1', [round.customer_id]);
  const link = `${s.config.publicUrl}/review/${round.customer_id}/${round.id}`;
  const people = await approversOf(t, round.customer_id);
  for (const p of people) {
    await s.mailer.send({
      to: p.email,
      subject: `${round.title} needs your approval`,
      text:
        `Hello ${p.name},\n\nThe studio has delivered the models of ${round.title} (${company?.name ?? 'your company'}) for your review.\n\n` +
        `Open the round to approve each model or to request changes:\n${link}\n`,
    });
  }
  return people.length;
}
