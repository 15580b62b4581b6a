// The per-account login throttle, shared by every process through the database.
//
// Policy: 5 failed password checks in a row on one account are free. From the 5th on, the account
// waits before its next check: 2 s (LOGIN_THROTTLE_BASE_MS), then 4, 8, 16 … up to 5 minutes (at
// most ~12 guesses an hour, from however many addresses). While it waits, a try is refused with 429
// and Retry-After, without looking at the password and without lengthening the wait. A success
// clears the count; a quiet day forgets it. It is never a lock: a correct password after the wait
// works. And a browser that signed in to the account in the last 30 days (device cookie) skips the
// wait altogether, so an attacker's guesses cannot keep the owner out; that browser has its own 5
// free failures.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_THROTTLE_BASE_MS, type Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import { newSecret, sha256 } from './passwords.ts';

export const THROTTLE = { freeFailures: 5, maxDelaySeconds: 300, forgetHours: 24, deviceDays: 30 } as const;
export const DEVICE_COOKIE = 'facet_device';

/** Seconds an account waits after `failures` failed checks in a row, the first wait being `baseMs`. */
export function delayAfter(failures: number, baseMs: number = LOGIN_THROTTLE_BASE_MS): number {
  const { freeFailures, maxDelaySeconds } = THROTTLE;
  return failures < freeFailures ? 0 : Math.min(maxDelaySeconds, (baseMs / 1000) * 2 ** (failures - freeFailures));
}

/** The first wait of the server that took the request (its LOGIN_THROTTLE_BASE_MS); the default without one. */
function baseMsOf(req: FastifyRequest): number {
  const server = req.server as { services?: { config: Pick<Config, 'loginThrottleBaseMs'> } } | undefined;
  return server?.services?.config.loginThrottleBaseMs ?? LOGIN_THROTTLE_BASE_MS;
}

export const accountKey = (email: string) => sha256(`login:${email.trim().toLowerCase()}`);

function deviceOf(req: FastifyRequest): string | undefined {
  const m = new RegExp(`(?:^|;\\s*)${DEVICE_COOKIE}=([\\w-]{20,100})(?:;|$)`).exec(req.headers.cookie ?? '');
  return m ? sha256(m[1]!) : undefined;
}

async function trustedDevice(db: Db, account: string, device: string | undefined): Promise<boolean> {
  if (!device) return false;
  const row = await db.one<{ failures: number }>(
    `SELECT failures FROM login_devices WHERE account = $1 AND device_hash = $2
        AND last_seen_at > now() - interval '${THROTTLE.deviceDays} days'`,
    [account, device],
  );
  return !!row && row.failures < THROTTLE.freeFailures;
}

/**
 * Counts this check as a failure before it runs (a success clears it), so a burst of parallel
 * guesses cannot slip past the count. Refuses while the account waits, unless the device is trusted.
 */
async function claim(db: Db, account: string, trusted: boolean, baseMs: number): Promise<void> {
  const waitSeconds = await db.tx(async (t) => {
    await t.query('INSERT INTO login_throttle (account) VALUES ($1) ON CONFLICT DO NOTHING', [account]);
    const row = (await t.one<{ failures: number; stale: boolean; wait: number }>(
      `SELECT failures, last_attempt_at < now() - interval '${THROTTLE.forgetHours} hours' AS stale,
              ceil(greatest(0, extract(epoch FROM next_allowed_at - now())))::int AS wait
         FROM login_throttle WHERE account = $1 FOR UPDATE`,
      [account],
    ))!;
    if (row.wait > 0 && !row.stale && !trusted) return row.wait;
    const failures = (row.stale ? 0 : row.failures) + 1;
    await t.query(
      `UPDATE login_throttle SET failures = $2, last_attempt_at = now(), next_allowed_at = now() + $3 * interval '1 second' WHERE account = $1`,
      [account, failures, delayAfter(failures, baseMs)],
    );
    return 0;
  });
  if (waitSeconds > 0) {
    throw new ApiError(
      429,
      `Too many failed sign-in attempts for this account. Try again in ${waitSeconds} seconds.`,
      undefined,
      undefined,
      { 'retry-after': String(waitSeconds) },
    );
  }
}

/**
 * A password check under the per-account throttle: login uses it, and so must any action that asks
 * for the password again (e.g. deleting one's account), with the account's email. Throws 429 while
 * the account must wait; otherwise runs `check` and records its outcome, returning it.
 */
export async function passwordCheckedAction(
  db: Db,
  req: FastifyRequest,
  email: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const account = accountKey(email);
  const device = deviceOf(req);
  await claim(db, account, await trustedDevice(db, account, device), baseMsOf(req));
  const ok = await check();
  if (ok) {
    await db.query(`UPDATE login_throttle SET failures = 0, next_allowed_at = now() WHERE account = $1`, [account]);
  } else if (device) {
    await db.query('UPDATE login_devices SET failures = failures + 1 WHERE account = $1 AND device_hash = $2', [account, device]);
  }
  return ok;
}

/** After a successful login: this browser is trusted for the account (a new device cookie if it has none). */
export async function trustDevice(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  email: string,
  secure: boolean,
): Promise<void> {
  let device = deviceOf(req);
  if (!device) {
    const secret = newSecret();
    device = sha256(secret);
    const days = THROTTLE.deviceDays;
    void reply.header(
      'set-cookie',
      `${DEVICE_COOKIE}=${secret}; Max-Age=${days * 86400}; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
    );
  }
  await db.query(
    `INSERT INTO login_devices (account, device_hash) VALUES ($1, $2)
     ON CONFLICT (account, device_hash) DO UPDATE SET failures = 0, last_seen_at = now()`,
    [accountKey(email), device],
  );
}
