// A server process's own figures for the live bench: its Prometheus exposition on METRICS_PORT (the live
// channel's gauge and commit-to-send histogram, the HTTP histogram by route) and its resident memory
// (/proc/<pid>/status VmRSS). A histogram is read twice and the difference taken, so each part counts only
// its own events; its quantiles are estimated as Prometheus's histogram_quantile does (linear in a bucket).
import { readFileSync } from 'node:fs';

export async function scrape(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (!res.ok) throw new Error(`metrics on port ${port} answered ${res.status}`);
  return res.text();
}

const labelsMatch = (line: string, labels: Record<string, string>) =>
  Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));

/** A gauge's or counter's value: the sum of its series whose labels match (0 when none). */
export function value(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name} `) && !line.startsWith(`${name}{`)) continue;
    if (labelsMatch(line, labels)) sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

/** A counter's value by one label (each series), e.g. the live events sent by kind. */
export function byLabel(text: string, name: string, label: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const m = new RegExp(`^${name}\\{.*${label}="([^"]*)".*\\} (\\S+)$`).exec(line);
    if (m) out[m[1]!] = (out[m[1]!] ?? 0) + Number(m[2]);
  }
  return out;
}

export interface Histogram {
  /** Cumulative counts by upper bound (seconds), +Inf last. */
  buckets: [number, number][];
  sum: number;
  count: number;
}

export function histogram(text: string, name: string, labels: Record<string, string> = {}): Histogram {
  const buckets = new Map<number, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}_bucket{`) || !labelsMatch(line, labels)) continue;
    const le = /le="([^"]+)"/.exec(line)![1]!;
    const bound = le === '+Inf' ? Infinity : Number(le);
    buckets.set(bound, (buckets.get(bound) ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1)));
  }
  return {
    buckets: [...buckets].sort((a, b) => a[0] - b[0]),
    sum: value(text, `${name}_sum`, labels),
    count: value(text, `${name}_count`, labels),
  };
}

/** What was observed between two reads. */
export function since(before: Histogram, after: Histogram): Histogram {
  const was = new Map(before.buckets);
  return {
    buckets: after.buckets.map(([le, n]) => [le, n - (was.get(le) ?? 0)]),
    sum: after.sum - before.sum,
    count: after.count - before.count,
  };
}

/** The q-quantile in ms, linear within its bucket; past the last finite bound, that bound ("> x"). */
function quantile(h: Histogram, q: number): number | string {
  const total = h.buckets.at(-1)?.[1] ?? 0;
  const rank = q * total;
  let [lo, below] = [0, 0];
  for (const [le, n] of h.buckets) {
    if (n >= rank) {
      if (le === Infinity) return `> ${lo * 1000}`;
      return Math.round((lo + ((le - lo) * (rank - below)) / Math.max(1, n - below)) * 1000 * 10) / 10;
    }
    [lo, below] = [le, n];
  }
  return Number.NaN;
}

/** The histogram's summary in ms: count, mean, estimated p50 and p95, the bucket bounds it was read from. */
export function summary(h: Histogram) {
  return {
    n: h.count,
    mean_ms: h.count ? Math.round((h.sum / h.count) * 1000 * 10) / 10 : null,
    p50_ms_estimated: h.count ? quantile(h, 0.5) : null,
    p95_ms_estimated: h.count ? quantile(h, 0.95) : null,
    buckets_ms: h.buckets.map(([le, n]) => [le === Infinity ? '+Inf' : le * 1000, n]),
  };
}

/** Resident memory of a process in bytes. */
export function rss(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** Polls the server's live gauge until it reads `n` (a condition, not a timed wait); false on time-out. */
export async function liveConnectionsReach(port: number, n: number, timeoutMs = 60_000): Promise<boolean> {
  for (const until = Date.now() + timeoutMs; Date.now() < until;) {
    if (value(await scrape(port), 'facet_live_connections') === n) return true;
    await new Promise((r) => setTimeout(r, 100)); // the next look at the gauge
  }
  return false;
}
