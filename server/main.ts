// `npm start`: open the database, migrate it (and seed the demo where SEED_DEMO says), then serve.
import { loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { prepareDatabase } from './db/prepare.ts';
import { buildApp } from './app.ts';

const config = loadConfig();
const db = await openDatabase(config);
await prepareDatabase(db, config);
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
