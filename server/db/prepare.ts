// What every server start does to its database (main.ts; tests call it too): the migrations, which
// hold the schema and the reference data, then the demo when SEED_DEMO allows it, then what a
// migration cannot do alone because it moves stored files (unguessable-photos.ts).
import type { Config } from '../config.ts';
import type { Db } from './index.ts';
import { migrate } from './migrate.ts';
import { seedIfEmpty } from './seed.ts';
import { renameGuessablePhotos } from './unguessable-photos.ts';
import { openStorage } from '../storage/open.ts';

export async function prepareDatabase(
  db: Db,
  config: Pick<Config, 'seedDemo' | 'storageDir' | 'storageUrl' | 's3' | 'demoLayerPx'>,
): Promise<{ seeded: boolean }> {
  await migrate(db);
  const seeded = config.seedDemo && (await seedIfEmpty(db, config));
  await renameGuessablePhotos(db, openStorage(config));
  // PGlite runs no autovacuum: fresh statistics keep the planner on good plans.
  await db.exec('ANALYZE');
  return { seeded };
}
