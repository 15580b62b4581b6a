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
  return db.one<AuthUser>(
    `UPDATE access_tokens t SET last_used_at = now()
       FROM users u
      WHERE t.token_hash = $1 AND t.expires_at > now() AND u.id = t.user_id AND u.enabled
      RETURNING u.id, u.name, u.email, u.type, u.phone, u.photo, u.version_terms_use`,
    [sha256(secret)],
  );
}

export function bearerOf(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return m?.[1]?.trim();
}
