// Several processes migrating one new PostgreSQL database at once (a deployment's first start with
// more than one replica): each migration is applied once, and every process starts. PostgreSQL only
// (vitest.config.ts, PG_ONLY): PGlite is one process's database, opened by one connection.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { emptyDatabase } from '../support/empty-db.ts';
import { REFERENCE, referenceCounts } from './reference.fixtures.ts';

describe('processes started together on a new PostgreSQL database', () => {
  it('apply each migration once, and every one of them starts', async () => {
    const empty = await emptyDatabase();
    const dbs = await Promise.all([1, 2, 3].map(() => openPostgres(empty.env.DATABASE_URL!)));
    try {
      const applied = (await Promise.all(dbs.map((d) => migrate(d)))).flat().sort();
      expect(applied).toEqual(
        readdirSync('server/db/migrations')
          .filter((f) => f.endsWith('.sql'))
          .sort(),
      );
      expect(await referenceCounts(dbs[0]!)).toEqual(REFERENCE);
    } finally {
      await Promise.all(dbs.map((d) => d.close()));
      await empty.drop();
    }
  });
});
