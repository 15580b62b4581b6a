// The per-client limit of the rate-limited routes (@fastify/rate-limit), counted in the database:
// one atomic upsert per request, so several server processes share the same counts.
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Db } from '../db/index.ts';
import { THROTTLE } from '../auth/throttle.ts';
import { ApiError } from './errors.ts';

type Done = (err: Error | null, res?: { current: number; ttl: number }) => void;
interface RouteInfo {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Adds one hit for (bucket, client) in the current window, opening a new window when it is over. */
async function hit(db: Db, bucket: string, client: string, windowMs: number) {
  const row = await db.one<{ hits: number; ttl: number }>(
    `INSERT INTO rate_limits (bucket, client, hits, reset_at) VALUES ($1, $2, 1, now() + $3 * interval '1 millisecond')
     ON CONFLICT (bucket, client) DO UPDATE SET
       hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
       reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
     RETURNING hits, ceil(greatest(0, extract(epoch FROM reset_at - now()) * 1000))::int AS ttl`,
    [bucket, client, windowMs],
  );
  return { current: row!.hits, ttl: row!.ttl };
}

async function peek(db: Db, bucket: string, client: string) {
  const row = await db.one<{ hits: number; ttl: number }>(
    `SELECT hits, ceil(extract(epoch FROM reset_at - now()) * 1000)::int AS ttl FROM rate_limits
      WHERE bucket = $1 AND client = $2 AND reset_at > now()`,
    [bucket, client],
  );
  return row ? { current: row.hits, ttl: row.ttl } : { current: 0, ttl: 0 };
}

/** A store class as @fastify/rate-limit wants one: each route gets a child with its own bucket. */
export function dbRateLimitStore(db: Db) {
  return class DbRateLimitStore {
    constructor(
      _options: unknown,
      private readonly bucket = 'global',
    ) {}
    incr(client: string, done: Done, timeWindow: number) {
      hit(db, this.bucket, client, timeWindow).then(
        (r) => done(null, r),
        (err: Error) => done(err),
      );
    }
    read(client: string, done: Done) {
      peek(db, this.bucket, client).then(
        (r) => done(null, r),
        (err: Error) => done(err),
      );
    }
    // The typings say route options; at run time they are the merged limit options with routeInfo.
    child(options: object) {
      const r = (options as RouteInfo).routeInfo ?? {};
      return new DbRateLimitStore(options, `${String(r.method)} ${r.url ?? ''}`);
    }
  };
}

/** Windows and throttle rows nobody needs any more (run now and then by one timer per process). */
export async function sweepLimits(db: Db) {
  await db.query(`DELETE FROM rate_limits WHERE reset_at < now() - interval '1 hour'`);
  await db.query(
    `DELETE FROM login_throttle WHERE last_attempt_at < now() - interval '${THROTTLE.forgetHours} hours' AND next_allowed_at < now()`,
  );
  await db.query(`DELETE FROM login_devices WHERE last_seen_at < now() - interval '${THROTTLE.deviceDays} days'`);
}

export async function installRateLimits(app: FastifyInstance, db: Db) {
  await app.register(rateLimit, {
    global: false,
    store: dbRateLimitStore(db),
    errorResponseBuilder: (_req, ctx) =>
      new ApiError(429, `Too many requests. Try again in ${Math.max(1, Math.ceil(ctx.ttl / 1000))} seconds.`),
  });
  const timer = setInterval(
    () => void sweepLimits(db).catch((err: unknown) => app.log.warn({ err }, 'sweeping limits failed')),
    10 * 60_000,
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
