// Stored answers are kept IDEMPOTENCY_TTL_HOURS (48 by default): long enough for any retry of a client
// that is online. The fact that a key was used (its fingerprint and status, no answer) is kept
// KEEP_DAYS, longer than a session lives (60 days), because a portal's outbox may wait offline that
// long before it sends a create again: that create is then refused as done, never made twice.
import type { Db } from '../../db/index.ts';

export const KEEP_DAYS = 90;
/** A claim never answered (its process died, and nobody asked again): nothing to replay. */
const ABANDONED_HOURS = 24;
export const SWEEP_MS = 15 * 60_000;

export async function sweepIdempotency(db: Db, ttlHours: number): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET response = NULL, secret_subject = NULL, secret_check = NULL, purged_at = now()
      WHERE purged_at IS NULL AND status_code IS NOT NULL AND created_at < now() - $1 * interval '1 hour'`,
    [ttlHours],
  );
  await db.query(
    `DELETE FROM idempotency_keys WHERE created_at < now() - $1 * interval '1 day'
        OR (status_code IS NULL AND created_at < now() - $2 * interval '1 hour')`,
    [KEEP_DAYS, ABANDONED_HOURS],
  );
}
