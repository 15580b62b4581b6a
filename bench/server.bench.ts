// `npm run bench:server`: req/s and latency of one product, the current user and the 10,000-product
// list (gzip), with autocannon on loopback, on PGlite and (with a URL) PostgreSQL. The server runs
// in a child process (bench/server/serve.ts); the load comes from this one. The machine's load
// average is recorded next to each figure: on a shared machine it explains much of the spread.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const log = (s: string) => console.log(`[bench:server] ${s}`);

interface Ready { kind: string; base: string; token: string; paths: Record<'product' | 'user' | 'list', string>; breakdowns: unknown; product_list_10k_cold_ms: number }

function startServer(kind: string): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/server/serve.ts', kind], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server (${kind}) exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ child, ready: JSON.parse(line.slice(6)) as Ready });
      else console.log(`[serve ${kind}] ${line}`);
    });
  });
}

async function measure(url: string, token: string, extra: Record<string, string> = {}) {
  const load = loadavg()[0]!.toFixed(2);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { authorization: `Bearer ${token}`, ...extra } });
  return {
    requests_per_sec: Math.round(r.requests.average),
    latency_ms: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
    bytes_per_response: Math.round(r.throughput.average / Math.max(1, r.requests.average)),
    non_2xx: r.non2xx,
    errors: r.errors,
    load_average_1m_before: Number(load),
  };
}

async function run(kind: 'pglite' | 'postgres') {
  log(`${kind}: seeding and starting the server process…`);
  const { child, ready } = await startServer(kind);
  try {
    const at = (p: string) => `${ready.base}${p}`;
    const single_product = await measure(at(ready.paths.product), ready.token);
    log(`${kind} one product: ${single_product.requests_per_sec} req/s, p99 ${single_product.latency_ms.p99} ms`);
    const current_user = await measure(at(ready.paths.user), ready.token);
    log(`${kind} current user: ${current_user.requests_per_sec} req/s, p99 ${current_user.latency_ms.p99} ms`);
    const product_list_10k_gzip = await measure(at(ready.paths.list), ready.token, { 'accept-encoding': 'gzip' });
    log(`${kind} list (gzip): ${product_list_10k_gzip.requests_per_sec} req/s, p99 ${product_list_10k_gzip.latency_ms.p99} ms`);
    return { single_product, current_user, product_list_10k_gzip, product_list_10k_cold_ms: ready.product_list_10k_cold_ms, per_request_queries: ready.breakdowns };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const out: Record<string, unknown> = {
  when: new Date().toISOString(), products: Number(process.env.BENCH_PRODUCTS ?? 10_000), seconds_per_run: DURATION, connections: CONNECTIONS,
  load_generator: 'autocannon in the parent process; the server in a child process',
};
const postgres = pgUrl ? await run('postgres') : 'skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL';
out.pglite = await run('pglite');
out.postgres = postgres;
if (typeof postgres === 'object') {
  out.targets = {
    postgres_single_product_2000_rps_p99_under_50ms: postgres.single_product.requests_per_sec >= 2000 && postgres.single_product.latency_ms.p99 < 50,
    postgres_current_user_2000_rps_p99_under_50ms: postgres.current_user.requests_per_sec >= 2000 && postgres.current_user.latency_ms.p99 < 50,
    postgres_list_gzip_p99_under_50ms: postgres.product_list_10k_gzip.latency_ms.p99 < 50,
  };
}
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/server.json', `${JSON.stringify(out, null, 2)}\n`);
console.log(JSON.stringify(out, null, 2));
