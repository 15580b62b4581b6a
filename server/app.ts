// Builds the Fastify instance: the API under /backend, stored files, the portal's dist.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './http/errors.ts';
import { installEtags } from './http/etag.ts';
import { finiteKeyword } from './http/input-rules.ts';
import { installIdempotency } from './http/idempotency.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerPublicPages } from './http/public-pages.ts';
import { installRateLimits } from './http/rate-limit.ts';
import { registerGroup } from './http/routes.ts';
import { Mailer } from './mail/mailer.ts';
import { routeGroups } from './routes/index.ts';
import { sweepExpiredZips, ZIP_SWEEP_MS } from './domain/imagery-zips.ts';
import type { Services } from './services.ts';
import { Storage } from './storage/files.ts';

export interface App extends FastifyInstance {
  services: Services;
}

export interface AppOptions {
  /** Where log lines go instead of stdout (tests read the 5xx line). */
  logStream?: DestinationStream;
}

/**
 * Fastify 5 ignores a numeric trustProxy (it fails closed), so a hop count becomes the function
 * Express uses: trust the nearest N hops. Only safe when clients cannot reach the server directly.
 */
function trustProxyOption(t: Config['trustProxy']) {
  return typeof t === 'number' ? (_address: string, hop: number) => hop < t : t;
}

export async function buildApp(config: Config, db: Db, options: AppOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logStream ? { level: 'info', stream: options.logStream } : config.logger ? { level: 'info' } : false,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    clientErrorHandler,
    frameworkErrors,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: true }, plugins: [finiteKeyword] },
  }) as unknown as App;
  const services: Services = {
    config,
    db,
    storage: new Storage(config.storageDir),
    mailer: new Mailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, from: config.mailFrom }),
  };
  app.decorate('services', services);
  installErrorHandler(app);
  // Download zips expire; the zip calls sweep too, this catches a quiet server (issue 10).
  const zipSweep = setInterval(() => void sweepExpiredZips(db, services.storage).catch((err) => app.log.warn(err)), ZIP_SWEEP_MS);
  zipSweep.unref();
  app.addHook('onClose', async () => clearInterval(zipSweep));

  await installRateLimits(app, db);
  await app.register(multipart, { limits: { fileSize: config.uploadLimit } });
  await registerOpenApi(app, config.apiPrefix);

  await app.register(
    async (api) => {
      installIdempotency(api, db);
      installEtags(api);
      for (const group of routeGroups) registerGroup(api, services, group);
      api.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
      api.get('/health', { schema: { hide: true } }, async () => ({ success: true }));
    },
    { prefix: config.apiPrefix },
  );

  // Stored files are served read-only; names are generated, so they can be cached for long.
  await app.register(fastifyStatic, {
    root: services.storage.root,
    prefix: '/storage/',
    decorateReply: false,
    allowedPath: (path) => !path.replace(/^\/+/, '').startsWith('private'),
    maxAge: '7d',
  });

  const indexHtml = join(config.distDir, 'index.html');
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, { root: config.distDir, prefix: '/', wildcard: false, index: false, decorateReply: true });
    registerPublicPages(app, config.distDir);
    // Every other path belongs to the portal (client-side routes).
    app.get('/*', (req, reply) => {
      if (req.url.startsWith(`${config.apiPrefix}/`) || req.url.startsWith('/storage/')) {
        return reply.status(404).send({ success: false, message: 'Not found.' });
      }
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', config.distDir);
    });
  }
  return app;
}
