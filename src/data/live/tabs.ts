// One live connection per browser (issue 44): every tab queues for the 'facet-live' Web Lock, and the
// holder leads: it keeps the connection, subscribed to the union of the companies the open tabs show,
// and relays what arrives to the other tabs. When it closes (or freezes) the lock passes to the next
// tab. A visible tab is preferred: it asks a hidden leader (a message, not a steal), which closes and
// queues again; a hidden tab granted the lock while a visible one has just asked passes it on.
import type { LiveEvent } from '../../api/contract/live.ts';
import { LIVE_LOCK, type LinkState, type TabChannel, type TabLocks, type TabMessage } from './tab-protocol.ts';

export interface TabsDeps {
  id: string;
  channel: TabChannel;
  locks: TabLocks;
  visible: () => boolean;
  now: () => number;
}

/** The leader's connection, as the tabs see it. */
export interface Leading {
  update(companies: readonly number[]): void;
  close(): void;
}

export interface TabsHooks {
  /** This tab leads: open the connection; what it hears goes to `out` (relayed to every tab). */
  lead(companies: readonly number[], out: { event(e: LiveEvent): void; link(s: LinkState): void }): Leading;
  /** An event for this tab (its own connection's, or relayed). */
  event(e: LiveEvent): void;
  link(s: LinkState): void;
}

/** How long a visible tab's ask to lead stands. */
export const WANT_MS = 3000;

export class LiveTabs {
  private company: number | null = null;
  private readonly tabs = new Map<string, { company: number | null; visible: boolean }>();
  private readonly wants = new Map<string, number>();
  private leader?: { tab: string; visible: boolean };
  private leading?: Leading;
  /** The leader's connection state, told to each tab that opens later. */
  private linkNow?: LinkState;
  private release?: () => void;
  private waiting?: AbortController;
  private running = false;
  private readonly listener = (e: { data: TabMessage }) => this.receive(e.data);

  constructor(
    private readonly d: TabsDeps,
    private readonly h: TabsHooks,
  ) {}

  get isLeader(): boolean {
    return !!this.leading;
  }

  /** Joins (on opening, and again on resume from a freeze or the back-forward cache). */
  start(company: number | null): void {
    this.company = company;
    if (this.running) return this.announce();
    this.running = true;
    this.d.channel.addEventListener('message', this.listener);
    this.announce();
    this.queue();
  }

  /** Leaves: closes the connection and gives the lock up (freeze, pagehide, sign-out). */
  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.stopLeading();
    this.waiting?.abort();
    this.waiting = undefined;
    this.post({ t: 'gone', tab: this.d.id });
    this.d.channel.removeEventListener('message', this.listener);
  }

  setCompany(company: number | null): void {
    this.company = company;
    this.announce();
    this.leading?.update(this.union());
  }

  /** The page became visible or hidden. */
  visibilityChanged(): void {
    if (!this.running) return;
    this.announce();
    if (this.leading) this.post({ t: 'leader', tab: this.d.id, visible: this.d.visible() });
    else this.maybeWant();
  }

  /** The companies the open tabs show, this one's included. */
  union(): number[] {
    const all = new Set<number>();
    for (const t of [...this.tabs.values(), { company: this.company }]) if (t.company !== null) all.add(t.company);
    return [...all].sort((a, b) => a - b);
  }

  private post(m: TabMessage) {
    this.d.channel.postMessage(m);
  }

  private announce() {
    this.post({ t: 'tab', tab: this.d.id, company: this.company, visible: this.d.visible() });
  }

  private queue() {
    const ask = new AbortController();
    this.waiting = ask;
    this.d.locks.request(LIVE_LOCK, { signal: ask.signal }, () => this.granted(ask)).catch(() => undefined);
  }

  private granted(ask: AbortController): Promise<void> {
    if (this.waiting !== ask || !this.running) return Promise.resolve();
    if (!this.d.visible() && this.wanted()) {
      // A visible tab asked to lead: back to the end of the queue, so the lock moves on towards it.
      this.queue();
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.release = resolve;
      this.lead();
    });
  }

  private wanted(): boolean {
    const since = this.d.now() - WANT_MS;
    return [...this.wants].some(([tab, at]) => tab !== this.d.id && at >= since);
  }

  private lead() {
    this.wants.clear();
    this.leader = { tab: this.d.id, visible: this.d.visible() };
    this.post({ t: 'leader', tab: this.d.id, visible: this.leader.visible });
    this.post({ t: 'census' });
    this.leading = this.h.lead(this.union(), {
      event: (event) => {
        this.post({ t: 'event', event });
        this.h.event(event);
      },
      link: (state) => {
        this.linkNow = state;
        this.post({ t: 'link', state });
        this.h.link(state);
      },
    });
  }

  private stopLeading() {
    if (!this.leading) return;
    this.leading.close();
    this.leading = undefined;
    this.linkNow = undefined;
    this.leader = undefined;
    // The others know a gap begins: whoever leads next catches up once connected.
    this.post({ t: 'link', state: 'down' });
    this.release?.();
    this.release = undefined;
  }

  private maybeWant() {
    if (this.d.visible() && this.leader && this.leader.tab !== this.d.id && !this.leader.visible)
      this.post({ t: 'want', tab: this.d.id });
  }

  private receive(m: TabMessage) {
    switch (m.t) {
      case 'tab': {
        const known = this.tabs.has(m.tab);
        this.tabs.set(m.tab, { company: m.company, visible: m.visible });
        if (!this.leading) return;
        this.leading.update(this.union());
        if (known) return;
        this.post({ t: 'leader', tab: this.d.id, visible: this.d.visible() });
        if (this.linkNow) this.post({ t: 'link', state: this.linkNow });
        return;
      }
      case 'gone':
        this.tabs.delete(m.tab);
        this.wants.delete(m.tab);
        if (this.leader?.tab === m.tab) this.leader = undefined;
        this.leading?.update(this.union());
        return;
      case 'census':
        return this.announce();
      case 'leader':
        this.leader = { tab: m.tab, visible: m.visible };
        this.wants.delete(m.tab);
        return this.maybeWant();
      case 'want':
        this.wants.set(m.tab, this.d.now());
        if (this.leading && !this.d.visible()) {
          this.stopLeading();
          this.queue();
        }
        return;
      case 'event':
        if (!this.leading) this.h.event(m.event);
        return;
      case 'link':
        if (!this.leading) this.h.link(m.state);
        return;
    }
  }
}
