// This process's Prometheus metrics (prom-client), counted where things happen and served on
// METRICS_PORT by server.ts. Counting costs next to nothing, so the cache counters run always;
// the per-request hooks (http.ts) are installed only when metrics are served.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
const registers = [registry];

export const httpRequests = new Counter({
  name: 'facet_http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status.',
  labelNames: ['route', 'method', 'status'] as const,
  registers,
});
export const httpDuration = new Histogram({
  name: 'facet_http_request_duration_seconds',
  help: 'Time from the request to the end of its answer, by route pattern, method and status.',
  labelNames: ['route', 'method', 'status'] as const,
  registers,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
});
export const httpServerErrors = new Counter({
  name: 'facet_http_server_errors_total',
  help: 'Answers with a 5xx status, by route pattern and method.',
  labelNames: ['route', 'method'] as const,
  registers,
});
export const httpInFlight = new Gauge({
  name: 'facet_http_requests_in_flight',
  help: 'Requests whose headers have arrived and whose answer has not ended.',
  registers,
});
const cacheHits = new Counter({
  name: 'facet_cache_hits_total',
  help: 'Lookups answered from a per-process cache, by cache.',
  labelNames: ['cache'] as const,
  registers,
});
const cacheMisses = new Counter({
  name: 'facet_cache_misses_total',
  help: 'Lookups that had to read the database, by cache.',
  labelNames: ['cache'] as const,
  registers,
});
export const jobFailures = new Counter({
  name: 'facet_job_failures_total',
  help: 'Job attempts that failed in this process (each retry counts), by queue.',
  labelNames: ['queue'] as const,
  registers,
});

/** One lookup of a cache: the auth cache's kinds (token, access, product, …) and the product list. */
export const countCache = (cache: string, hit: boolean) => (hit ? cacheHits : cacheMisses).inc({ cache });

let defaults = false;
/** The registry with Node's process metrics added (once: they watch the event loop and GC from then on). */
export function processRegistry(): Registry {
  if (!defaults) collectDefaultMetrics({ register: registry });
  defaults = true;
  return registry;
}

export const cspViolations = new Counter({
  name: 'facet_csp_violations_total',
  help: 'Content-Security-Policy violations reported by browsers, by directive.',
  labelNames: ['directive'] as const,
  registers,
});
