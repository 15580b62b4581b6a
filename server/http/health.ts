// /healthz (the process runs) and /readyz (it can serve: readiness.ts) at the root, for load
// balancers and orchestrators. Not part of the API contract (hidden from OpenAPI), no auth, no rate
// limit; registered before the portal's catch-all. While the server drains, drain.ts answers both 503.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { readinessCheck } from './readiness.ts';

export function registerHealth(app: FastifyInstance, services: Services): void {
  const notReady = readinessCheck(services, (err, why) => app.log.warn({ err }, `readyz: ${why}`));
  app.get('/healthz', { schema: { hide: true } }, async () => ({ success: true }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const why = await notReady();
    if (why) return reply.code(503).header('cache-control', 'no-store').send({ success: false, message: why });
    return reply.header('cache-control', 'no-store').send({ success: true });
  });
}
