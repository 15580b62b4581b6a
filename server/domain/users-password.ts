// Confirming a sensitive action with the actor's own password (account delete, joining a company
// with an existing account). Failures are counted per account in the database, so the limit holds
// across server processes and addresses; the route is also rate-limited per client like login.
//
// SEAM: issue 16 is adding a shared database-backed throttle for password-checked actions. When it
// lands, replace the body of `confirmPassword` with it and drop password_check_failures.
import { verifyPassword } from '../auth/passwords.ts';
import type { Db } from '../db/index.ts';
import { ApiError, fieldError } from '../http/errors.ts';

export const MAX_FAILURES = 5;
export const WINDOW_MINUTES = 15;
export const WRONG_PASSWORD = 'The password is incorrect.';

export async function confirmPassword(db: Db, userId: number, password: string): Promise<void> {
  const recent = await db.one<{ n: number; wait: number | null }>(
    `SELECT count(*)::int AS n,
            ceil(extract(epoch FROM min(failed_at) + interval '${WINDOW_MINUTES} minutes' - now()) / 60)::int AS wait
       FROM password_check_failures WHERE user_id = $1 AND failed_at > now() - interval '${WINDOW_MINUTES} minutes'`,
    [userId]);
  if ((recent?.n ?? 0) >= MAX_FAILURES) {
    const wait = Math.max(1, recent?.wait ?? WINDOW_MINUTES);
    throw new ApiError(429, `Too many wrong passwords. Try again in ${wait} minute${wait === 1 ? '' : 's'}.`);
  }
  const row = await db.one<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
  if (!row || !(await verifyPassword(password, row.password_hash))) {
    await db.query('INSERT INTO password_check_failures (user_id) VALUES ($1)', [userId]);
    throw fieldError('password', WRONG_PASSWORD);
  }
  await db.query('DELETE FROM password_check_failures WHERE user_id = $1', [userId]);
}
