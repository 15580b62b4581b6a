// bench/results/live.json: the figures, what each one measures, and the goals met or missed (a miss
// is recorded, never thrown), with a short readable summary for the terminal.
import type { changeToScreen } from './screen.ts';
import type { fanOut, pullStorm } from './fanout.ts';
import type { spreadWrites } from './spread.ts';

type Screen = Awaited<ReturnType<typeof changeToScreen>>;
type FanOut = Awaited<ReturnType<typeof fanOut>>;
type Storm = Awaited<ReturnType<typeof pullStorm>>;
type Spread = Awaited<ReturnType<typeof spreadWrites>>;

const NOTES = [
  'Every time is epoch ms on this one machine (performance.timeOrigin + performance.now() in the pages, the load generator and the bench), so times taken in different processes compare; figures are median, p95, max and n.',
  "change_to_screen: PostgreSQL; server processes A and B (`tsx server/main.ts`); the full Chromium (headless) signed in on A as manager@acme.test, the production build, the catalogue in one window and the product's page in a second window beside it (one context: one live connection, held by one page and relayed to the other over BroadcastChannel; two windows rather than two tabs, since Chromium in time renders a tab that is not in front at one frame a second, which is not what a person looking at it sees). multi@facet.test renames the product through B's PUT /puts/product/edit (the portal's own call: changed fields, updated_at based on, Idempotency-Key), 100 times after 3 warm-ups, each after the previous one is painted in both tabs. answer_to_painted: from B's answer reaching the bench to the first animation frame after the new name is in the tab's DOM (MutationObserver, then requestAnimationFrame); answer_to_dom: to the name in the DOM. idle_frames_per_sec: animation frames each page ran in a second with nothing happening, before and after the renames (about 60: neither page was held back).",
  "change_to_screen parts (common): notify_trigger_to_listener: the notice's own trigger time (clock_timestamp() in the statement trigger, before the commit) to the bench's LISTEN connection hearing it, the NOTIFY path A's LISTEN takes too; answer_to_event_in_browser: B's answer to the event read from the stream in the tab holding the connection (fetch wrapped, its body teed; negative when the event is there before the answer); server_A_commit_to_send_ms: A's own histogram (facet_live_commit_to_send_seconds: trigger time to the event written to the stream) over the measured renames, quantiles estimated within its buckets.",
  "change_to_screen chain, per tab (adds up to answer_to_painted with answer_to_event_in_browser): event_to_pull_start: the event in the browser to the start of the pull the paint is laid to (the relay to the other tab, and the portal's gather wait: pokes are gathered for 100 ms, then a random 0-150 ms spreads a company-wide poke's pulls); pull_request: that request (Resource Timing); render: its end to the name in the tab's DOM (the mirror written, the screen re-rendered); to_frame: the DOM to the next frame. Both tabs share one IndexedDB mirror and each pulls on its own, so a tab may paint from the other's pull: the pull a paint is laid to is the last of either tab's to end before the name was in the DOM (the catalogue: the product list with updated_since; the product page: the list or GET /gets/product). tab_ms: the relay over BroadcastChannel to the tab without the connection, and each tab's own wait from the event to its first pull.",
  "fan_out: one server process (PostgreSQL), a load generator in a process of its own (raw sockets, one HTTP/1.1 stream per load user with that user's bearer token, the open-file limit raised to the hard limit). 10,000 load users, 100 companies and their tokens written in SQL (bench/live/population.ts). memory: the server's VmRSS (and V8 heap used) after opening the streams less before, per stream (each stream is another user's, so it includes what the server caches per user: the token and the membership). company_wide_event: one UPDATE of the 20 products of the company every stream subscribes to (one statement: one notice, one poke per stream), from the statement's start in the bench to its arrival on each stream; 5 events.",
  "pull_storms: after a poke to the same 10,000 streams (one product renamed in SQL), `clients` of them pull GET /gets/product/show?id_customer&updated_since (the cursor just before the write) as the portal does: after the gather wait (100 ms + random 0-150 ms), each with its own token and its own connection. request_latency: the request in the load generator; server_request_duration: the server's own HTTP histogram for that route; storm_duration: from the write to the last answer.",
  "spread_writes: the streams re-opened, 100 per company over 100 companies (each user's own); writers in the bench process (closed loop, as staff) rename the companies' products in turn through the same server's API for the given seconds. Every write's poke must reach its company's 100 streams (matched by company, product and the version the answer gave); to_another_company counts pokes that reached a stream of another company (must be 0). answer_to_arrival: from each write's answer to its poke on each stream (often negative: the server answers a write once its own cache notice has come back, by which time the poke is out); request_to_arrival: from the write's request to its poke on each stream.",
  'The machine is shared and has 2 cores: the server, PostgreSQL, Chromium or the load generator, and the bench all run on them at once; load_avg_1m says how busy it was.',
];

export function liveResults(m: {
  machine: Record<string, unknown>;
  screen: Screen | string;
  fanOut: FanOut | string;
  storms: Storm[];
  spread: Spread | string;
}) {
  const s = typeof m.screen === 'object' ? m.screen : undefined;
  const f = typeof m.fanOut === 'object' ? m.fanOut : undefined;
  const w = typeof m.spread === 'object' ? m.spread : undefined;
  const p95 = (x: { p95: number } | null | undefined) => (x ? x.p95 <= 1000 : false);
  return {
    when: new Date().toISOString(),
    machine: m.machine,
    notes: NOTES,
    change_to_screen: m.screen,
    fan_out: m.fanOut,
    pull_storms: m.storms,
    spread_writes: m.spread,
    targets: {
      change_to_screen_p95_within_1s: p95(s?.answer_to_painted_ms.both_pages),
      fan_out_10000_streams: (f?.streams.open ?? 0) >= 10_000,
      fan_out_company_wide_event_p95_within_1s: p95(f?.company_wide_event.statement_to_arrival_ms),
      spread_every_event_delivered: !!w && w.missing === 0 && w.all_delivered_in_time,
      spread_none_to_another_company: !!w && w.to_another_company === 0 && w.pokes_not_from_these_writes.length === 0,
    },
  };
}

/** The few lines to read in the terminal. */
export function summaryLines(r: ReturnType<typeof liveResults>): string[] {
  const ms = (x: { median: number; p95: number; max: number } | null | undefined) =>
    x ? `p50 ${x.median} ms, p95 ${x.p95} ms, max ${x.max} ms` : 'no sample';
  const out: string[] = [];
  const s = r.change_to_screen;
  if (typeof s === 'object') {
    out.push(`change to screen (${s.renames} renames, ${s.missed} missed): both pages ${ms(s.answer_to_painted_ms.both_pages)}`);
    out.push(`  catalogue ${ms(s.answer_to_painted_ms.catalogue)}; product page ${ms(s.answer_to_painted_ms.product_page)}`);
    out.push(`  to the DOM: catalogue ${ms(s.catalogue.answer_to_dom_ms)}; product page ${ms(s.product_page.answer_to_dom_ms)}`);
    out.push(`  idle frames/s (catalogue, product page): ${JSON.stringify(s.idle_frames_per_sec)}`);
    out.push(
      `  notify ${ms(s.common_parts_ms.notify_trigger_to_listener)}; answer to event in the browser ${ms(s.common_parts_ms.answer_to_event_in_browser)}`,
    );
    for (const [tab, p] of [
      ['catalogue', s.catalogue],
      ['product page', s.product_page],
    ] as const) {
      const c = p.chain_ms;
      out.push(
        `  ${tab} (medians): event to pull ${c.event_to_pull_start?.median} ms, pull ${c.pull_request?.median} ms, render ${c.render?.median} ms, frame ${c.to_frame?.median} ms`,
      );
    }
  } else out.push(`change to screen: ${s}`);
  const f = r.fan_out;
  if (typeof f === 'object') {
    out.push(
      `fan-out: ${f.streams.open} streams (opened in ${f.streams.ms} ms), ${f.memory.rss_per_stream_kb} kB RSS per stream (heap ${f.memory.heap_used_per_stream_kb} kB)`,
    );
    out.push(`  company-wide event to every stream: ${ms(f.company_wide_event.statement_to_arrival_ms)}`);
  } else out.push(`fan-out: ${f}`);
  for (const st of r.pull_storms)
    out.push(
      `pull storm of ${st.clients}: request ${ms(st.request_latency_ms)}; over in ${st.storm_duration_ms} ms; ${st.failed} failed`,
    );
  const w = r.spread_writes;
  if (typeof w === 'object') {
    out.push(
      `spread writes: ${w.writes_per_sec} writes/s (${w.writes} in ${w.seconds} s), ${w.events_delivered} of ${w.events_expected} events delivered, ${w.to_another_company} to another company`,
    );
    out.push(
      `  write round trip ${ms(w.write_round_trip_ms)}; from the write's request to arrival ${ms(w.request_to_arrival_ms)}`,
    );
  } else out.push(`spread writes: ${w}`);
  out.push(`targets: ${JSON.stringify(r.targets)}`);
  return out;
}
