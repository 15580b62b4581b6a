// The portal's files and the stored files, with the caching each deserves:
// - /assets/* carry a content hash in their names: cached for a year, immutable;
// - index.html, sw.js, the web manifest (and every other unhashed file) are revalidated each time
//   (ETag / Last-Modified make that a 304), so a new release is seen at once;
// - /storage files have generated names and ETags; their cache, disposition and cross-origin headers
//   are storage-headers.ts's; with `?download=1` they come as an attachment under their uploaded name
//   (downloads.ts).
// Each of the two is a scope of the security headers (security-headers.ts).
// Text files are sent as the .br / .gz copies the build wrote next to them (vite.config.ts), by
// what the client accepts; @fastify/compress covers anything without such a copy.
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { downloadHeader } from './downloads.ts';
import type { Storage } from '../storage/files.ts';
import { S3Store } from '../storage/s3.ts';
import { serveFromS3 } from '../storage/serve-s3.ts';
import { useScope } from './security-headers.ts';
import { KTX2_WORKER_PATH, KTX2_WORKER_POLICY } from './content-policy.ts';
import { installStorageHeaders } from './storage-headers.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The Cache-Control of a portal file, by its path inside dist. */
export function portalCacheControl(relative: string): string {
  return /^assets\//.test(relative.split(sep).join('/')) ? IMMUTABLE : REVALIDATE;
}

export async function installPortal(app: FastifyInstance, config: Config, storage: Storage, db: Db) {
  // The stored files in a scope of their own, so `?download=1` (downloads.ts) names only them.
  await app.register(async (files) => {
    useScope(files, 'storage', config);
    installStorageHeaders(files, db);
    files.addHook('onRequest', downloadHeader(db));
    // A file drawn on first use (the demo's layers) is stored before either server below reads it.
    files.addHook('onRequest', async (req) => {
      if (!req.url.startsWith('/storage/')) return;
      let path: string;
      try {
        path = decodeURIComponent(req.url.slice('/storage/'.length).split('?')[0]!);
      } catch {
        return; // answered 404 by the server below
      }
      await storage.ensure(path);
    });
    if (storage.store instanceof S3Store) serveFromS3(files, storage.store);
    else
      await files.register(fastifyStatic, {
        root: storage.root!,
        prefix: '/storage/',
        decorateReply: false,
        allowedPath: (path) => !path.replace(/^\/+/, '').startsWith('private'),
        cacheControl: false,
        etag: true,
      });
  });

  const indexHtml = join(config.distDir, 'index.html');
  if (!existsSync(indexHtml)) return;
  await app.register(async (portal) => {
    useScope(portal, 'portal', config);
    // The one answer whose policy differs from the portal's: the KTX2 transcoder's worker (content-policy.ts).
    portal.addHook('onSend', async (req, reply, payload) => {
      if (req.url.split(/[?#]/)[0] === KTX2_WORKER_PATH) reply.header('content-security-policy', KTX2_WORKER_POLICY);
      return payload;
    });
    await servePortal(portal, config);
  });
}

async function servePortal(app: FastifyInstance, config: Config) {
  const root = config.distDir.endsWith(sep) ? config.distDir : config.distDir + sep;
  await app.register(fastifyStatic, {
    root: config.distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, path: string) => {
      const relative = path.startsWith(root) ? path.slice(root.length) : path;
      reply.header('cache-control', portalCacheControl(relative));
    },
  });
  // Every other path belongs to the portal (client-side routes).
  app.get('/*', (req, reply) => {
    if (req.url.startsWith(`${config.apiPrefix}/`) || req.url.startsWith('/storage/')) {
      return reply.status(404).send({ success: false, message: 'Not found.' });
    }
    return reply.sendFile('index.html', config.distDir);
  });
}
