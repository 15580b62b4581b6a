// A graceful close. app.close() (SIGTERM, SIGINT: main.ts) stops the listener and waits for the
// requests in flight (Fastify); here: a request that still arrives on a kept-alive connection gets a
// 503 in our error shape (Fastify's return503OnClosing is off: its body is not ours), answers sent
// while draining say Connection: close, and after shutdownTimeoutMs every connection left is closed.
import type { FastifyInstance } from 'fastify';

export interface Drain {
  /** Time left of the shutdown bound (what the job queue gets after the requests are done). */
  remainingMs(): number;
}

export const SHUTTING_DOWN = 'The server is shutting down.';

export function installDrain(app: FastifyInstance, timeoutMs: number): Drain {
  let deadline = 0;
  let idleSweep: NodeJS.Timeout | undefined;
  let force: NodeJS.Timeout | undefined;
  app.addHook('onRequest', async (_req, reply) => {
    if (deadline) return reply.code(503).header('connection', 'close').send({ success: false, message: SHUTTING_DOWN });
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (deadline) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('preClose', async () => {
    deadline = Date.now() + timeoutMs;
    // Node closes the connections idle when close() starts; one whose answer ended later (a stream whose
    // headers said keep-alive) would hold close() open until its keep-alive timeout.
    idleSweep = setInterval(() => app.server.closeIdleConnections(), 250).unref();
    force = setTimeout(() => app.server.closeAllConnections(), timeoutMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(idleSweep);
    clearTimeout(force);
  });
  return { remainingMs: () => (deadline ? Math.max(0, deadline - Date.now()) : timeoutMs) };
}
