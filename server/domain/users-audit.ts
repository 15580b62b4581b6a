// The audit log: append-only rows (a trigger refuses UPDATE, DELETE and TRUNCATE) of who did what
// to whom. Written inside the change's own transaction, so a refused change leaves no row.
import { PROVIDER_CONTEXT } from '../../src/api/contract/slugs.ts';
import type { AUDIT_TARGETS } from '../../src/api/contract/users.ts';
import type { AuthUser } from '../auth/tokens.ts';
import type { Db } from '../db/index.ts';

export type AuditAction =
  | 'user.invite'
  | 'user.role'
  | 'user.disable'
  | 'user.enable'
  | 'user.delete'
  | 'invitation.resend'
  | 'invitation.revoke'
  | 'invitation.accept'
  | 'role.create'
  | 'role.rename'
  | 'role.permissions'
  | 'role.delete'
  | 'review.pin'
  | 'review.reply'
  | 'review.pin_state'
  | 'review.decision'
  | 'review.deliver'
  | 'review.round_status';

export type AuditTarget = (typeof AUDIT_TARGETS)[number];

export interface AuditEntry {
  customerId: number;
  actor: Pick<AuthUser, 'id' | 'name'>;
  action: AuditAction;
  target: { type: AuditTarget; id: number; name: string };
  before?: unknown;
  after?: unknown;
}

export async function audit(db: Db, e: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (customer_id, actor_id, actor_name, action, target_type, target_id, target_name, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb)`,
    [
      e.customerId,
      e.actor.id,
      e.actor.name,
      e.action,
      e.target.type,
      e.target.id,
      e.target.name,
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
    ],
  );
}

interface Row {
  id: number;
  customer_id: number;
  created_at: Date;
  action: string;
  actor_id: number | null;
  actor_name: string;
  actor_removed: boolean | null;
  target_type: AuditTarget;
  target_id: number;
  target_name: string;
  target_removed: boolean | null;
  before: unknown;
  after: unknown;
}

/**
 * A page of the log, newest first. Names are the ones recorded at the time (history reads as it
 * happened, and an invited person's account details never show through it); a removed account or a
 * deleted role keeps its name, flagged removed (the screen shows "Removed user").
 */
export async function readAudit(db: Db, customerId: number, page: number, perPage: number) {
  const all = customerId === PROVIDER_CONTEXT;
  const where = all ? '' : 'WHERE a.customer_id = $3';
  const params: unknown[] = [perPage, (page - 1) * perPage, ...(all ? [] : [customerId])];
  const rows = await db.query<Row>(
    `SELECT a.id, a.customer_id, a.created_at, a.action, a.actor_id, a.actor_name, a.target_type, a.target_id,
            a.target_name, a.before, a.after, au.deleted_at IS NOT NULL AS actor_removed,
            CASE a.target_type WHEN 'user' THEN tu.deleted_at IS NOT NULL WHEN 'role' THEN tr.id IS NULL ELSE false END AS target_removed
       FROM audit_log a
       LEFT JOIN users au ON au.id = a.actor_id
       LEFT JOIN users tu ON a.target_type = 'user' AND tu.id = a.target_id
       LEFT JOIN roles tr ON a.target_type = 'role' AND tr.id = a.target_id
       ${where} ORDER BY a.id DESC LIMIT $1 OFFSET $2`,
    params,
  );
  const total = await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log a ${all ? '' : 'WHERE a.customer_id = $1'}`,
    all ? [] : [customerId],
  );
  return {
    total: total?.n ?? 0,
    data: rows.map((r) => ({
      id: r.id,
      id_customer: r.customer_id,
      created_at: new Date(r.created_at).toISOString(),
      action: r.action,
      actor: r.actor_id === null ? null : { id: r.actor_id, name: r.actor_name, removed: !!r.actor_removed },
      target: { type: r.target_type, id: r.target_id, name: r.target_name, removed: !!r.target_removed },
      before: r.before ?? null,
      after: r.after ?? null,
    })),
  };
}
