// The live channel in a tab (issue 44): joins the browser's one connection (tabs.ts), treats each event
// as a poke to pull (gather.ts, pull-pokes.ts), keeps progress and presence for the screens, and tells
// the sync status what the connection found: offline when the server cannot be reached. After a gap (a
// drop, a new leader) the tab catches up with a delta pull once the stream is back.
import type { LiveEvent } from '../../api/contract/live.ts';
import { http } from '../../api/client.ts';
import { LIVE_MAX_COMPANIES } from '../../api/contract/rules/live.ts';
import { readToken } from '../../api/token.ts';
import { markServerReached, syncStatus } from '../local/index.ts';
import { drainOutbox } from '../outbox/index.ts';
import { LiveConnection } from './connection.ts';
import { PokeGatherer } from './gather.ts';
import { forgetLive, noteActor, notePresence, noteProgress, setLink } from './live-state.ts';
import { forCompany, pullFor, type PullContext } from './pull-pokes.ts';
import { readLive } from './sse.ts';
import { LIVE_CHANNEL, type LinkState, type TabChannel, type TabLocks } from './tab-protocol.ts';
import { LiveTabs } from './tabs.ts';

/** The one request after a drop has this long to be answered (offline is said within 5 s of the drop). */
const REACH_MS = 4000;

/** Did the server answer at all (any status)? Through the API client: a 401 there ends the session. */
async function reachable(): Promise<boolean> {
  const token = readToken();
  try {
    await http.request({ method: 'GET', url: '/api/user', timeout: REACH_MS, headers: token ? { Authorization: `Bearer ${token}` } : {} });
    return true;
  } catch (err) {
    return !!(err as { response?: unknown }).response;
  }
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });

export interface LiveStart extends PullContext {
  /** Test seam: the tab's id (random otherwise). */
  tabId?: string;
}

/** Starts the tab's part of the live channel; gives the stop function. Without Web Locks or BroadcastChannel, nothing: pulls on focus go on. */
export function startLive(ctx: LiveStart): () => void {
  const locks = (navigator as { locks?: TabLocks }).locks;
  if (typeof BroadcastChannel === 'undefined' || !locks) return () => undefined;
  const { cid } = ctx;
  const channel = new BroadcastChannel(LIVE_CHANNEL) as unknown as TabChannel;
  const gatherer = new PokeGatherer((batch) => pullFor(batch, ctx));
  let seenUp = false;
  let gap = false;
  let connection: LiveConnection | undefined;
  // A stream names at most LIVE_MAX_COMPANIES: past that, this tab's company and the lowest others.
  const capped = (all: readonly number[]) =>
    all.length <= LIVE_MAX_COMPANIES ? all : [cid, ...all.filter((c) => c !== cid)].slice(0, LIVE_MAX_COMPANIES).sort((a, b) => a - b);

  const event = (e: LiveEvent) => {
    switch (e.type) {
      case 'hello':
        // Back after a gap: what was sent meanwhile is caught up by a delta pull.
        if (seenUp || gap) {
          gatherer.addAll(false);
          void drainOutbox().catch(() => undefined);
        }
        seenUp = true;
        gap = false;
        markServerReached();
        return;
      case 'poke':
        if (!forCompany(cid, e)) return;
        if (e.by && e.ids) noteActor(e.kind, e.ids, e.by, Date.now());
        return gatherer.add(e);
      case 'progress':
        if (!forCompany(cid, e)) return;
        noteProgress(e);
        // A tick carries its count; only the end changes what the lists hold.
        if (e.state !== 'ready' && e.state !== 'failed') return;
        // A frame set's end changes its product's 360 lists (an uploads poke names products).
        if (e.job === 'export') gatherer.add({ type: 'poke', company: e.company, kind: 'exports', ids: [e.id] });
        else gatherer.add({ type: 'poke', company: e.company, kind: 'uploads', ids: e.product === undefined ? undefined : [e.product] });
        return;
      case 'presence':
        return notePresence(e.company, e.page, e.people);
      case 'resync':
        return gatherer.addAll(true);
      case 'bye':
        return;
    }
  };
  const link = (s: LinkState) => {
    setLink(s);
    if (s === 'down' || s === 'offline') gap = true;
    if (s === 'offline') syncStatus.set({ online: false });
  };
  const tabs = new LiveTabs(
    {
      id: ctx.tabId ?? crypto.randomUUID(),
      channel,
      locks,
      visible: () => document.visibilityState === 'visible',
      now: Date.now,
    },
    {
      lead(companies, out) {
        const c = new LiveConnection(capped(companies), { read: readLive, reachable, wait, random: Math.random }, out);
        connection = c;
        return {
          update: (next) => c.update(capped(next)),
          close: () => {
            c.close();
            if (connection === c) connection = undefined;
          },
        };
      },
      event,
      link,
    },
  );
  const onVisibility = () => tabs.visibilityChanged();
  const leave = () => tabs.stop();
  const back = (e: Event) => {
    if (e.type === 'resume' || (e as PageTransitionEvent).persisted) tabs.start(cid);
  };
  const online = () => connection?.retryNow();
  document.addEventListener('visibilitychange', onVisibility);
  document.addEventListener('freeze', leave);
  document.addEventListener('resume', back);
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', back);
  window.addEventListener('online', online);
  tabs.start(cid);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    document.removeEventListener('freeze', leave);
    document.removeEventListener('resume', back);
    window.removeEventListener('pagehide', leave);
    window.removeEventListener('pageshow', back);
    window.removeEventListener('online', online);
    tabs.stop();
    gatherer.cancel();
    channel.close();
    forgetLive();
  };
}
