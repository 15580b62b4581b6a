// Idempotency-Key (our extension; src/api/contract/idempotency.ts): the first answer of a write is kept
// and replayed for a repeat of the same request, so that a retried request never does its work twice.
// A key belongs to its caller and to its request's fingerprint (fingerprint.ts); the same key with
// another request is refused. Answers are purged after IDEMPOTENCY_TTL_HOURS (sweep.ts), and a secret
// in an answer is never stored (secrets.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint } from '../../../src/api/contract/define.ts';
import { idempotencyCodes as codes, idempotencyWords as words } from '../../../src/api/contract/idempotency.ts';
import type { Db } from '../../db/index.ts';
import type { Services } from '../../services.ts';
import { ApiError } from '../errors.ts';
import { GONE_AFTER_SECONDS } from '../instance.ts';
import { fingerprintOf } from './fingerprint.ts';
import { restoreSecrets, withholdSecrets, type Withheld } from './secrets.ts';
import { sweepIdempotency, SWEEP_MS } from './sweep.ts';

const MUTATING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const KEY = /^[A-Za-z0-9_.:-]{8,100}$/;
const STALE_CLAIM_SECONDS = 120;
/**
 * A public call (a registration, an invitation's acceptance) has no user: its keys sit under user 0,
 * each prefixed with its request's fingerprint, so an anonymous key is owned by its request and one
 * caller can never meet another's answer.
 */
const ANONYMOUS = 0;

interface Claim {
  owner: number;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: Claim;
  }
}

interface Prior {
  method: string;
  path: string;
  fingerprint: string | null;
  status_code: number | null;
  response: unknown;
  purged_at: Date | null;
  secret_subject: number | null;
  secret_check: string | null;
}

const endpointOf = (req: FastifyRequest) => (req.routeOptions.config as { endpoint?: Endpoint } | undefined)?.endpoint;
const refusal = (status: number, message: string, code: string) => new ApiError(status, message, undefined, { code });

export function installIdempotency(app: FastifyInstance, s: Services, instanceId: string) {
  const { db, secret } = s;
  // preHandler: the caller is known (onRequest), the input validated and a multipart call's files read.
  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    const given = req.headers['idempotency-key'];
    if (!MUTATING.has(req.method) || typeof given !== 'string') return;
    if (!KEY.test(given)) throw new ApiError(422, words.invalid);
    const fingerprint = fingerprintOf(req, secret);
    const owner = req.user?.id ?? ANONYMOUS;
    const key = owner === ANONYMOUS ? `${fingerprint}:${given}` : given;
    const path = req.routeOptions.url ?? req.url;
    const claimed = await db.one(
      `INSERT INTO idempotency_keys (user_id, key, method, path, fingerprint, instance_id) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
      [owner, key, req.method, path, fingerprint, instanceId],
    );
    if (claimed) {
      req.idempotency = { owner, key };
      return;
    }
    const prior = await db.one<Prior>('SELECT * FROM idempotency_keys WHERE user_id = $1 AND key = $2', [owner, key]);
    // Gone between the two statements (a failure removed its claim): the client tries again.
    if (!prior) throw refusal(409, words.inProgress, codes.inProgress);
    // A row of an earlier release has no fingerprint: its method and route are what it can be told by.
    if (prior.method !== req.method || prior.path !== path || (prior.fingerprint !== null && prior.fingerprint !== fingerprint)) {
      throw refusal(422, words.keyReused, codes.keyReused);
    }
    if (prior.status_code === null) {
      if (!(await takeOverStaleClaim(db, owner, key, instanceId))) throw refusal(409, words.inProgress, codes.inProgress);
      req.idempotency = { owner, key };
      return;
    }
    if (prior.purged_at) throw refusal(409, words.answerExpired, codes.answerExpired);
    const withheld =
      prior.secret_subject !== null ? { subject: prior.secret_subject, check: prior.secret_check ?? '' } : undefined;
    const answer = await restoreSecrets(db, endpointOf(req), prior.response, withheld, secret);
    if (answer === undefined) throw refusal(403, words.replayRefused, codes.replayRefused);
    reply.header('idempotent-replay', 'true');
    return reply.status(prior.status_code).send(answer);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const claim = req.idempotency;
    if (!claim) return payload;
    const status = reply.statusCode;
    if (status >= 500) {
      // A failure that did nothing may be tried again under the same key.
      await db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2', [claim.owner, claim.key]);
      return payload;
    }
    const text = typeof payload === 'string' ? payload : JSON.stringify(payload ?? null);
    const e = endpointOf(req);
    let stored: unknown = text;
    let withheld: Withheld | undefined;
    if (e?.secrets && status < 300) ({ answer: stored, withheld } = await withholdSecrets(db, e, JSON.parse(text), secret));
    await store(db, claim, status, stored, withheld);
    return payload;
  });

  // Answers older than the TTL go, the facts of keys later (sweep.ts); every process sweeps, harmlessly.
  const sweep = () =>
    void sweepIdempotency(db, s.config.idempotencyTtlHours).catch((err) => app.log.warn({ err }, 'idempotency sweep failed'));
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  app.addHook('onReady', async () => sweep());
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * A claim never answered because its process died (no heartbeat: killed, crashed) is taken over at
 * once, any claim after a while; a claim of a live process is in progress.
 */
async function takeOverStaleClaim(db: Db, owner: number, key: string, instanceId: string): Promise<boolean> {
  return !!(await db.one(
    `UPDATE idempotency_keys k SET created_at = now(), instance_id = $3 WHERE user_id = $1 AND key = $2 AND status_code IS NULL
        AND (created_at < now() - interval '${STALE_CLAIM_SECONDS} seconds'
             OR (instance_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM server_instances i
                  WHERE i.id = k.instance_id AND i.seen_at > now() - interval '${GONE_AFTER_SECONDS} seconds')))
      RETURNING key`,
    [owner, key, instanceId],
  ));
}

async function store(db: Db, claim: Claim, status: number, answer: unknown, withheld?: Withheld): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET status_code = $3, response = $4, secret_subject = $5, secret_check = $6 WHERE user_id = $1 AND key = $2`,
    [
      claim.owner,
      claim.key,
      status,
      typeof answer === 'string' ? answer : JSON.stringify(answer ?? null),
      withheld?.subject ?? null,
      withheld?.check ?? null,
    ],
  );
}

/**
 * A create's answer, written inside the create's own transaction: committed with the work, so a
 * process killed before its onSend leaves an answer to replay, never a claim whose retry creates
 * again (the chaos run's duplicates). onSend then writes the same answer once more, harmlessly.
 * (No create answers with a secret: a sign-in is never recorded here.)
 */
export async function recordAnswer<T>(t: Db, req: FastifyRequest, answer: T): Promise<T> {
  if (req.idempotency) await store(t, req.idempotency, 200, JSON.stringify(answer));
  return answer;
}
