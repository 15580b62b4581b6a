// Request logging that costs no synchronous write per line: in production pino writes through an
// asynchronous SonicBoom destination (4 kB buffer), flushed when the server closes and on exit.
import pino, { type DestinationStream } from 'pino';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  if (stream) return { level: 'info', stream };
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
  return { level: 'info', stream: destination };
}
