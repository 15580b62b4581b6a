// One live connection per browser (issue 44): the tab holding the Web Lock leads, keeps the connection for
// the union of the open tabs' companies and relays its events; when it leaves (closes, freezes), the next
// tab takes over; a visible tab asks a hidden leader to hand over, politely. Fake Web Locks and a fake
// BroadcastChannel, with the browser's order: a lock goes to the oldest waiting request, a message to every
// other channel, later.
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/api/contract/live.ts';
import type { LinkState, TabChannel, TabLocks, TabMessage } from '../../src/data/live/tab-protocol.ts';
import { LiveTabs, type Leading } from '../../src/data/live/tabs.ts';

class FakeLocks implements TabLocks {
  private held = false;
  private queue: {
    granted: () => Promise<void>;
    signal?: AbortSignal;
    done: (v: unknown) => void;
    fail: (e: unknown) => void;
  }[] = [];
  request(_name: string, o: { signal?: AbortSignal }, granted: () => Promise<void>) {
    return new Promise((done, fail) => {
      const w = { granted, signal: o.signal, done, fail };
      o.signal?.addEventListener('abort', () => {
        const i = this.queue.indexOf(w);
        if (i < 0) return;
        this.queue.splice(i, 1);
        fail(new Error('AbortError'));
      });
      this.queue.push(w);
      this.next();
    });
  }
  private next() {
    if (this.held || !this.queue.length) return;
    const w = this.queue.shift()!;
    this.held = true;
    void w.granted().then((v) => {
      this.held = false;
      w.done(v);
      queueMicrotask(() => this.next());
    });
  }
}

class Hub {
  channels = new Set<FakeChannel>();
  sent: TabMessage[] = [];
}
class FakeChannel implements TabChannel {
  private ls = new Set<(e: { data: TabMessage }) => void>();
  constructor(private hub: Hub) {
    hub.channels.add(this);
  }
  postMessage(m: TabMessage) {
    this.hub.sent.push(m);
    const copy = structuredClone(m);
    for (const c of this.hub.channels) if (c !== this) setTimeout(() => c.ls.forEach((l) => l({ data: copy })), 0);
  }
  addEventListener(_t: 'message', l: (e: { data: TabMessage }) => void) {
    this.ls.add(l);
  }
  removeEventListener(_t: 'message', l: (e: { data: TabMessage }) => void) {
    this.ls.delete(l);
  }
  close() {
    this.hub.channels.delete(this);
  }
}

/** Lets every queued message and lock grant run. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};

function browser() {
  const hub = new Hub();
  const locks = new FakeLocks();
  const connections: { tab: string; companies: number[]; closed: boolean; emit(e: LiveEvent): void; link(s: LinkState): void }[] =
    [];
  const tab = (id: string, company: number, visible = true) => {
    const state = { visible, heard: [] as LiveEvent[], links: [] as LinkState[] };
    const tabs = new LiveTabs(
      { id, channel: new FakeChannel(hub), locks, visible: () => state.visible, now: () => Date.now() },
      {
        lead(companies, out): Leading {
          const c = {
            tab: id,
            companies: [...companies],
            closed: false,
            emit: (e: LiveEvent) => out.event(e),
            link: (s: LinkState) => out.link(s),
          };
          connections.push(c);
          return { update: (next) => void (c.companies = [...next]), close: () => void (c.closed = true) };
        },
        event: (e) => state.heard.push(e),
        link: (s) => state.links.push(s),
      },
    );
    tabs.start(company);
    return { tabs, state, id };
  };
  const open = () => connections.filter((c) => !c.closed);
  return { hub, tab, connections, open };
}

const poke: LiveEvent = { type: 'poke', company: 7, kind: 'products', ids: [1] };

describe('live tabs', () => {
  it('eight tabs: one leader, one connection, and every tab hears each event once', async () => {
    const b = browser();
    const tabs = Array.from({ length: 8 }, (_, i) => b.tab(`t${i}`, 7));
    await settle();
    expect(b.open()).toHaveLength(1);
    expect(tabs.filter((t) => t.tabs.isLeader)).toHaveLength(1);
    b.open()[0]!.emit(poke);
    await settle();
    for (const t of tabs) expect(t.state.heard).toEqual([poke]);
  });

  it("a tab that opens while the stream is up hears the leader's state", async () => {
    const b = browser();
    const a = b.tab('a', 7);
    await settle();
    b.open()[0]!.link('up');
    await settle();
    const later = b.tab('b', 7);
    await settle();
    expect(a.state.links).toEqual(['up']);
    expect(later.state.links).toEqual(['up']);
  });

  it('subscribes to the union of the companies the tabs show, and follows it as tabs come and go', async () => {
    const b = browser();
    const a = b.tab('a', 7);
    await settle();
    expect(b.open()[0]!.companies).toEqual([7]);
    const c = b.tab('c', 3);
    b.tab('d', 7);
    await settle();
    expect(b.open()[0]!.companies).toEqual([3, 7]);
    c.tabs.stop();
    await settle();
    expect(b.open()[0]!.companies).toEqual([7]);
    a.tabs.setCompany(9);
    await settle();
    expect(b.open()[0]!.companies).toEqual([7, 9]);
  });

  it('when the leader leaves (closes or freezes), another tab leads, with the union it knows', async () => {
    const b = browser();
    const first = b.tab('a', 7);
    const second = b.tab('b', 5);
    await settle();
    expect(first.tabs.isLeader).toBe(true);
    first.tabs.stop();
    await settle();
    expect(b.connections[0]!.closed).toBe(true);
    expect(second.tabs.isLeader).toBe(true);
    expect(b.open()).toHaveLength(1);
    expect(b.open()[0]!.companies).toEqual([5]);
    // Back from the freeze: it queues again behind the new leader.
    first.tabs.start(7);
    await settle();
    expect(b.open()).toHaveLength(1);
    expect(b.open()[0]!.tab).toBe('b');
    expect(b.open()[0]!.companies).toEqual([5, 7]);
  });

  it('a hidden leader hands over to a visible tab that asks, without a steal', async () => {
    const b = browser();
    const hidden = b.tab('a', 7, false);
    const alsoHidden = b.tab('b', 7, false);
    await settle();
    expect(hidden.tabs.isLeader).toBe(true);
    const visible = b.tab('c', 7, true);
    await settle();
    // The lock reached it past the other hidden tab, which was ahead in the queue.
    expect(visible.tabs.isLeader).toBe(true);
    expect(alsoHidden.tabs.isLeader).toBe(false);
    // A hidden tab granted the lock on the way hands it on as soon as it hears the ask (the real connection
    // waits for the census before opening, so it sends no request).
    expect(b.connections.filter((c) => c.tab !== 'c').every((c) => c.closed)).toBe(true);
    expect(b.open()).toHaveLength(1);
    expect(b.hub.sent.some((m) => m.t === 'want' && m.tab === 'c')).toBe(true);
    // A visible leader keeps the lock when another visible tab opens.
    b.tab('d', 7, true);
    await settle();
    expect(visible.tabs.isLeader).toBe(true);
  });

  it('a leader that becomes hidden hands over to a visible tab once that one becomes visible', async () => {
    const b = browser();
    const a = b.tab('a', 7, true);
    const c = b.tab('c', 7, false);
    await settle();
    expect(a.tabs.isLeader).toBe(true);
    a.state.visible = false;
    a.tabs.visibilityChanged();
    await settle();
    expect(a.tabs.isLeader).toBe(true);
    c.state.visible = true;
    c.tabs.visibilityChanged();
    await settle();
    expect(c.tabs.isLeader).toBe(true);
    expect(b.open().map((x) => x.tab)).toEqual(['c']);
  });

  it('all hidden: the first keeps leading', async () => {
    const b = browser();
    const a = b.tab('a', 7, false);
    b.tab('b', 7, false);
    await settle();
    expect(a.tabs.isLeader).toBe(true);
    expect(b.open()).toHaveLength(1);
  });
});
