// `npm start`: open the database, migrate it (and seed the demo where SEED_DEMO says), then serve.
import { loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { prepareDatabase } from './db/prepare.ts';
import { buildApp } from './app.ts';
import { serveMetrics, type MetricsServer } from './metrics/server.ts';
import { stopOnSignals } from './shutdown.ts';

const config = loadConfig();
if (config.databaseUrl && !config.secret) {
  console.warn(
    `FACET_SECRET is not set: using ${config.dataDir}/secret.key. Every process on this database needs the same key (README).`,
  );
}
const db = await openDatabase(config);
await prepareDatabase(db, config);
const app = await buildApp(config, db);
let metrics: MetricsServer | undefined;

// app.close() drains (server/http/drain.ts: in-flight requests finish within SHUTDOWN_TIMEOUT_MS,
// then the jobs with what is left); metrics answer until then.
// Live streams go first, each told to reconnect (to another process), before the drain begins.
stopOnSignals(
  'Facet',
  config.shutdownTimeoutMs,
  async () => {
    await app.close();
    await metrics?.close();
    await db.close();
  },
  () => app.services.live.closeAll(),
);

await app.listen({ port: config.port, host: config.host });
if (config.metricsPort !== undefined) {
  metrics = await serveMetrics(config.metricsPort, config.host, db, (err) => app.log.warn({ err }, 'metrics'));
}
// The ports actually bound (PORT=0 picks a free one: tests and benchmarks read this line).
const { port } = app.server.address() as { port: number };
const metricsNote = metrics ? `, metrics on http://localhost:${metrics.port}/metrics` : '';
console.log(`Facet is on http://localhost:${port} (${db.kind}, files in ${app.services.storage.store.where})${metricsNote}`);
