// Builds the Fastify instance: the API under /backend, stored files, the portal's dist.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { openAuthCache } from './auth/cache.ts';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './http/errors.ts';
import { installEtags } from './http/etag.ts';
import { AJV_OPTIONS } from './http/input-rules.ts';
import { SCHEMA_CONTROLLER } from './http/schema-compilers.ts';
import { installIdempotency } from './http/idempotency/index.ts';
import { registerInstance } from './http/instance.ts';
import { registerOpenApi } from './http/openapi.ts';
import { installRateLimits } from './http/rate-limit.ts';
import { registerGroup, type RouteGroup } from './http/routes.ts';
import { routeGroups } from './routes/index.ts';
import { sweepExpiredZips, ZIP_SWEEP_MS } from './domain/imagery-zips.ts';
import { createServices, type Services } from './services.ts';
import { startWorkers } from './jobs/index.ts';
import { loggerOptions } from './http/logging.ts';
import { installPortal } from './http/portal.ts';
import { registerOembed, registerPublicPages } from './http/public-pages.ts';
import { registerReviewAr } from './http/review-ar.ts';
import { installDrain } from './http/drain.ts';
import { registerHealth } from './http/health.ts';
import { installHttpMetrics } from './metrics/http.ts';
import { installSecurityHeaders, useScope } from './http/security-headers.ts';
import { registerCspReports } from './http/csp-reports.ts';

export interface App extends FastifyInstance {
  services: Services;
}

export interface AppOptions {
  /** Where log lines go instead of stdout (tests read the 5xx line). */
  logStream?: DestinationStream;
  /** Route groups left out: tests of a server without one of our extensions (the bulk call's fallback). */
  without?: RouteGroup[];
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
    logger: loggerOptions(config, options.logStream),
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    clientErrorHandler,
    frameworkErrors,
    // drain.ts answers what arrives while closing, in our error shape.
    return503OnClosing: false,
    ajv: AJV_OPTIONS,
    schemaController: SCHEMA_CONTROLLER,
  }) as unknown as App;
  // First: every request is counted, also the ones refused while draining.
  if (config.metricsPort !== undefined) installHttpMetrics(app);
  const drain = installDrain(app, config.shutdownTimeoutMs);
  const services = createServices(config, db, app.log);
  app.decorate('services', services);
  // Background jobs (issue 14): worked here too unless WORKERS_IN_PROCESS=0; stopped once the requests
  // are done (one may still queue a job), with what is left of the shutdown bound, before the database closes.
  if (config.jobs.inProcess) app.addHook('onReady', async () => startWorkers(services, app.log));
  app.addHook('onClose', async () => services.jobs.stop(Math.max(1000, drain.remainingMs())));
  installErrorHandler(app);
  await installSecurityHeaders(app, config);
  registerCspReports(app, services.cspReports);
  const auth = await openAuthCache(db, (msg, err) => app.log.warn({ err }, msg));
  const instance = await registerInstance(db, (err) => app.log.warn({ err }, 'server heartbeat failed'));
  app.addHook('onClose', auth.release);
  // The live channel (issue 44): its streams close first on a stop, each told to reconnect elsewhere.
  await services.live.start(auth.cache);
  app.addHook('preClose', async () => services.live.closeAll());
  app.addHook('onClose', () => services.live.stop());
  app.addHook('onClose', instance.stop);
  // Download zips expire; the zip calls sweep too, this catches a quiet server (issue 10).
  const zipSweep = setInterval(() => void sweepExpiredZips(db, services.storage).catch((err) => app.log.warn(err)), ZIP_SWEEP_MS);
  zipSweep.unref();
  app.addHook('onClose', async () => clearInterval(zipSweep));

  await installRateLimits(app, db);
  await app.register(multipart, { limits: { fileSize: config.uploadLimit } });
  await registerOpenApi(app, config.apiPrefix);
  // API answers over 1 kB, brotli (quality 4) or gzip; answers that carry their own encoding (the
  // list cache's gzip copy, precompressed portal files) are left alone.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(
    async (api) => {
      installIdempotency(api, services, instance.id);
      installEtags(api);
      // A write answers only once the auth changes it committed have reached this process's cache.
      api.addHook('onSend', async (req, reply, payload) => {
        if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) await auth.cache.settle();
        return payload;
      });
      for (const group of routeGroups) if (!options.without?.includes(group)) registerGroup(api, services, group);
      api.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
      api.get('/health', { schema: { hide: true } }, async () => ({ success: true }));
    },
    { prefix: config.apiPrefix },
  );

  // /iframe/360, /viewer/ and /oembed (issue 14): before the portal's catch-all.
  await app.register(async (pages) => {
    useScope(pages, 'public-page', config);
    registerPublicPages(pages, services);
  });
  // A review version's AR page and files through its signed link (issue 42): pages of their own scope.
  await registerReviewAr(app, services);
  registerOembed(app, services);
  registerHealth(app, services);
  app.addHook('onClose', async () => services.storage.store.close?.());
  await installPortal(app, config, services.storage, db);
  return app;
}
