// One browser's live stream: Server-Sent Events written straight to the socket (reply.hijack), so no
// onSend hook (compression, ETags) ever touches it. A reader that falls behind is dropped, not buffered:
// once more than maxBuffer bytes wait unsent, the socket is destroyed and the browser reconnects and pulls.
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { LiveEvent } from '../../src/api/contract/live.ts';
import type { Slug } from '../../src/api/contract/slugs.ts';
import type { AuthUser } from '../auth/tokens.ts';
import { liveDelay, liveDropped, liveEventsSent } from '../metrics/live.ts';

/** One event as it was written, for the per-connection log (tests check what reached whom). */
export interface Sent {
  at: number;
  event: LiveEvent;
}
/** Per stream: small, since a process may hold 10,000 streams (the events themselves are shared). */
const LOG_SIZE = 50;

/** One event as the stream carries it. */
export const sseLine = (event: LiveEvent) => `data: ${JSON.stringify(event)}\n\n`;

export interface Session {
  user: AuthUser;
  staff: boolean;
  /** The bearer secret, kept in memory only: the session is checked again when rights change. */
  token: string;
  /** The companies subscribed, with the permissions the user holds in each. */
  access: Map<number, ReadonlySet<Slug>>;
  /** When the token ends (ms): the stream says bye then. */
  expiresAt: number;
}

export class LiveConnection {
  readonly id = randomUUID();
  readonly log: Sent[] = [];
  closed = false;

  constructor(
    private readonly reply: FastifyReply,
    readonly session: Session,
    private readonly maxBuffer: number,
    private readonly onEnd: (c: LiveConnection, reason: string) => void,
  ) {}

  get user() {
    return this.session.user;
  }

  /** Takes the answer over and writes the headers (helmet's API scope included) and the hello. */
  start(): void {
    const res = this.reply.raw;
    const headers = Object.fromEntries(Object.entries(this.reply.getHeaders()).filter(([, v]) => v !== undefined));
    this.reply.hijack();
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    res.socket?.setNoDelay(true);
    res.on('error', () => undefined);
    res.on('close', () => this.end('closed'));
    this.send({ type: 'hello', connection: this.id });
  }

  /** `at`: the change's time in the notice (the commit-to-send histogram); `line`: the event written once for many streams. */
  send(event: LiveEvent, at?: number, line = sseLine(event)): void {
    if (this.closed || !this.write(line)) return;
    this.log.push({ at: Date.now(), event });
    if (this.log.length > LOG_SIZE) this.log.shift();
    liveEventsSent.inc({ kind: event.type === 'poke' ? event.kind : event.type });
    if (at) liveDelay.observe(Math.max(0, Date.now() - at) / 1000);
  }

  /** A comment line: proxies see traffic, the browser sees no event. */
  heartbeat(): void {
    if (!this.closed) this.write(': \n\n');
  }

  /** The last event, then the end of the stream and its connection. */
  bye(reconnect: boolean, reason: string): void {
    if (this.closed) return;
    this.send({ type: 'bye', reconnect, reason });
    liveDropped.inc({ reason });
    const res = this.reply.raw;
    this.end(reason);
    res.end(() => res.socket?.end());
  }

  /** False when the reader was too slow for it: the stream is dropped. */
  private write(text: string): boolean {
    const res = this.reply.raw;
    res.write(text);
    if (res.writableLength <= this.maxBuffer) return true;
    liveDropped.inc({ reason: 'slow' });
    this.end('slow');
    res.destroy();
    return false;
  }

  private end(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.onEnd(this, reason);
  }
}
