// `npm run worker`: a process that only works jobs (exports, 360 frame sets) on the PostgreSQL of
// DATABASE_URL, beside the servers. Start as many as the renders need; pg-boss hands each job to one of
// them (SKIP LOCKED). SIGTERM lets the running jobs finish within SHUTDOWN_TIMEOUT_MS (what still runs then is
// aborted and handed back to the queue, retried elsewhere), then exits 0.
import { loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { startWorkers } from './jobs/index.ts';
import { serveMetrics, type MetricsServer } from './metrics/server.ts';
import { createServices } from './services.ts';
import { stopOnSignals } from './shutdown.ts';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error('npm run worker needs DATABASE_URL (PostgreSQL): on PGlite the server works its jobs itself.');
  process.exit(2);
}
const db = await openDatabase(config);
// Workers started together migrate together; PostgreSQL may pick one as a deadlock victim: try again.
for (let attempt = 1; ; attempt++) {
  try {
    await migrate(db);
    break;
  } catch (err) {
    if (attempt >= 5) throw err;
    await new Promise((r) => setTimeout(r, 200 + Math.random() * 800));
  }
}
const log = {
  warn: (obj: unknown, msg?: string) => console.warn(msg ?? '', obj),
  error: (obj: unknown, msg?: string) => console.error(msg ?? '', obj),
};
const services = createServices(config, db, log);
let metrics: MetricsServer | undefined;
// Handlers first, so a signal during the start still stops everything.
stopOnSignals('Facet worker', config.shutdownTimeoutMs, async () => {
  await services.jobs.stop(config.shutdownTimeoutMs);
  await metrics?.close();
  await db.close();
});
await startWorkers(services, log);
if (config.metricsPort !== undefined) {
  metrics = await serveMetrics(config.metricsPort, config.host, db, (err) => log.warn(err, 'metrics'));
}
const metricsNote = metrics ? `, metrics on http://localhost:${metrics.port}/metrics` : '';
console.log(`Facet worker ${process.pid} is working jobs (concurrency ${config.jobs.concurrency})${metricsNote}`);
