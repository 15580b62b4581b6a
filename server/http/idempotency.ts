// Idempotency-Key: the first response of a mutating call is kept and replayed for
// a repeat, so that a retried request never does its work twice.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { ApiError } from './errors.ts';
import { GONE_AFTER_SECONDS } from './instance.ts';

const MUTATING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const KEY = /^[A-Za-z0-9_.:-]{8,100}$/;
const STALE_CLAIM_SECONDS = 120;
/**
 * Whose keys: the signed-in user's, or for a public call (registration, a password reset) the
 * anonymous caller's, all under user 0. Keys are random per user action, so one caller cannot meet
 * another's; this lets a repeated registration replay its answer instead of registering twice.
 */
const ANONYMOUS = 0;
const ownerOf = (req: FastifyRequest) => req.user?.id ?? ANONYMOUS;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey?: string;
  }
}

/** instanceId: this process (http/instance.ts), written on each claim. */
export function installIdempotency(app: FastifyInstance, db: Db, instanceId: string) {
  // preHandler: the caller is known (onRequest) and the input is validated.
  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    const key = req.headers['idempotency-key'];
    if (!MUTATING.has(req.method) || typeof key !== 'string') return;
    const owner = ownerOf(req);
    if (!KEY.test(key)) throw new ApiError(422, 'The Idempotency-Key header is invalid.');
    const path = req.routeOptions.url ?? req.url;
    const claimed = await db.one(
      `INSERT INTO idempotency_keys (user_id, key, method, path, instance_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
      [owner, key, req.method, path, instanceId],
    );
    if (claimed) {
      req.idempotencyKey = key;
      return;
    }
    const prior = await db.one<{ method: string; path: string; status_code: number | null; response: unknown }>(
      'SELECT method, path, status_code, response FROM idempotency_keys WHERE user_id = $1 AND key = $2',
      [owner, key],
    );
    if (!prior || prior.method !== req.method || prior.path !== path) {
      throw new ApiError(422, 'This Idempotency-Key was used for another call.');
    }
    if (prior.status_code === null) {
      // A claim never answered because its process died (no heartbeat: killed, crashed) is taken
      // over at once, any claim after a while; a claim of a live process is in progress.
      const stale = await db.one(
        `UPDATE idempotency_keys k SET created_at = now(), instance_id = $3 WHERE user_id = $1 AND key = $2 AND status_code IS NULL
            AND (created_at < now() - interval '${STALE_CLAIM_SECONDS} seconds'
                 OR (instance_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM server_instances i
                      WHERE i.id = k.instance_id AND i.seen_at > now() - interval '${GONE_AFTER_SECONDS} seconds')))
          RETURNING key`,
        [owner, key, instanceId]);
      if (!stale) throw new ApiError(409, 'A request with this Idempotency-Key is still in progress.');
      req.idempotencyKey = key;
      return;
    }
    reply.header('idempotent-replay', 'true');
    return reply.status(prior.status_code).send(prior.response);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.idempotencyKey) return payload;
    const status = reply.statusCode;
    if (status >= 500) {
      // A failure that did nothing may be tried again under the same key.
      await db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2', [ownerOf(req), req.idempotencyKey]);
    } else {
      await db.query('UPDATE idempotency_keys SET status_code = $3, response = $4 WHERE user_id = $1 AND key = $2', [
        ownerOf(req), req.idempotencyKey, status, typeof payload === 'string' ? payload : JSON.stringify(payload ?? null),
      ]);
    }
    return payload;
  });
}

/**
 * A create's answer, written inside the create's own transaction: committed with the work, so a
 * process killed before its onSend leaves an answer to replay, never a claim whose retry creates
 * again (the chaos run's duplicates). onSend then writes the same answer once more, harmlessly.
 */
export async function recordAnswer<T>(t: Db, req: FastifyRequest, answer: T): Promise<T> {
  if (req.idempotencyKey) {
    await t.query('UPDATE idempotency_keys SET status_code = 200, response = $3 WHERE user_id = $1 AND key = $2', [
      ownerOf(req), req.idempotencyKey, JSON.stringify(answer),
    ]);
  }
  return answer;
}
