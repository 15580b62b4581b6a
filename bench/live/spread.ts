// Writes spread over 100 companies of 100 streams each (issue 44), on one server process: each load user's
// stream is on its own company; writers in this process rename the companies' products in turn through the
// server's API (as staff, who may write in every company), as fast as the machine answers, for a while.
// Then every write's poke must have reached each of its company's 100 streams (matched by company, product
// and the version the answer gave) and no stream may have had a poke of another company.
import { histogram, scrape, since, summary } from './metrics.ts';
import { pokeKey, type Records } from './load-protocol.ts';
import { closeStreams, openStreams, type LoadTarget } from './fanout.ts';
import { now, statsOf } from './clock.ts';
import { rename } from './rename.ts';

const DRAIN_LIMIT_MS = 60_000;

interface Write {
  company: number;
  key: string;
  answered: number;
  sent: number;
}

export async function spreadWrites(t: LoadTarget, o: { seconds: number; writers: number; staffToken: string }) {
  const { companies } = t.pop;
  const perCompany = t.pop.users.filter((u) => u.company === companies[0]!.id).length;
  const opened = await openStreams(t, (u) => u.company);
  const hist0 = histogram(await scrape(t.metrics), 'facet_live_commit_to_send_seconds');
  await t.load.send({ cmd: 'reset' });
  const writes: Write[] = [];
  const refused: Record<number, number> = {};
  let next = 0;
  const start = now();
  const until = start + o.seconds * 1000;
  const writer = async () => {
    while (now() < until) {
      const i = next++;
      const c = companies[i % companies.length]!;
      const id = c.products[Math.floor(i / companies.length) % c.products.length]!;
      const r = await rename(t.server.api, o.staffToken, id, `Spread ${i}`);
      if (r.status !== 200) refused[r.status] = (refused[r.status] ?? 0) + 1;
      else writes.push({ company: c.id, key: pokeKey(c.id, [id], r.version), sent: r.sent, answered: r.answered });
    }
  };
  await Promise.all(Array.from({ length: o.writers }, writer));
  const elapsed = (now() - start) / 1000;
  const keys = writes.map((w) => w.key);
  const drainStart = now();
  const { complete } = await t.load.send<{ complete: boolean }>({
    cmd: 'await',
    keys,
    count: perCompany,
    timeoutMs: DRAIN_LIMIT_MS,
  });
  const drainMs = Math.round(now() - drainStart);
  const got = await t.load.send<Records>({ cmd: 'records', keys });
  const server = summary(since(hist0, histogram(await scrape(t.metrics), 'facet_live_commit_to_send_seconds')));
  let missing = 0;
  let extra = 0;
  const fromAnswer: number[] = [];
  const fromSend: number[] = [];
  for (const w of writes) {
    const times = got.records[w.key] ?? [];
    missing += Math.max(0, perCompany - times.length);
    extra += Math.max(0, times.length - perCompany);
    for (const x of times) {
      fromAnswer.push(x - w.answered);
      fromSend.push(x - w.sent);
    }
  }
  await closeStreams(t);
  const figures = {
    streams: opened,
    companies: companies.length,
    streams_per_company: perCompany,
    writers: o.writers,
    seconds: Math.round(elapsed * 10) / 10,
    writes: writes.length,
    writes_per_sec: Math.round(writes.length / elapsed),
    refused,
    write_round_trip_ms: statsOf(writes.map((w) => w.answered - w.sent)),
    events_expected: writes.length * perCompany,
    events_delivered: fromAnswer.length,
    events_per_sec: Math.round(fromAnswer.length / elapsed),
    missing,
    duplicates: extra,
    to_another_company: got.foreign,
    to_another_company_sample: got.foreignSample,
    pokes_not_from_these_writes: got.unexpected,
    all_delivered_in_time: complete,
    drain_after_last_write_ms: drainMs,
    // The server answers a write once its own notice has come back (the auth cache's settle), so a poke
    // often arrives before the answer: from the request's start is the upper bound.
    answer_to_arrival_ms: statsOf(fromAnswer),
    request_to_arrival_ms: statsOf(fromSend),
    streams_dropped_by_server: got.dropped,
    server_commit_to_send_ms: server,
  };
  t.log(
    `spread writes: ${figures.writes_per_sec} writes/s, ${figures.events_delivered} of ${figures.events_expected} events, ` +
      `${missing} missing, ${got.foreign} to another company, from the write's request to arrival p95 ${figures.request_to_arrival_ms?.p95} ms`,
  );
  return figures;
}
