// `npm start`: open (and on first run migrate and seed) the database, then serve.
import { loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed.ts';
import { buildApp } from './app.ts';

const config = loadConfig();
const db = await openDatabase(config);
await migrate(db);
await seedIfEmpty(db, config);
// PGlite runs no autovacuum: fresh statistics keep the planner on good plans.
await db.exec('ANALYZE');
const app = await buildApp(config, db);

const stop = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

await app.listen({ port: config.port, host: config.host });
// The port actually bound (PORT=0 picks a free one: tests and benchmarks read this line).
const { port } = app.server.address() as { port: number };
console.log(`Facet is on http://localhost:${port} (${db.kind}, files in ${app.services.storage.store.where})`);
