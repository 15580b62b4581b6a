// `npm run worker`: a process that only works jobs (exports, 360 frame sets) on the PostgreSQL of
// DATABASE_URL, beside the servers. Start as many as the renders need; pg-boss hands each job to one of
// them (SKIP LOCKED). SIGTERM lets the running job finish (or hands it back), then exits.
import { loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { startWorkers } from './jobs/index.ts';
import { createServices } from './services.ts';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error('npm run worker needs DATABASE_URL (PostgreSQL): on PGlite the server works its jobs itself.');
  process.exit(2);
}
const db = await openDatabase(config);
await migrate(db);
const log = {
  warn: (obj: unknown, msg?: string) => console.warn(msg ?? '', obj),
  error: (obj: unknown, msg?: string) => console.error(msg ?? '', obj),
};
const services = createServices(config, db, log);
await startWorkers(services);
console.log(`Facet worker ${process.pid} is working jobs (concurrency ${config.jobs.concurrency})`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await services.jobs.stop();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
