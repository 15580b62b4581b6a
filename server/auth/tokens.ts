// Personal access tokens: "<id>|<secret>" is handed out once; only sha256(secret) is kept.
import type { Db } from '../db/index.ts';
import { authCacheOf } from './cache.ts';
import { newSecret, sha256 } from './passwords.ts';

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  type: 'client' | 'staff';
  phone: string | null;
  photo: string | null;
  version_terms_use: string;
}

const TOKEN_DAYS = 60;

/**
 * Who may hold a session: an account that is enabled, not removed, and staff or enabled in at least
 * one company (disable is per company membership; someone disabled everywhere is a disabled user).
 * Checked on every request, so a disabled user's token stops working even if it was issued late.
 */
const USABLE = `u.enabled AND u.deleted_at IS NULL AND (u.type = 'staff'
  OR EXISTS (SELECT 1 FROM memberships um WHERE um.user_id = u.id AND um.enabled))`;

export async function accountUsable(db: Db, userId: number): Promise<boolean> {
  return !!(await db.one(`SELECT 1 FROM users u WHERE u.id = $1 AND ${USABLE}`, [userId]));
}

/** Ends every session of a user at once (disable, removal). */
export async function revokeTokens(db: Db, userId: number): Promise<void> {
  await db.query('DELETE FROM access_tokens WHERE user_id = $1', [userId]);
}

export async function issueToken(db: Db, userId: number): Promise<string> {
  const secret = newSecret();
  const row = await db.one<{ id: number }>(
    `INSERT INTO access_tokens (user_id, token_hash, expires_at)
     VALUES ($1, $2, now() + interval '${TOKEN_DAYS} days') RETURNING id`,
    [userId, sha256(secret)],
  );
  // The user list shows when someone last signed in, which outlives the token itself.
  await db.query('UPDATE users SET last_sign_in_at = now() WHERE id = $1', [userId]);
  return `${row!.id}|${secret}`;
}

const secretOf = (token: string) => (token.includes('|') ? token.slice(token.indexOf('|') + 1) : token);

/** When a live token ends (ms since the epoch): a live stream says bye then (server/live). */
export async function tokenExpiry(db: Db, token: string): Promise<number | undefined> {
  const row = await db.one<{ expires_at: Date | string }>('SELECT expires_at FROM access_tokens WHERE token_hash = $1', [
    sha256(secretOf(token)),
  ]);
  return row ? new Date(row.expires_at).getTime() : undefined;
}

/** Accepts the secret alone (what the portal sends) or the whole "<id>|<secret>". */
export async function userForToken(db: Db, token: string): Promise<AuthUser | undefined> {
  const secret = secretOf(token);
  if (!secret || secret.length > 200) return undefined;
  const hash = sha256(secret);
  const cache = authCacheOf(db);
  if (!cache) return (await lookupToken(db, hash))?.user;
  const found = await cache.get('token', hash, async () => {
    const s = await lookupToken(db, hash);
    return s && { value: s, user: s.user.id };
  });
  if (found && found.expiresAt <= Date.now()) {
    cache.forget('token', hash);
    return undefined;
  }
  return found?.user;
}

interface Session {
  user: AuthUser;
  expiresAt: number;
}

/** The token's user, if the token is live and the account may hold a session (a cache miss). */
async function lookupToken(db: Db, hash: string): Promise<Session | undefined> {
  const row = await db.one<AuthUser & { token_id: number; stale: boolean; expires_at: Date | string }>(
    `SELECT u.id, u.name, u.email, u.type, u.phone, u.photo, u.version_terms_use, t.id AS token_id, t.expires_at,
            (t.last_used_at IS NULL OR t.last_used_at < now() - interval '5 minutes') AS stale
       FROM access_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.expires_at > now() AND ${USABLE}`,
    [hash],
  );
  if (!row) return undefined;
  // The last-use stamp is written at most every 5 minutes per token (and only on a cache miss).
  if (row.stale) await db.query('UPDATE access_tokens SET last_used_at = now() WHERE id = $1', [row.token_id]);
  const { token_id: _id, stale: _stale, expires_at, ...user } = row;
  return { user, expiresAt: new Date(expires_at).getTime() };
}

export function bearerOf(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return m?.[1]?.trim();
}
