// Versioned answers for the big list calls. Reading a list version is one index scan; building
// the 10,000-row product list is a second or more on PGlite. Each process keeps its own copy and
// checks the version against the database on every call, so several servers stay correct.
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { matches } from '../http/etag.ts';
import { authCacheOf } from '../auth/cache.ts';
import { countCache } from '../metrics/registry.ts';

const MAX_ENTRIES = 16;
interface ListCache {
  // Kept as bytes: encoding a 5 MB string on every answer would cost more than sending it.
  entries: Map<string, { version: string; json: Buffer; gzip?: Buffer }>;
  // One build per list version, however many requests ask for it at once (no thundering herd).
  building: Map<string, Promise<Buffer>>;
}
// One cache per server instance: two servers in one process (tests, twins) may serve different databases.
const caches = new WeakMap<object, ListCache>();
function cacheOf(server: object): ListCache {
  let c = caches.get(server);
  if (!c) caches.set(server, (c = { entries: new Map(), building: new Map() }));
  return c;
}

const stamp = (v: Date | string | null | undefined) => (v ? new Date(v).getTime() : 0);

/**
 * Changes whenever a live product of the company changes, appears or is deleted. Kept in the
 * process's cache, which migration 007's 'products:<id>' notices empty, so a list call that finds
 * its version there costs no query; without the LISTEN connection every call reads it.
 */
export async function productListVersion(db: Db, customerId: number | null): Promise<string> {
  const cache = authCacheOf(db);
  if (!cache) return readListVersion(db, customerId);
  return (await cache.get('listVersion', String(customerId ?? 'all'), async () => ({
    value: await readListVersion(db, customerId),
    user: 0,
  })))!;
}

async function readListVersion(db: Db, customerId: number | null): Promise<string> {
  const r = await db.one<{ n: number; u: Date | null; d: Date | null }>(
    `SELECT count(*)::int AS n, max(updated_at) AS u,
            (SELECT max(deleted_at) FROM tombstones WHERE entity = 'product' AND ($1::int IS NULL OR customer_id = $1)) AS d
       FROM products WHERE deleted_at IS NULL AND ($1::int IS NULL OR customer_id = $1)`,
    [customerId],
  );
  return `${r!.n}.${stamp(r!.u)}.${stamp(r!.d)}`;
}

/**
 * Answers a list from the cache when its version is current, with a version ETag and a 304 for a
 * client that already holds it; otherwise builds, serialises with the route's schema, and keeps it.
 */
export async function sendVersioned(
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
  version: string,
  build: () => Promise<unknown>,
): Promise<FastifyReply> {
  const tag = `W/"${key}.${version}"`;
  reply.header('etag', tag).header('cache-control', 'private, no-store');
  if (matches(req.headers['if-none-match'], tag)) return reply.code(304).send();
  const { entries, building } = cacheOf(req.server);
  let entry = entries.get(key);
  countCache('product-list', entry?.version === version);
  if (entry?.version !== version) {
    const flight = `${key}@${version}`;
    let json = building.get(flight);
    if (!json) {
      json = (async () => Buffer.from(String(reply.serialize(await build()))))();
      building.set(flight, json);
      void json.finally(() => building.delete(flight)).catch(() => undefined);
    }
    const bytes = await json;
    const now = entries.get(key);
    entry = now?.version === version ? now : { version, json: bytes };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  // Lists are large and repetitive (5 MB -> about a tenth): compressed once per version, not per call.
  if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    entry.gzip ??= gzipSync(entry.json, { level: 6 });
    return reply.header('content-encoding', 'gzip').send(entry.gzip);
  }
  return reply.send(entry.json);
}
