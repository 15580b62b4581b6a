// Secret fields of a stored answer (the contract's `secrets`: access tokens). The answer is kept
// without them; the account they signed in is kept with an HMAC of its password hash at that time.
// A replay issues a new token only after checking the account again: it may still sign in, and its
// password is the one it had when the first answer was given (a reset since then ends the replay).
import { createHmac } from 'node:crypto';
import type { Endpoint } from '../../../src/api/contract/define.ts';
import { accountUsable, issueToken } from '../../auth/tokens.ts';
import type { Db } from '../../db/index.ts';

export interface Withheld {
  subject: number;
  check: string;
}

const passwordCheck = async (db: Db, userId: number, secret: Buffer) => {
  const row = await db.one<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
  return row && createHmac('sha256', secret).update(row.password_hash).digest('hex');
};

/** The answer to store: its secret fields set to null, and whose sign-in they were. */
export async function withholdSecrets(
  db: Db,
  e: Endpoint | undefined,
  answer: unknown,
  secret: Buffer,
): Promise<{ answer: unknown; withheld?: Withheld }> {
  if (!e?.secrets || !answer || typeof answer !== 'object') return { answer };
  const stored = { ...(answer as Record<string, unknown>) };
  let withheld: Withheld | undefined;
  for (const field of Object.keys(e.secrets)) {
    const value = stored[field];
    if (typeof value !== 'string') continue;
    stored[field] = null;
    const tokenId = Number(value.split('|')[0]);
    const owner = Number.isInteger(tokenId)
      ? await db.one<{ user_id: number }>('SELECT user_id FROM access_tokens WHERE id = $1', [tokenId])
      : undefined;
    const check = owner && (await passwordCheck(db, owner.user_id, secret));
    if (owner && check) withheld = { subject: owner.user_id, check };
  }
  return { answer: stored, withheld };
}

/** The stored answer with new secrets, or undefined when the account may no longer have them. */
export async function restoreSecrets(
  db: Db,
  e: Endpoint | undefined,
  answer: unknown,
  withheld: Withheld | undefined,
  secret: Buffer,
): Promise<unknown> {
  if (!e?.secrets || !answer || typeof answer !== 'object') return answer;
  const fields = Object.keys(e.secrets).filter((f) => (answer as Record<string, unknown>)[f] === null);
  if (!fields.length) return answer;
  if (
    !withheld ||
    !(await accountUsable(db, withheld.subject)) ||
    (await passwordCheck(db, withheld.subject, secret)) !== withheld.check
  )
    return undefined;
  const restored = { ...(answer as Record<string, unknown>) };
  for (const field of fields) restored[field] = await issueToken(db, withheld.subject);
  return restored;
}
