import { openPglite } from './server/db/index.ts';
import { migrate } from './server/db/migrate.ts';
import { seedDemo } from './server/db/seed.ts';
import { Storage } from './server/storage/files.ts';
const t0 = Date.now();
const db = await openPglite();
await migrate(db);
const t1 = Date.now();
const c0 = process.cpuUsage();
await seedDemo(db, new Storage('/tmp/seedtime-storage'));
const c = process.cpuUsage(c0);
console.log('migrate', t1 - t0, 'seed', Date.now() - t1, 'cpu', Math.round((c.user + c.system) / 1000));
for (const t of ['products', 'product_presets', 'product_layers', 'product_uploads', 'product_automation_files', 'product_backgrounds', 'product_viewers'])
  console.log(t, (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`))!.n);
await db.close();
