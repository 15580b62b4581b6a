// What the live bench watches inside the portal's pages (addInitScript, before every document). Times are
// the epoch in ms (performance.timeOrigin + performance.now()), the clock node's Date.now() reads on this
// machine, so they compare with the moment the bench got the write's answer. Nothing is added to the portal:
// - the live stream: fetch is wrapped, and the stream's body teed, so each event's arrival at the tab that
//   holds the connection is seen as the portal's own reader gets it;
// - the relay: the other tabs' 'facet-live' BroadcastChannel messages ({t:'event'});
// - the pulls: Resource Timing (the buffer enlarged) gives each request's start and end; long tasks too;
// - the paint: a MutationObserver sees the awaited text in the page, then the first animation frame's
//   callback after it (the frame that paints it), as bench/web and bench/review time a change on screen.
import type { Page } from 'playwright-core';

export interface Seen {
  t: number;
  event: { type: string; version?: string; ids?: (number | string)[] };
}
export interface Painted {
  dom: number;
  frame: number;
}
export interface Request {
  url: string;
  start: number;
  end: number;
}

type Probed = Window & {
  __seen: Seen[];
  __relayed: Seen[];
  __requests: Request[];
  __long: Request[];
  __awaiting: Map<string, { resolve: (p: Painted) => void }>;
  __armed: Map<string, Promise<Painted>>;
};

export function installLiveProbes() {
  const w = window as unknown as Probed;
  const now = () => performance.timeOrigin + performance.now();
  w.__seen = [];
  w.__relayed = [];
  w.__requests = [];
  w.__long = [];
  w.__awaiting = new Map();
  w.__armed = new Map();

  const fetch0 = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await fetch0(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/api/live') || !res.body) return res;
    const [mine, theirs] = res.body.tee();
    void (async () => {
      const reader = mine.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const t = now();
        buffer += value;
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const data = buffer
            .slice(0, cut)
            .split('\n')
            .find((l) => l.startsWith('data: '));
          buffer = buffer.slice(cut + 2);
          if (data) w.__seen.push({ t, event: JSON.parse(data.slice(6)) as Seen['event'] });
        }
      }
    })().catch(() => undefined);
    return new Response(theirs, { status: res.status, statusText: res.statusText, headers: res.headers });
  };

  const Channel = window.BroadcastChannel;
  window.BroadcastChannel = class extends Channel {
    constructor(name: string) {
      super(name);
      if (name !== 'facet-live') return;
      this.addEventListener('message', (e) => {
        const m = (e as MessageEvent<{ t?: string; event?: Seen['event'] }>).data;
        if (m?.t === 'event' && m.event) w.__relayed.push({ t: now(), event: m.event });
      });
    }
  };

  performance.setResourceTimingBufferSize(100_000);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceResourceTiming[])
      w.__requests.push({
        url: e.name,
        start: performance.timeOrigin + e.startTime,
        end: performance.timeOrigin + e.responseEnd,
      });
  }).observe({ type: 'resource', buffered: true });
  // Main-thread tasks over 50 ms (url: their name): what may hold a frame back.
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const start = performance.timeOrigin + e.startTime;
      w.__long.push({ url: e.name, start, end: start + e.duration });
    }
  }).observe({ type: 'longtask', buffered: true });

  const check = () => {
    if (!w.__awaiting.size) return;
    const text = document.body?.textContent ?? '';
    for (const [want, waiter] of [...w.__awaiting]) {
      if (!text.includes(want)) continue;
      w.__awaiting.delete(want);
      const dom = now();
      requestAnimationFrame(() => waiter.resolve({ dom, frame: now() }));
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Arms the watcher for `text` in the page (before the write that brings it). */
export function arm(page: Page, text: string): Promise<void> {
  return page.evaluate((want) => {
    const w = window as unknown as Probed;
    w.__armed.set(want, new Promise<Painted>((resolve) => w.__awaiting.set(want, { resolve })));
  }, text);
}

/** When the armed `text` was in the page and when the frame after it ran. */
export function painted(page: Page, text: string): Promise<Painted> {
  return page.evaluate((want) => (window as unknown as Probed).__armed.get(want)!, text);
}

/** What the page saw of the live channel since `from` (epoch ms), and the requests that ended since. */
export function probed(page: Page, from: number) {
  return page.evaluate((since) => {
    const w = window as unknown as Probed;
    const after = (xs: Seen[]) => xs.filter((x) => x.t >= since);
    // A request that ended since: one that started before may still bring what was written.
    const ended = (xs: Request[]) => xs.filter((r) => r.end >= since);
    return { seen: after(w.__seen), relayed: after(w.__relayed), requests: ended(w.__requests), long: ended(w.__long) };
  }, from);
}

/**
 * Animation frames the page runs in a second while nothing happens: about 60 on a display's clock; a tab
 * the browser renders as if in the background runs one a second, or none.
 */
export function idleFrames(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let n = 0;
        let done = false;
        const tick = () => {
          n++;
          if (!done) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
        setTimeout(() => {
          done = true;
          resolve(n);
        }, 1000);
      }),
  );
}
