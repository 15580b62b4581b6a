// A request's fingerprint: what makes two requests under one Idempotency-Key "the same request".
// Method, route, the normalised path parameters and query (the specs' deletes carry their ids there),
// the parsed body fields (a multipart call's text parts) and the digests of its files, never the raw
// multipart bytes, whose boundary changes on every retry. It is an HMAC under the server's secret
// (FACET_SECRET), not a plain hash: a body may hold a password, and the table must not let anyone
// check guesses against it.
import { createHash, createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** JSON with object keys in order, so that {a, b} and {b, a} are one request. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function fingerprintOf(req: FastifyRequest, secret: Buffer): string {
  const files = Object.fromEntries(
    Object.entries(req.uploads ?? {}).map(([field, f]) => [field, f && createHash('sha256').update(f.bytes).digest('hex')]),
  );
  const request = [req.method, req.routeOptions.url ?? '', req.params ?? {}, req.query ?? {}, req.body ?? null, files];
  return createHmac('sha256', secret).update(canonical(request)).digest('hex');
}
