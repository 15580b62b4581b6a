// METRICS_PORT: the Prometheus exposition at /metrics on a listener of its own (node:http, not the
// app), so it is never behind the API's hooks, limits or proxy, and never counted as a request.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Gauge, Registry } from 'prom-client';
import type { Db, PoolUse } from '../db/index.ts';
import { queueDepths } from '../jobs/depth.ts';
import { processRegistry } from './registry.ts';

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

/** Gauges read at scrape time from this process's database handle. */
function databaseGauges(db: Db, log: (err: unknown) => void): Registry {
  const local = new Registry();
  const pool: [keyof PoolUse, string][] = [
    ['total', 'Database connections open (PGlite: its one connection).'],
    ['idle', 'Database connections open and unused.'],
    ['waiting', 'Database calls waiting for a connection.'],
  ];
  for (const [key, help] of pool) {
    new Gauge({
      name: `facet_db_pool_${key}`,
      help,
      registers: [local],
      collect() {
        const use = db.pool?.();
        if (use) this.set(use[key]);
      },
    });
  }
  new Gauge({
    name: 'facet_job_queue_depth',
    help: 'Jobs waiting in each pg-boss queue (created or due for a retry), database-wide.',
    labelNames: ['queue'] as const,
    registers: [local],
    async collect() {
      // A scrape during a database outage still answers the other metrics.
      const depths = await queueDepths(db).catch((err: unknown) => void log(err));
      for (const [queue, n] of depths ?? []) this.set({ queue }, n);
    },
  });
  return local;
}

export async function serveMetrics(port: number, host: string, db: Db, log: (err: unknown) => void): Promise<MetricsServer> {
  const all = Registry.merge([processRegistry(), databaseGauges(db, log)]);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at /metrics.\n');
      return;
    }
    all.metrics().then(
      (text) => res.writeHead(200, { 'content-type': all.contentType }).end(text),
      (err: unknown) => {
        log(err);
        res.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be collected.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
