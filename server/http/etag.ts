// Weak ETags on the API's GET answers, and 304 for a matching If-None-Match, so that a client
// re-pulling an unchanged list gets a few hundred bytes instead of the list.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const etagOf = (body: string | Buffer) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** True when one of the If-None-Match tags equals ours (weak comparison, as RFC 9110 asks for GET). */
export function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = tag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === opaque);
}

export function installEtags(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // A handler that knows its version (list-cache) has set the tag already, and cheaper.
    const tag = (reply.getHeader('etag') as string | undefined) ?? etagOf(payload);
    reply.header('etag', tag);
    // Private data, never stored by a browser's cache: offline, a stored 200 would stand in for the
    // server (Firefox did). The client keeps its own ETag and sends If-None-Match (public embeds set their own).
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    if (!matches(req.headers['if-none-match'], tag)) return payload;
    reply.code(304);
    reply.removeHeader('content-length');
    reply.removeHeader('content-type');
    return '';
  });
}
