// Request logging that costs no synchronous write per line: in production pino writes through an
// asynchronous SonicBoom destination (4 kB buffer), flushed when the server closes and on exit.
// A logged URL never holds a secret: the values of token-like query parameters (a profile page's
// access_token, a reset or invitation link's token, an export's download token, a share key) are
// replaced before the line is written.
import pino, { type DestinationStream } from 'pino';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

const SECRET_PARAMS = /([?&](?:access_token|token|key|password|secret)=)[^&#]*/gi;
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[redacted]');

const serializers = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: redactUrl(req.url),
    hostname: req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
};

export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  if (stream) return { level: 'info', stream, serializers };
  if (!config.logger) return false;
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  // What is still buffered goes out when the process exits (main.ts exits after closing the app).
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // not open yet: nothing was written
    }
  });
  return { level: 'info', stream: destination, serializers };
}
