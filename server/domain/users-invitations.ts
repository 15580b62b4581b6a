// Invitation links: a random secret mailed once, only its hash stored; single use; 7 days.
// A new link (resend) cancels the previous one.
import { newSecret, sha256 } from '../auth/passwords.ts';
import type { Db } from '../db/index.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import type { Services } from '../services.ts';

export const INVITE_DAYS = 7;
/** The portal's public page that reads the link (the set-password screen). */
export const ACCEPT_ROUTE = '/accept-invite';

export const INVALID = 'This invitation link is not valid. Check that you opened the whole link from the e-mail.';
export const EXPIRED = "This invitation link has expired. Ask your company's manager to send a new one.";
export const USED = 'This invitation link has already been used. Sign in with your e-mail and password.';
export const CANCELLED = "This invitation was cancelled. Ask your company's manager to send a new one.";
export const REPLACED = 'A newer invitation was sent for this address: use the link in the latest e-mail.';

export type CancelReason = 'resent' | 'revoked' | 'removed' | 'accepted';

/** Cancels the pending invitations of a person to a company (resend, revoke, removal, acceptance). */
export async function cancelPending(db: Db, reason: CancelReason, userId: number, customerId?: number): Promise<number> {
  const rows = await db.query(
    `UPDATE invitations SET cancelled_at = now(), cancel_reason = $3
      WHERE user_id = $1 AND ($2::int IS NULL OR customer_id = $2) AND accepted_at IS NULL AND cancelled_at IS NULL
      RETURNING id`,
    [userId, customerId ?? null, reason],
  );
  return rows.length;
}

interface Invitee {
  userId: number;
  email: string;
  customerId: number;
  invitedBy: number;
  hasAccount: boolean;
  /** Greeting in the mail (the account's own name when it exists). */
  name: string;
  /** What the company sees until acceptance. */
  invitedName: string;
}

/** Stores a new link (voiding any earlier one) and mails it, inside the caller's transaction. */
export async function sendInvitation(t: Db, s: Services, who: Invitee): Promise<{ expiresAt: Date }> {
  await cancelPending(t, 'resent', who.userId, who.customerId);
  const secret = newSecret();
  const row = await t.one<{ expires_at: Date; company: string; inviter: string }>(
    `INSERT INTO invitations (customer_id, user_id, invited_by, token_hash, expires_at, name)
     VALUES ($1, $2, $3, $4, now() + interval '${INVITE_DAYS} days', $5)
     RETURNING expires_at, (SELECT name FROM customers WHERE id = $1) AS company, (SELECT name FROM users WHERE id = $3) AS inviter`,
    [who.customerId, who.userId, who.invitedBy, sha256(secret), who.invitedName],
  );
  const link = `${s.config.publicUrl}${ACCEPT_ROUTE}?token=${secret}&email=${encodeURIComponent(who.email)}`;
  const step = who.hasAccount
    ? 'Open this link and confirm with your Facet password to join'
    : 'Open this link to choose your password and sign in';
  // Sent inside the transaction: if the mail cannot go, nothing is stored and the manager is told.
  await s.mailer.send({
    to: who.email,
    subject: `${row!.inviter} invited you to ${row!.company} on Facet`,
    text:
      `Hello ${who.name},\n\n${row!.inviter} invited you to join ${row!.company} on Facet.\n\n` +
      `${step} (valid for ${INVITE_DAYS} days, once):\n${link}\n\nIf you did not expect this, ignore this message.`,
  });
  return { expiresAt: row!.expires_at };
}

export interface OpenInvitation {
  id: number;
  customer_id: number;
  user_id: number;
  company: string;
  name: string;
  email: string;
  expires_at: Date;
  has_account: boolean;
  type: string;
  phone: string | null;
  photo: string | null;
  version_terms_use: string;
}

/** The invitation a link names, or the clear reason it cannot be used. */
export async function findInvitation(db: Db, token: string, email: string): Promise<OpenInvitation> {
  const row = await db.one<
    OpenInvitation & { accepted_at: Date | null; cancel_reason: CancelReason | null; expired: boolean; removed: boolean }
  >(
    `SELECT i.id, i.customer_id, i.user_id, i.expires_at, i.accepted_at, i.cancel_reason, i.expires_at <= now() AS expired,
            c.name AS company, u.name, u.email, u.password_hash <> '' AS has_account,
            u.type, u.phone, u.photo, u.version_terms_use, u.deleted_at IS NOT NULL AS removed
       FROM invitations i JOIN users u ON u.id = i.user_id JOIN customers c ON c.id = i.customer_id
      WHERE i.token_hash = $1 AND (u.email = $2 OR u.deleted_at IS NOT NULL)`,
    [sha256(token), email.trim().toLowerCase()],
  );
  // A removed person's address was wiped: their link still says it was cancelled.
  if (!row) throw fieldError('token', INVALID);
  if (row.removed) throw new ApiError(410, CANCELLED);
  if (row.accepted_at || row.cancel_reason === 'accepted') throw new ApiError(410, USED);
  if (row.cancel_reason === 'resent') throw new ApiError(410, REPLACED);
  if (row.cancel_reason) throw new ApiError(410, CANCELLED);
  if (row.expired) throw new ApiError(410, EXPIRED);
  return row;
}
