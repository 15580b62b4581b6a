// `npm run bench:server`: req/s and latency of one product, the current user and the 10,000-product
// list (gzip), with autocannon on loopback, on PGlite and (with a URL) PostgreSQL, then two server
// processes on that one PostgreSQL database with the connections spread over both (issue 18). The
// servers run in child processes (bench/server/serve.ts); the load comes from this one.
// BENCH_RUNS=two-process (a comma list of pglite, postgres, two-process) runs only those. The machine's load
// average is recorded next to each figure: on a shared machine it explains much of the spread.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { hasWrk, measureWrk } from './server/wrk.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const log = (s: string) => console.log(`[bench:server] ${s}`);

interface Ready {
  kind: string;
  base: string;
  database_url?: string;
  token: string;
  paths: Record<'product' | 'user' | 'list', string>;
  breakdowns: unknown;
  product_list_10k_cold_ms: number;
}

function startServer(kind: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/server/serve.ts', kind], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server (${kind}) exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ child, ready: JSON.parse(line.slice(6)) as Ready });
      else console.log(`[serve ${kind}] ${line}`);
    });
  });
}

/** Several urls: autocannon spreads the connections over them, round robin, in one histogram. */
async function measure(url: string | string[], token: string, extra: Record<string, string> = {}) {
  const load = loadavg()[0]!.toFixed(2);
  // The types say one url; autocannon takes an array too (README: "More than one URL is allowed").
  const r = await autocannon({
    url: url as string,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}`, ...extra },
  });
  return {
    requests_per_sec: Math.round(r.requests.average),
    latency_ms: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
    bytes_per_response: Math.round(r.throughput.average / Math.max(1, r.requests.average)),
    non_2xx: r.non2xx,
    errors: r.errors,
    load_average_1m_before: Number(load),
  };
}

const GZIP = { 'accept-encoding': 'gzip' };
/** The target's load: the rate asked for, with some headroom so that the achieved rate reaches it. */
const PACED_RATE = Number(process.env.BENCH_PACED_RATE ?? 2200);

/** Closed loop: the most the server answers. The list's 244 kB bodies need a generator in C (wrk.ts). */
function saturate(url: string, token: string, big = false) {
  const auth = { authorization: `Bearer ${token}` };
  if (big && hasWrk()) return measureWrk(url, { ...auth, ...GZIP }, { connections: CONNECTIONS, seconds: DURATION });
  return measure(url, token, big ? GZIP : {});
}

/** Paced at PACED_RATE over the same connections: the latency at the target's rate (wrk only). */
async function paced(url: string, token: string, big = false) {
  if (!hasWrk()) return 'skipped: needs /usr/bin/wrk (apt-get install wrk)';
  return measureWrk(
    url,
    { authorization: `Bearer ${token}`, ...(big ? GZIP : {}) },
    { connections: CONNECTIONS, seconds: DURATION, rate: PACED_RATE },
  );
}

type Figures = { requests_per_sec: number; latency_ms: { p99: number } };
const say = (label: string, f: Figures | string) =>
  log(typeof f === 'string' ? `${label}: ${f}` : `${label}: ${f.requests_per_sec} req/s, p99 ${f.latency_ms.p99} ms`);

async function run(kind: 'pglite' | 'postgres') {
  log(`${kind}: seeding and starting the server process…`);
  const { child, ready } = await startServer(kind);
  try {
    const at = (p: string) => `${ready.base}${p}`;
    type Row = Figures & { generator: string; paced: Figures | string };
    const result = {} as Record<'single_product' | 'current_user' | 'product_list_10k_gzip', Row>;
    for (const [name, path, big] of [
      ['single_product', ready.paths.product, false],
      ['current_user', ready.paths.user, false],
      ['product_list_10k_gzip', ready.paths.list, true],
    ] as const) {
      const most = await saturate(at(path), ready.token, big);
      say(`${kind} ${name} (closed loop)`, most);
      const atRate = await paced(at(path), ready.token, big);
      say(`${kind} ${name} (paced at ${PACED_RATE}/s)`, atRate);
      result[name] = { ...most, generator: big && hasWrk() ? 'wrk' : 'autocannon', paced: atRate };
    }
    return { ...result, product_list_10k_cold_ms: ready.product_list_10k_cold_ms, per_request_queries: ready.breakdowns };
  } finally {
    await stopServer(child);
  }
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Two server processes on one PostgreSQL database (the second seeds nothing), the load spread over both. */
async function runTwoProcesses() {
  log('two-process: seeding and starting server A…');
  const a = await startServer('postgres');
  try {
    const b = await startServer('postgres', { BENCH_ATTACH_DATABASE_URL: a.ready.database_url! });
    try {
      const at = (p: string) => [a.ready.base + p, b.ready.base + p];
      const { token, paths } = a.ready;
      const single_product = await measure(at(paths.product), token);
      log(`two-process one product: ${single_product.requests_per_sec} req/s, p99 ${single_product.latency_ms.p99} ms`);
      const current_user = await measure(at(paths.user), token);
      log(`two-process current user: ${current_user.requests_per_sec} req/s, p99 ${current_user.latency_ms.p99} ms`);
      // wrk takes one url: one generator per server, half the connections each, figures summed.
      const product_list_10k_gzip = hasWrk()
        ? await listOnBoth(a.ready.base, b.ready.base, paths.list, token)
        : await measure(at(paths.list), token, GZIP);
      log(
        `two-process list (gzip): ${product_list_10k_gzip.requests_per_sec} req/s, p99 ${product_list_10k_gzip.latency_ms.p99} ms`,
      );
      return { servers: 2, connections_per_server: CONNECTIONS / 2, single_product, current_user, product_list_10k_gzip };
    } finally {
      await stopServer(b.child);
    }
  } finally {
    await stopServer(a.child);
  }
}

async function listOnBoth(a: string, b: string, path: string, token: string) {
  const o = { connections: CONNECTIONS / 2, seconds: DURATION };
  const h = { authorization: `Bearer ${token}`, ...GZIP };
  const [x, y] = await Promise.all([measureWrk(a + path, h, o), measureWrk(b + path, h, o)]);
  return {
    requests_per_sec: x.requests_per_sec + y.requests_per_sec,
    latency_ms: { p99: Math.max(x.latency_ms.p99, y.latency_ms.p99) },
    generator: 'wrk, one per server',
    per_server: [x, y],
  };
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const out: Record<string, unknown> = {
  when: new Date().toISOString(),
  products: Number(process.env.BENCH_PRODUCTS ?? 10_000),
  seconds_per_run: DURATION,
  connections: CONNECTIONS,
  load_generator: `autocannon in the parent process (the list: ${hasWrk() ? 'wrk' : 'autocannon, no wrk here'}, its own process); the server in a child process`,
  paced_rate_per_sec: PACED_RATE,
};
const runs = (process.env.BENCH_RUNS ?? 'pglite,postgres,two-process').split(',');
const noPg = 'skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL';
const postgres = !runs.includes('postgres') ? 'not run (BENCH_RUNS)' : pgUrl ? await run('postgres') : noPg;
out.pglite = runs.includes('pglite') ? await run('pglite') : 'not run (BENCH_RUNS)';
out.postgres = postgres;
out.postgres_two_processes = !runs.includes('two-process') ? 'not run (BENCH_RUNS)' : pgUrl ? await runTwoProcesses() : noPg;
if (typeof postgres === 'object') {
  // Met when the server answers at least 2,000/s and, loaded at 2,000/s or more, its p99 is under 50 ms.
  const met = (f: { requests_per_sec: number; paced: Figures | string }, rate = true) =>
    typeof f.paced === 'object' &&
    f.paced.requests_per_sec >= 2000 &&
    f.paced.latency_ms.p99 < 50 &&
    (!rate || f.requests_per_sec >= 2000);
  out.targets = {
    postgres_single_product_2000_rps_p99_under_50ms: met(postgres.single_product),
    postgres_current_user_2000_rps_p99_under_50ms: met(postgres.current_user),
    postgres_list_gzip_p99_under_50ms: met(postgres.product_list_10k_gzip, false),
  };
}
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  runs.length === 3 ? 'bench/results/server.json' : `bench/results/server-${runs.join('-')}.json`,
  `${JSON.stringify(out, null, 2)}\n`,
);
console.log(JSON.stringify(out, null, 2));
