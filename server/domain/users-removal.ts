// Removing a person from a company. With their last company the account itself closes: the row and
// its name stay (history shows them as a removed user), the e-mail, password, phone and photo go.
import { revokeTokens } from '../auth/tokens.ts';
import type { Db } from '../db/index.ts';
import { cancelPending } from './users-invitations.ts';

export async function removeFromCompany(
  t: Db,
  userId: number,
  customerId: number,
): Promise<{ closed: boolean; photo: string | null }> {
  await t.query('DELETE FROM memberships WHERE user_id = $1 AND customer_id = $2', [userId, customerId]);
  await cancelPending(t, 'removed', userId, customerId);
  // Every session ends, as on disable: the next call signs in again and sees only what is left.
  await revokeTokens(t, userId);
  const left = await t.one<{ n: number }>('SELECT count(*)::int AS n FROM memberships WHERE user_id = $1', [userId]);
  if ((left?.n ?? 0) > 0) return { closed: false, photo: null };
  const old = await t.one<{ photo: string | null }>('SELECT photo FROM users WHERE id = $1', [userId]);
  await cancelPending(t, 'removed', userId);
  await t.query('DELETE FROM password_resets WHERE user_id = $1', [userId]);
  // The address is freed (the person may be invited again later as a new account).
  await t.query(
    `UPDATE users SET deleted_at = now(), enabled = false, email = 'removed-' || id || '@removed.invalid',
            password_hash = '', phone = NULL, photo = NULL, discord = NULL, nickname = NULL, updated_at = now()
      WHERE id = $1`,
    [userId],
  );
  return { closed: true, photo: old?.photo ?? null };
}
