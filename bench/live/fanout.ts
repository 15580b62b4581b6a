// Fan-out on one server process (issue 44): the load generator opens a stream for each load user, all on
// "everyone"; memory per stream is the server's resident memory (and V8 heap) grown, divided by the
// streams; then one company-wide event (a bulk UPDATE of every product of "everyone" in one statement:
// one notice, one poke per stream) is timed from the statement's start to its arrival on each stream.
// The pull storm follows a poke to the same streams: `n` of them pull the product list as the portal does.
import type { Db } from '../../server/db/index.ts';
import type { ServerProcess } from '../../tests/support/processes.ts';
import { histogram, liveConnectionsReach, rss, scrape, since, summary, value } from './metrics.ts';
import { pokeKey, type Load, type Opened, type Pull, type Records } from './load-protocol.ts';
import type { Population } from './population.ts';
import { now, statsOf } from './clock.ts';

const EVENTS = 5;
const ARRIVAL_LIMIT_MS = 60_000;
const MB = 1024 * 1024;

export interface LoadTarget {
  server: ServerProcess;
  metrics: number;
  db: Db;
  load: Load;
  pop: Population;
  log: (s: string) => void;
}

/** Opens a stream per load user on `company(user)`, waiting until the server counts them all. */
export async function openStreams(t: LoadTarget, company: (u: Population['users'][number]) => number) {
  const list = t.pop.users.map((u) => ({ token: u.token, company: company(u) }));
  const opened = await t.load.send<Opened>({ cmd: 'open', port: t.server.port, list, width: 64 });
  const counted = await liveConnectionsReach(t.metrics, opened.open);
  t.log(`${opened.open} streams open in ${opened.ms} ms (${JSON.stringify(opened.statuses)})`);
  return { ...opened, opens_per_sec: Math.round((opened.open / opened.ms) * 1000), server_counts_them: counted };
}

export async function closeStreams(t: LoadTarget) {
  await t.load.send({ cmd: 'close' });
  await liveConnectionsReach(t.metrics, 0);
}

export async function fanOut(t: LoadTarget) {
  const { everyone } = t.pop;
  const base = { rss: rss(t.server.pid!), heap: value(await scrape(t.metrics), 'nodejs_heap_size_used_bytes') };
  const opened = await openStreams(t, () => everyone.id);
  const after = { rss: rss(t.server.pid!), heap: value(await scrape(t.metrics), 'nodejs_heap_size_used_bytes') };
  const n = opened.open;
  const hist0 = histogram(await scrape(t.metrics), 'facet_live_commit_to_send_seconds');
  const key = pokeKey(everyone.id, everyone.products);
  const all: number[] = [];
  const events = [];
  for (let e = 0; e < EVENTS; e++) {
    await t.load.send({ cmd: 'reset' });
    const start = now();
    await t.db.query(
      `UPDATE products SET name = 'Everyone ' || id || ' #' || $2::int, updated_at = clock_timestamp() WHERE customer_id = $1`,
      [everyone.id, e],
    );
    const statement = now() - start;
    const { complete } = await t.load.send<{ complete: boolean }>({
      cmd: 'await',
      keys: [key],
      count: n,
      timeoutMs: ARRIVAL_LIMIT_MS,
    });
    const got = await t.load.send<Records>({ cmd: 'records', keys: [key] });
    const times = got.records[key]!.map((x) => x - start);
    all.push(...times);
    const s = statsOf(times);
    events.push({ reached: times.length, complete, statement_ms: Math.round(statement), arrival_ms: s, foreign: got.foreign });
    t.log(`company-wide event ${e + 1}: ${times.length} of ${n} streams, p95 ${s?.p95} ms, max ${s?.max} ms`);
  }
  const server = summary(since(hist0, histogram(await scrape(t.metrics), 'facet_live_commit_to_send_seconds')));
  return {
    streams: opened,
    memory: {
      rss_before_mb: Math.round(base.rss / MB),
      rss_after_mb: Math.round(after.rss / MB),
      rss_per_stream_kb: n ? Math.round(((after.rss - base.rss) / n / 1024) * 10) / 10 : null,
      heap_used_per_stream_kb: n ? Math.round(((after.heap - base.heap) / n / 1024) * 10) / 10 : null,
    },
    company_wide_event: { events: EVENTS, statement_to_arrival_ms: statsOf(all), each: events, server_commit_to_send_ms: server },
  };
}

/** The storm: `n` streams pull the product list (updated_since: just before the poke's write) after it. */
export async function pullStorm(t: LoadTarget, n: number, i: number) {
  const { everyone } = t.pop;
  const cursor = (await t.db.one<{ c: string }>(
    `SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS c`,
  ))!.c;
  const path = `/backend/gets/product/show?id_customer=${everyone.id}&updated_since=${encodeURIComponent(cursor)}`;
  const route = { route: '/backend/gets/product/show' };
  const h0 = histogram(await scrape(t.metrics), 'facet_http_request_duration_seconds', route);
  await t.load.send({ cmd: 'arm', n, port: t.server.port, path });
  const start = now();
  await t.db.query(`UPDATE products SET name = name || '.', updated_at = clock_timestamp() WHERE id = $1`, [
    everyone.products[i % 20],
  ]);
  const { pulls } = await t.load.send<{ pulls: Pull[] }>({ cmd: 'storm' });
  const h1 = histogram(await scrape(t.metrics), 'facet_http_request_duration_seconds', route);
  const ok = pulls.filter((p) => p.status === 200);
  const figures = {
    clients: n,
    ok: ok.length,
    failed: pulls.length - ok.length,
    request_latency_ms: statsOf(ok.map((p) => p.end - p.start)),
    poke_arrival_ms: statsOf(pulls.filter((p) => p.poked >= start).map((p) => p.poked - start)),
    storm_duration_ms: Math.round(Math.max(...pulls.map((p) => p.end)) - start),
    bytes_per_answer: ok.length ? Math.round(ok.reduce((a, p) => a + p.bytes, 0) / ok.length) : 0,
    server_request_duration_ms: summary(since(h0, h1)),
  };
  t.log(
    `pull storm of ${n}: p50 ${figures.request_latency_ms?.median} ms, p95 ${figures.request_latency_ms?.p95} ms, over in ${figures.storm_duration_ms} ms`,
  );
  return figures;
}
