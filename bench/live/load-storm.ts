// The pull storm of the live bench's load generator (load.ts): armed streams pull the product list after
// their next poke, waiting as the portal's gatherer does (GATHER: a tenth of a second, then a random spread
// so a company-wide poke does not make every client pull at once), each with its own token on a connection
// of its own (as each browser has); a stream that hears no poke, or a pull that gets no answer, ends as a failure.
import { Agent, get } from 'node:http';
import { GATHER } from '../../src/data/live/gather.ts';
import { now } from './clock.ts';
import type { Pull } from './load-protocol.ts';

export interface Armed {
  token: string;
  /** Called with the arrival time of the stream's next poke. */
  onPoke?: (t: number) => void;
}

const STORM_LIMIT_MS = 60_000;
/** One armed stream's pull: after its next poke and the portal's gather wait, with its own token. */
function pullAfterPoke(s: Armed, port: number, path: string, agent: Agent): Promise<Pull> {
  return new Promise<Pull>((resolve) => {
    const failed = (poked: number, start: number, error: string) =>
      resolve({ poked, start, end: now(), status: 0, bytes: 0, error });
    const guard = setTimeout(() => failed(Number.NaN, Number.NaN, 'no poke'), STORM_LIMIT_MS);
    s.onPoke = (poked) => {
      s.onPoke = undefined;
      clearTimeout(guard);
      setTimeout(
        () => {
          const start = now();
          const headers = { authorization: `Bearer ${s.token}`, 'accept-encoding': 'gzip' };
          const req = get({ port, path, agent, headers, timeout: STORM_LIMIT_MS });
          req.on('response', (res) => {
            let bytes = 0;
            res.on('data', (b: Buffer) => (bytes += b.length));
            res.on('end', () => resolve({ poked, start, end: now(), status: res.statusCode ?? 0, bytes }));
          });
          req.on('timeout', () => req.destroy(new Error('timeout')));
          req.on('error', (err: NodeJS.ErrnoException) => failed(poked, start, err.code ?? err.message));
        },
        GATHER.gatherMs + Math.random() * GATHER.spreadMs,
      );
    };
  });
}

/** Arms the streams; resolves with every pull once each has pulled (or failed, or heard no poke). */
export function armStorm(streams: Armed[], port: number, path: string): Promise<Pull[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  return Promise.all(streams.map((s) => pullAfterPoke(s, port, path, agent))).finally(() => agent.destroy());
}
