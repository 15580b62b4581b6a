// The leader's connection (issue 44): opens the stream for the companies of the open tabs, opens it
// again when they change, and after a drop with jittered backoff. When it drops, one request decides:
// no answer means offline (said within seconds); an answer means the server is there (restarting, or a
// proxy that blocks long streams), so the portal stays online and goes on pulling on focus.
import type { LiveEvent } from '../../api/contract/live.ts';
import type { LinkState } from './tab-protocol.ts';

/** The stream refused with this status (401: the session ended; 404: no live channel here). */
export class StreamRefused extends Error {
  constructor(readonly status: number) {
    super(`The live stream was refused (${status})`);
  }
}

export interface ConnectionDeps {
  /** Reads the stream until it ends (resolves) or fails (rejects); `opened` once the server accepted it. */
  read(companies: readonly number[], signal: AbortSignal, on: { opened(): void; event(e: LiveEvent): void }): Promise<void>;
  /** The one request after a drop: did the server answer at all? */
  reachable(): Promise<boolean>;
  wait(ms: number, signal: AbortSignal): Promise<void>;
  random(): number;
}

export const BACKOFF = { firstMs: 1000, capMs: 30_000, offlineCapMs: 10_000, settleMs: 50 };

export class LiveConnection {
  private companies: readonly number[];
  private closed = false;
  private attempt = 0;
  /** Aborts the current read or wait: a change of companies, a retry now, or close. */
  private current = new AbortController();
  private again = false;

  constructor(
    companies: readonly number[],
    private readonly d: ConnectionDeps,
    private readonly out: { event(e: LiveEvent): void; link(s: LinkState): void },
  ) {
    this.companies = companies;
    void this.run();
  }

  /** The open tabs' companies changed: open the stream again for the new set (a same set changes nothing). */
  update(companies: readonly number[]): void {
    if (companies.join(',') === this.companies.join(',')) return;
    this.companies = companies;
    this.again = true;
    this.current.abort();
  }

  /** Try now (the browser said it is back online). */
  retryNow(): void {
    this.attempt = 0;
    this.again = true;
    this.current.abort();
  }

  close(): void {
    this.closed = true;
    this.current.abort();
  }

  private async run() {
    // Let the other tabs answer the new leader's census first, so the first stream has their companies.
    await this.pause(BACKOFF.settleMs);
    while (!this.closed) {
      this.again = false;
      this.current = new AbortController();
      const signal = this.current.signal;
      let bye: Extract<LiveEvent, { type: 'bye' }> | undefined;
      let refused: number | undefined;
      if (this.companies.length === 0) {
        await this.pause(BACKOFF.capMs);
        continue;
      }
      this.out.link('connecting');
      try {
        await this.d.read(this.companies, signal, {
          opened: () => {
            this.attempt = 0;
          },
          event: (e) => {
            if (e.type === 'hello') this.out.link('up');
            if (e.type === 'bye') bye = e;
            this.out.event(e);
          },
        });
      } catch (err) {
        if (err instanceof StreamRefused) refused = err.status;
      }
      if (this.closed) return;
      if (this.again && signal.aborted) continue;
      if (refused === 404) {
        // This server has no live channel: pulls on focus, as before, for the page's life.
        this.out.link('absent');
        return;
      }
      if (bye) {
        this.out.link('down');
        // Signed out or disabled: the one request tells the shell (its 401 ends the session).
        if (!bye.reconnect) return void (await this.d.reachable());
        // The server is stopping or the session changed: straight back (to another process).
        await this.pause(this.d.random() * 250);
        continue;
      }
      // A refusal is an answer; a 401 still goes through the one request, whose 401 ends the session.
      const reachable = refused !== undefined && refused !== 401 ? true : await this.d.reachable();
      if (this.closed) return;
      this.out.link(reachable ? 'down' : 'offline');
      const cap = reachable ? BACKOFF.capMs : BACKOFF.offlineCapMs;
      await this.pause(this.d.random() * Math.min(cap, BACKOFF.firstMs * 2 ** this.attempt));
      this.attempt++;
    }
  }

  private async pause(ms: number) {
    this.current = new AbortController();
    await this.d.wait(ms, this.current.signal).catch(() => undefined);
  }
}
