// The live channel's hub (issue 44), one per app: it holds this process's streams, LISTENs facet_live
// (PostgreSQL: a connection of its own; PGlite: in process) and hands each notice to the streams that may
// see it (fanout.ts). Rights are re-checked on the auth cache's notices (scope.ts). When LISTEN comes back
// after a loss, every stream is told to pull everything ('resync'): notices sent meanwhile are gone.
import type { FastifyReply } from 'fastify';
import { LIVE_HEARTBEAT_MS, type LiveActor, type LiveEvent } from '../../src/api/contract/live.ts';
import type { AuthCache } from '../auth/cache.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import { liveConnections } from '../metrics/live.ts';
import { LiveConnection, sseLine, type Sent, type Session } from './connection.ts';
import { LiveIndex, pokeDeliveries, progressDeliveries, type Delivery } from './fanout.ts';
import { LIVE_CHANNEL, parseNotice, type Notice, type PresenceNotice } from './notice.ts';
import { Presence } from './presence.ts';
import { ProgressGate } from './progress.ts';
import { inBatches, rescope } from './scope.ts';

const PRESENCE_SWEEP_MS = 5_000;
/** Logs of closed streams kept for tests and support (the newest). */
const CLOSED_LOGS = 200;

type Log = (msg: string, err?: unknown) => void;

export class LiveHub {
  private index = new LiveIndex();
  private closedLogs = new Map<string, { log: Sent[]; reason: string }>();
  private waiters = new Map<string, (reason: string) => void>();
  private presenceMap = new Presence();
  private progress = new ProgressGate((n) => this.deliver(progressDeliveries(this.index, n), n.at));
  private timers: ReturnType<typeof setInterval>[] = [];
  private unlisten?: () => Promise<void>;
  private unhook?: () => void;
  private retry?: ReturnType<typeof setTimeout>;
  private lostListen = false;
  private stopped = false;
  private rescoping = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: Log = () => undefined,
  ) {}

  async start(auth: AuthCache): Promise<void> {
    this.unhook = auth.onNotice((p) => this.onRights(p));
    this.timers.push(
      setInterval(() => this.beat(), LIVE_HEARTBEAT_MS),
      setInterval(() => this.sweep(), PRESENCE_SWEEP_MS),
    );
    for (const t of this.timers) t.unref();
    await this.listen();
  }

  private async listen(): Promise<void> {
    if (!this.db.listen || this.stopped) return;
    try {
      this.unlisten = await this.db.listen(
        LIVE_CHANNEL,
        (p) => this.onNotice(p),
        (err) => this.lost(err),
      );
      if (this.lostListen) this.broadcast({ type: 'resync' });
      this.lostListen = false;
    } catch (err) {
      this.lost(err);
    }
  }

  private lost(err: unknown) {
    this.lostListen = true;
    if (this.stopped) return;
    this.log('live: LISTEN connection lost, reconnecting', err);
    this.retry = setTimeout(() => void this.listen(), 1000);
    this.retry.unref?.();
  }

  /** A new stream (the route has checked the token and every company); 429 past the account's bound. */
  open(reply: FastifyReply, session: Session): LiveConnection {
    if (this.index.ofUser(session.user.id).length >= this.config.live.maxPerAccount) {
      throw new ApiError(429, 'Too many live connections for this account: close a few tabs or windows and try again.');
    }
    const companies = [...session.access.keys()];
    const conn = new LiveConnection(reply, session, this.config.live.maxBufferBytes, (c, reason) => {
      this.index.remove(c, companies);
      liveConnections.dec();
      this.closedLogs.set(c.id, { log: c.log, reason });
      if (this.closedLogs.size > CLOSED_LOGS) this.closedLogs.delete(this.closedLogs.keys().next().value!);
      this.waiters.get(c.id)?.(reason);
      this.waiters.delete(c.id);
    });
    this.index.add(conn);
    liveConnections.inc();
    conn.start();
    return conn;
  }

  private onNotice(payload: string): void {
    const n = parseNotice(payload);
    if (!n || this.stopped) return;
    this.handle(n);
  }

  private handle(n: Notice): void {
    // A membership changed: the person's streams are re-checked before they hear of it (menus, lists).
    if (n.t === 'poke' && n.k === 'me' && n.c !== undefined && n.u !== undefined) {
      this.recheck(this.index.ofUser(n.u), false).then(() => this.deliver(pokeDeliveries(this.index, n), n.at));
    } else if (n.t === 'poke') this.deliver(pokeDeliveries(this.index, n), n.at);
    else if (n.t === 'progress') this.progress.offer(n);
    else if (this.presenceMap.apply(n)) this.sendPresence(n.c, n.page);
  }

  /** Each event is written out once, however many streams it goes to. */
  private deliver(deliveries: Delivery[], at?: number): void {
    const lines = new Map<LiveEvent, string>();
    for (const [conn, event] of deliveries) {
      let line = lines.get(event);
      if (line === undefined) lines.set(event, (line = sseLine(event)));
      conn.send(event, at, line);
    }
  }

  /** A presence report from this process's route: applied here at once, and sent to every process. */
  async reportPresence(company: number, page: string, user: LiveActor, state: 'open' | 'left'): Promise<LiveActor[]> {
    const n: PresenceNotice = { t: 'presence', c: company, page, user: { id: user.id, name: user.name }, state };
    this.handle(n);
    await this.db.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(n)]);
    return this.presenceMap.people(company, page);
  }

  private sendPresence(company: number, page: string): void {
    const people = this.presenceMap.people(company, page);
    const present = new Set(people.map((p) => p.id));
    const event: LiveEvent = { type: 'presence', company, page, people };
    this.deliver(this.index.ofCompany(company).flatMap((c): Delivery[] => (present.has(c.user.id) ? [[c, event]] : [])));
  }

  /** Rights may have moved: 'user:<id>' re-checks that user's streams, 'all' (roles, companies) every one. */
  private onRights(payload: string): void {
    if (payload.startsWith('products:') || this.stopped) return;
    const user = /^user:(\d+)$/.exec(payload);
    void this.recheck(user ? this.index.ofUser(Number(user[1])) : [...this.index.all.values()], !user);
  }

  /**
   * One re-check at a time, in the order asked; a company-wide one eight streams at once. An ended session
   * is told bye; `poke`: a stream whose rights moved is poked 'me' (a membership's own notice pokes it).
   */
  private recheck(conns: LiveConnection[], poke: boolean): Promise<void> {
    const run = () =>
      inBatches(conns, 8, async (conn) => {
        if (conn.closed) return;
        const result = await rescope(this.db, conn).catch((err: unknown) => void this.log('live: re-check failed', err));
        if (result === 'gone') conn.bye(false, 'signed-out');
        else if (result === 'changed' && poke) conn.send({ type: 'poke', company: 0, kind: 'me' });
      });
    this.rescoping = this.rescoping.then(run, run);
    return this.rescoping;
  }

  private beat(): void {
    const now = Date.now();
    for (const conn of [...this.index.all.values()]) {
      if (conn.session.expiresAt <= now) conn.bye(false, 'signed-out');
      else conn.heartbeat();
    }
  }

  private sweep(): void {
    for (const { company, page } of this.presenceMap.sweep()) this.sendPresence(company, page);
  }

  private broadcast(event: LiveEvent): void {
    for (const conn of [...this.index.all.values()]) conn.send(event);
  }

  /** Streams open now for a user (the connection bound; tests). */
  countOf(userId: number): number {
    return this.index.ofUser(userId).length;
  }

  /** The ids of a user's open streams (tests read what each was sent with `sent`). */
  connectionsOf(userId: number): string[] {
    return this.index.ofUser(userId).map((c) => c.id);
  }

  /** What was sent on a stream (open or recently closed), oldest first. */
  sent(connectionId: string): Sent[] | undefined {
    return this.index.all.get(connectionId)?.log ?? this.closedLogs.get(connectionId)?.log;
  }

  /** Resolves with why a stream ended (slow, signed-out, shutdown, closed). */
  whenClosed(connectionId: string): Promise<string> {
    const done = this.closedLogs.get(connectionId);
    if (done || !this.index.all.has(connectionId)) return Promise.resolve(done?.reason ?? 'unknown');
    return new Promise((resolve) => this.waiters.set(connectionId, resolve));
  }

  /** First thing on SIGTERM: every stream is told to reconnect (to another process) and closed. */
  closeAll(reason = 'shutdown'): void {
    for (const conn of [...this.index.all.values()]) conn.bye(true, reason);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.closeAll();
    for (const t of this.timers) clearInterval(t);
    clearTimeout(this.retry);
    this.progress.stop();
    this.unhook?.();
    await this.unlisten?.();
  }
}
