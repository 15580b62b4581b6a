// The leader's connection (issue 44): reconnects with jittered backoff; after a drop one request decides
// between offline and "the server is there"; a 404 means no live channel (nothing more is asked); 'bye'
// comes straight back; a change of companies opens the stream again at once. Fake reads and waits.
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/api/contract/live.ts';
import { BACKOFF, LiveConnection, StreamRefused, type ConnectionDeps } from '../../src/data/live/connection.ts';
import type { LinkState } from '../../src/data/live/tab-protocol.ts';

type Read = (on: { opened(): void; event(e: LiveEvent): void }, signal: AbortSignal) => Promise<void>;

function harness(reads: Read[], reachable: boolean[] = []) {
  const links: LinkState[] = [];
  const events: LiveEvent[] = [];
  const waits: number[] = [];
  const asked: (readonly number[])[] = [];
  let probes = 0;
  let done!: () => void;
  const finished = new Promise<void>((r) => (done = r));
  const deps: ConnectionDeps = {
    read: (companies, signal, on) => {
      asked.push([...companies]);
      const next = reads.shift();
      if (!next) {
        done();
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
      }
      return next(on, signal);
    },
    reachable: async () => reachable[probes++] ?? true,
    wait: async (ms) => void waits.push(ms),
    random: () => 1,
  };
  const c = new LiveConnection([7], deps, { event: (e) => events.push(e), link: (s) => links.push(s) });
  return { c, links, events, waits, asked, probes: () => probes, finished };
}

const hello: LiveEvent = { type: 'hello', connection: 'c1' };
const opens: Read = async (on) => {
  on.opened();
  on.event(hello);
};
const fails: Read = async () => {
  throw new TypeError('Failed to fetch');
};

describe('live connection', () => {
  it('after a drop, an unanswered request says offline; an answer says the server is there; the waits back off', async () => {
    const h = harness([opens, fails, fails], [false, false, true]);
    await h.finished;
    expect(h.links).toEqual(['connecting', 'up', 'offline', 'connecting', 'offline', 'connecting', 'down', 'connecting']);
    expect(h.probes()).toBe(3);
    // settle, then the backoff: 1 s × 2^n (× the random draw, 1 here), capped at 10 s offline, 30 s otherwise.
    expect(h.waits).toEqual([BACKOFF.settleMs, 1000, 2000, 4000]);
    h.c.close();
  });

  it('the backoff is capped, and starts again once a stream opens', async () => {
    const h = harness([fails, fails, fails, fails, fails, fails, opens, fails], [false, false, false, false, false, false, true]);
    await h.finished;
    expect(h.waits.slice(1)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 1000, 2000]);
    h.c.close();
  });

  it('404: this server has no live channel, nothing more is asked', async () => {
    const h = harness([
      async () => {
        throw new StreamRefused(404);
      },
    ]);
    await new Promise((r) => setTimeout(r, 0));
    expect(h.links).toEqual(['connecting', 'absent']);
    expect(h.asked).toHaveLength(1);
    expect(h.probes()).toBe(0);
  });

  it("'bye' with reconnect comes straight back without asking the server; without, it stops after the one request", async () => {
    const bye =
      (reconnect: boolean): Read =>
      async (on) => {
        on.opened();
        on.event({ type: 'bye', reconnect });
      };
    const h = harness([bye(true), bye(false)]);
    await new Promise((r) => setTimeout(r, 0));
    expect(h.asked).toHaveLength(2);
    expect(h.probes()).toBe(1);
    expect(h.waits[1]).toBeLessThanOrEqual(250);
  });

  it('a change of companies opens the stream again at once; the same set changes nothing', async () => {
    const held: Read = (on, signal) =>
      new Promise((_, reject) => {
        on.opened();
        signal.addEventListener('abort', () => reject(new Error('aborted')));
      });
    const h = harness([held]);
    await new Promise((r) => setTimeout(r, 0));
    h.c.update([7]);
    await new Promise((r) => setTimeout(r, 0));
    expect(h.asked).toEqual([[7]]);
    h.c.update([3, 7]);
    await h.finished;
    expect(h.asked).toEqual([[7], [3, 7]]);
    expect(h.links).not.toContain('down');
    expect(h.probes()).toBe(0);
    h.c.close();
  });
});
