// Confirming a sensitive action with the actor's own password (account delete, joining a company
// with an existing account). It goes through the login throttle (server/auth/throttle.ts), so the
// wrong passwords given here and at sign-in count together, per account, in the database.
import type { FastifyRequest } from 'fastify';
import { verifyPassword } from '../auth/passwords.ts';
import { passwordCheckedAction } from '../auth/throttle.ts';
import type { Db } from '../db/index.ts';
import { fieldError } from '../http/errors.ts';

export const WRONG_PASSWORD = 'The password is incorrect.';

export async function confirmPassword(db: Db, req: FastifyRequest, userId: number, password: string): Promise<void> {
  const row = await db.one<{ email: string; password_hash: string }>('SELECT email, password_hash FROM users WHERE id = $1', [
    userId,
  ]);
  const ok = await passwordCheckedAction(
    db,
    req,
    row?.email ?? `user-${userId}`,
    async () => !!row?.password_hash && verifyPassword(password, row.password_hash),
  );
  if (!ok) throw fieldError('password', WRONG_PASSWORD);
}
