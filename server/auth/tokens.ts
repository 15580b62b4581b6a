// Personal access tokens: "<id>|<secret>" is handed out once; only sha256(secret) is kept.
import type { Db } from '../db/index.ts';
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

export async function issueToken(db: Db, userId: number): Promise<string> {
  const secret = newSecret();
  const row = await db.one<{ id: number }>(
    `INSERT INTO access_tokens (user_id, token_hash, expires_at)
     VALUES ($1, $2, now() + interval '${TOKEN_DAYS} days') RETURNING id`,
    [userId, sha256(secret)],
  );
  return `${row!.id}|${secret}`;
}

/** Accepts the secret alone (what the portal sends) or the whole "<id>|<secret>". */
export async function userForToken(db: Db, token: string): Promise<AuthUser | undefined> {
  const secret = token.includes('|') ? token.slice(token.indexOf('|') + 1) : token;
  if (!secret || secret.length > 200) return undefined;
  const row = await db.one<AuthUser & { token_id: number; stale: boolean }>(
    `SELECT u.id, u.name, u.email, u.type, u.phone, u.photo, u.version_terms_use, t.id AS token_id,
            (t.last_used_at IS NULL OR t.last_used_at < now() - interval '5 minutes') AS stale
       FROM access_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.expires_at > now() AND u.enabled`,
    [sha256(secret)],
  );
  if (!row) return undefined;
  // A read per request; the last-use stamp is written at most every 5 minutes per token.
  if (row.stale) await db.query('UPDATE access_tokens SET last_used_at = now() WHERE id = $1', [row.token_id]);
  const { token_id: _id, stale: _stale, ...user } = row;
  return user;
}

export function bearerOf(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return m?.[1]?.trim();
}
