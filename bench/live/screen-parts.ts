// One rename's way to the screen, cut into parts (ms), from the raw times of bench/live/screen.ts. All are
// epoch ms on this machine's clock: the trigger's clock_timestamp() (`at`, in the notice), the bench's own
// LISTEN connection hearing the notice, B's answer, the event reaching the tab that holds the connection,
// the other tab's relay (BroadcastChannel), the tabs' pull requests and the paint. The two tabs share one
// IndexedDB mirror, so a name may be painted from the other tab's pull: the pull a paint is laid to is the
// last one, of either tab, to end before the name was in the DOM (the product list or the open product),
// and after the write was sent. The chain's parts add up to answer_to_painted.
import { statsOf } from './clock.ts';
import type { Painted, Request, Seen } from './page-probes.ts';
import type { Renamed } from './rename.ts';

export interface PageTimes {
  painted: Painted;
  seen: Seen[];
  relayed: Seen[];
  requests: Request[];
  /** Main-thread tasks over 50 ms. */
  long: Request[];
}
export interface Sample {
  renamed: Renamed;
  /** The notice as the bench's LISTEN heard it: its trigger time and when it arrived. */
  notice?: { at: number; heard: number };
  pages: { catalogue: PageTimes; product: PageTimes };
}

/** The product list (updated_since) and the open product: either may bring a new name into the shared mirror. */
const PULLS = '/gets/product';
const d = (a?: number, b?: number) => (a === undefined || b === undefined || !Number.isFinite(a - b) ? undefined : a - b);
const ofVersion = (xs: Seen[], v?: string) => xs.find((s) => s.event.type === 'poke' && s.event.version === v)?.t;
const received = (p: PageTimes, v?: string) => ofVersion(p.seen, v) ?? ofVersion(p.relayed, v);

function pageParts(s: Sample, tab: 'catalogue' | 'product', eventAt: number | undefined) {
  const p = s.pages[tab];
  const v = s.renamed.version;
  const here = received(p, v);
  // A pull that ended after the write was sent may have brought the name (one started for the last poke too).
  const pulls = (q: PageTimes) => q.requests.filter((r) => r.url.includes(PULLS) && r.end >= s.renamed.sent);
  const own = pulls(p);
  const both = [...own, ...pulls(tab === 'catalogue' ? s.pages.product : s.pages.catalogue)];
  const before = both.filter((r) => r.end <= p.painted.dom).sort((a, b) => a.end - b.end);
  const laid = before.at(-1);
  const firstOwn = here === undefined ? undefined : Math.min(...own.map((r) => r.start).filter((t) => t >= here));
  return {
    total: p.painted.frame - s.renamed.answered,
    leader: ofVersion(p.seen, v) !== undefined,
    pulled_here: !!laid && own.includes(laid),
    relay: d(here, eventAt),
    own_gather_wait: d(firstOwn, here),
    event_to_pull_start: d(laid?.start, eventAt),
    pull: d(laid?.end, laid?.start),
    render: d(p.painted.dom, laid?.end),
    frame: p.painted.frame - p.painted.dom,
    // The longest main-thread task between the name in the DOM and its frame: the frame waited for it.
    long_task: Math.max(
      0,
      ...p.long.filter((l) => l.end > p.painted.dom && l.start < p.painted.frame).map((l) => l.end - l.start),
    ),
  };
}

type Parts = ReturnType<typeof pageParts>;
const part = (xs: (number | undefined)[]) => statsOf(xs.filter((x): x is number => x !== undefined));
const summarize = (ps: Parts[]) => ({
  answer_to_painted_ms: part(ps.map((p) => p.total)),
  answer_to_dom_ms: part(ps.map((p) => p.total - p.frame)),
  chain_ms: {
    event_to_pull_start: part(ps.map((p) => p.event_to_pull_start)),
    pull_request: part(ps.map((p) => p.pull)),
    render: part(ps.map((p) => p.render)),
    to_frame: part(ps.map((p) => p.frame)),
  },
  tab_ms: {
    relay_from_leader_tab: part(ps.filter((p) => !p.leader).map((p) => p.relay)),
    own_gather_wait: part(ps.map((p) => p.own_gather_wait)),
  },
  long_task_before_frame_ms: part(ps.map((p) => p.long_task).filter((t) => t > 0)),
  leader_was_this_tab: ps.filter((p) => p.leader).length,
  painted_from_own_pull: ps.filter((p) => p.pulled_here).length,
});

export function screenFigures(samples: Sample[], missed: number) {
  const eventAt = (s: Sample) =>
    ofVersion(s.pages.catalogue.seen, s.renamed.version) ?? ofVersion(s.pages.product.seen, s.renamed.version);
  const cat = samples.map((s) => pageParts(s, 'catalogue', eventAt(s)));
  const prod = samples.map((s) => pageParts(s, 'product', eventAt(s)));
  return {
    renames: samples.length,
    missed,
    answer_to_painted_ms: {
      catalogue: part(cat.map((p) => p.total)),
      product_page: part(prod.map((p) => p.total)),
      both_pages: part(samples.map((_, i) => Math.max(cat[i]!.total, prod[i]!.total))),
    },
    common_parts_ms: {
      write_answer_after_trigger: part(samples.map((s) => d(s.renamed.answered, s.notice?.at))),
      notify_trigger_to_listener: part(samples.map((s) => d(s.notice?.heard, s.notice?.at))),
      answer_to_event_in_browser: part(samples.map((s) => d(eventAt(s), s.renamed.answered))),
      trigger_to_event_in_browser: part(samples.map((s) => d(eventAt(s), s.notice?.at))),
      write_round_trip: part(samples.map((s) => s.renamed.answered - s.renamed.sent)),
    },
    catalogue: summarize(cat),
    product_page: summarize(prod),
  };
}
