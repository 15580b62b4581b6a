// wrk (Debian's `wrk`, written in C) as the load generator for large answers. autocannon parses
// bodies in JavaScript (http-parser-js): on the 244 kB gzip list it tops out near 250 req/s while
// the server sits 80 % idle, so its figure was the generator's, not the server's. Optional: without
// /usr/bin/wrk the bench falls back to autocannon and says so.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const WRK = '/usr/bin/wrk';
export const hasWrk = () => existsSync(WRK);

const MS = { us: 0.001, ms: 1, s: 1000 } as const;
const toMs = (v: string, unit: string) => Math.round(Number(v) * MS[unit as keyof typeof MS] * 100) / 100;

/** "    99%   12.34ms" -> 12.34 */
function percentile(out: string, p: number): number {
  const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out);
  if (!m) throw new Error(`wrk printed no ${p}% line:\n${out}`);
  return toMs(m[1]!, m[2]!);
}

/**
 * Closed loop (every connection sends its next request as soon as an answer is in), or paced:
 * with `rate`, each connection waits connections/rate seconds after an answer, so the offered
 * load is at most `rate` (wrk's delay()); the achieved rate is what is reported.
 */
export async function measureWrk(
  url: string,
  headers: Record<string, string>,
  o: { connections: number; seconds: number; rate?: number },
) {
  const dir = mkdtempSync(join(tmpdir(), 'facet-wrk-'));
  const script = join(dir, 'bench.lua');
  const lines = Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`);
  if (o.rate) lines.push(`function delay() return ${Math.floor((o.connections / o.rate) * 1000)} end`);
  writeFileSync(script, `${lines.join('\n')}\n`);
  const load = loadavg()[0]!.toFixed(2);
  try {
    const args = ['-t2', `-c${o.connections}`, `-d${o.seconds}s`, '--latency', '-s', script, url];
    const { stdout } = await promisify(execFile)(WRK, args, { maxBuffer: 1 << 20 });
    const requests = Number(/^\s*(\d+) requests in/m.exec(stdout)?.[1]);
    const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
    const errors = /Socket errors: (.*)$/m.exec(stdout)?.[1] ?? '';
    return {
      requests_per_sec: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)![1])),
      latency_ms: { p50: percentile(stdout, 50), p90: percentile(stdout, 90), p99: percentile(stdout, 99) },
      requests,
      non_2xx: non2xx,
      errors,
      load_average_1m_before: Number(load),
      ...(o.rate && { offered_rate_per_sec: o.rate }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
