// Prometheus metrics of real processes (`tsx server/main.ts`, and `npm run worker` on PostgreSQL):
// with METRICS_PORT, /metrics on a listener of its own; without it, no listener beyond the API's.
import { afterAll, describe, expect, it } from 'vitest';
import { call, DEMO } from '../support/http.ts';
import { freePort, listeningPorts, serverProcess, workerProcess, type ServerProcess } from '../support/processes.ts';
import { dbKind, processDatabase, seedDataDir, type TestServer } from '../support/server.ts';

const drops: (() => Promise<void>)[] = [];
const started: ServerProcess[] = [];
afterAll(async () => {
  for (const p of started) await p.close();
  for (const drop of drops) await drop();
});

/** The environment of a seeded process: on PostgreSQL a database copy of its own. */
async function seededEnv(env: Record<string, string>): Promise<Record<string, string>> {
  const db = await processDatabase();
  drops.push(db.drop);
  return { ...env, ...db.env };
}

const scrape = async (port: number) => {
  const r = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return r.text();
};
/** The value of one series, by its exact name and labels as exposed. */
const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('with METRICS_PORT', () => {
  it('serves /metrics on its own port: requests by route pattern, durations, caches, the pool, queue depth, process metrics', async () => {
    const metricsPort = await freePort();
    // No job is worked here, so the export queued below stays in its queue.
    const proc = await serverProcess('metrics', await seededEnv({ METRICS_PORT: String(metricsPort), WORKERS_IN_PROCESS: '0' }), {
      prepare: seedDataDir,
    });
    started.push(proc);
    expect(listeningPorts(proc.pid!)).toEqual([proc.port, metricsPort].sort((a, b) => a - b));

    const s = { api: proc.api } as TestServer;
    const login = await call(s, 'POST', '/api/auth/login', { body: { email: DEMO.acme, password: DEMO.password } });
    expect(login.status).toBe(200);
    const token = (login.body.token as string).split('|')[1]!;
    const acme = (await call(s, 'GET', '/api/user', { token })).body.companies[0].id as number;
    const list = async () => call(s, 'GET', '/gets/product/show', { token, query: { id_customer: acme } });
    const products = (await list()).body.products as { id: number; sku: string }[];
    await list();
    const product = products.find((p) => p.sku === 'ACM-1001')!.id;
    const q = { id_product: product, id_customer: acme };
    for (let i = 0; i < 2; i++) expect((await call(s, 'GET', '/gets/product', { token, query: q })).status).toBe(200);
    const silo = (await call(s, 'GET', '/gets/product/automation/silo/config/show', { token, query: q })).body
      .product_config_silo[0].id as number;
    const queued = await call(s, 'POST', '/posts/product/automation/enqueue/download', {
      token,
      body: { ...q, id_product_config: silo },
    });
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    expect((await call(s, 'GET', '/no/such/call')).status).toBe(404);
    const photo = (await call(s, 'GET', '/api/user', { token })).body.urlImage as string;
    expect((await fetch(`${proc.url}/storage/${photo}`)).status).toBe(200);

    const text = await scrape(metricsPort);
    // By route pattern: the query string and a stored file's path are not part of it.
    expect(value(text, 'facet_http_requests_total{route="/backend/api/auth/login",method="POST",status="200"}')).toBe(1);
    expect(value(text, 'facet_http_requests_total{route="/backend/gets/product",method="GET",status="200"}')).toBe(2);
    expect(value(text, 'facet_http_requests_total{route="/storage/*",method="GET",status="200"}')).toBe(1);
    expect(text).toMatch(/^facet_http_requests_total\{route="[^"]+",method="GET",status="404"\} 1$/m);
    expect(text).not.toContain('id_product=');
    expect(
      value(text, 'facet_http_request_duration_seconds_count{route="/backend/gets/product",method="GET",status="200"}'),
    ).toBe(2);
    expect(
      value(
        text,
        'facet_http_request_duration_seconds_bucket{le="+Inf",route="/backend/gets/product",method="GET",status="200"}',
      ),
    ).toBe(2);
    expect(text).toContain('# TYPE facet_http_server_errors_total counter');
    expect(value(text, 'facet_http_requests_in_flight')).toBe(0);
    // The second product and list calls were answered from the caches; the token was looked up in between.
    expect(value(text, 'facet_cache_misses_total{cache="product"}')).toBe(1);
    expect(value(text, 'facet_cache_hits_total{cache="product"}')).toBe(1);
    expect(value(text, 'facet_cache_misses_total{cache="product-list"}')).toBe(1);
    expect(value(text, 'facet_cache_hits_total{cache="product-list"}')).toBe(1);
    expect(value(text, 'facet_cache_hits_total{cache="token"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'facet_db_pool_total')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'facet_db_pool_idle')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'facet_db_pool_waiting')).toBe(0);
    expect(value(text, 'facet_job_queue_depth{queue="export"}')).toBe(1);
    expect(value(text, 'facet_job_queue_depth{queue="frame-set"}')).toBe(0);
    // Node's own process metrics, under their usual names.
    expect(value(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    // The metrics listener answers /metrics only.
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
  }, 120_000);
});

it('without METRICS_PORT nothing listens but the API', async () => {
  const proc = await serverProcess('no-metrics', await seededEnv({}), { prepare: seedDataDir });
  started.push(proc);
  expect(listeningPorts(proc.pid!)).toEqual([proc.port]);
}, 120_000);

// `npm run worker` needs PostgreSQL.
it.skipIf(dbKind() !== 'postgres')(
  'npm run worker serves its metrics too, and stops with exit code 0',
  async () => {
    const metricsPort = await freePort();
    const worker = await workerProcess(await seededEnv({ METRICS_PORT: String(metricsPort) }));
    try {
      const text = await scrape(metricsPort);
      expect(value(text, 'facet_job_queue_depth{queue="export"}')).toBe(0);
      expect(value(text, 'facet_db_pool_total')).toBeGreaterThanOrEqual(1);
      expect(text).toContain('# TYPE facet_job_failures_total counter');
      expect(value(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    } finally {
      expect(await worker.close()).toBe(0);
    }
  },
  120_000,
);
