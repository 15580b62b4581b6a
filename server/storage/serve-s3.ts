// GET/HEAD /storage/<path> when the files are in S3: streamed through the server (decision in
// docs/decisions.md), with the store's ETag (304 for If-None-Match) and byte ranges (206, 416),
// under the same headers as the local files (http/storage-headers.ts). private/ is never served, as on local disk.
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { S3Store } from './s3.ts';

const notFound = (reply: FastifyReply) => reply.status(404).send({ success: false, message: 'Not found.' });

export function serveFromS3(app: FastifyInstance, store: S3Store) {
  app.get('/storage/*', { compress: false, schema: { hide: true } }, async (req, reply) => {
    let path: string;
    try {
      path = decodeURIComponent((req.params as { '*': string })['*']);
    } catch {
      return notFound(reply);
    }
    if (!path || path.startsWith('private/') || path.split('/').some((p) => !p || p === '.' || p === '..'))
      return notFound(reply);
    const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
    const inm = req.headers['if-none-match'];
    const r = await store.get(path, { range, ifNoneMatch: typeof inm === 'string' ? inm : undefined });
    if ('status' in r) {
      if (r.status === 404) return notFound(reply);
      if (r.status === 304) return reply.status(304).send();
      return reply.status(416).send({ success: false, message: 'The requested range cannot be satisfied.' });
    }
    reply
      .status(r.ContentRange ? 206 : 200)
      .header('content-type', r.ContentType ?? 'application/octet-stream')
      .header('accept-ranges', 'bytes');
    if (r.ETag) reply.header('etag', r.ETag);
    if (r.LastModified) reply.header('last-modified', r.LastModified.toUTCString());
    if (r.ContentLength !== undefined) reply.header('content-length', r.ContentLength);
    if (r.ContentRange) reply.header('content-range', r.ContentRange);
    return reply.send(r.Body as Readable);
  });
}
