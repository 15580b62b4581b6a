// Per-request metrics: counted by the route's pattern (/backend/api/products/:id, not the URL),
// so the number of series stays bounded whatever clients send.
import type { FastifyInstance } from 'fastify';
import { httpDuration, httpInFlight, httpRequests, httpServerErrors } from './registry.ts';

export function installHttpMetrics(app: FastifyInstance): void {
  app.addHook('onRequest', (_req, reply, done) => {
    httpInFlight.inc();
    // 'close' comes once per answer, also when the client goes away before it ends (no onResponse then).
    reply.raw.once('close', () => httpInFlight.dec());
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    httpRequests.inc({ route, method: req.method, status: reply.statusCode });
    httpDuration.observe({ route, method: req.method, status: reply.statusCode }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) httpServerErrors.inc({ route, method: req.method });
    done();
  });
}
