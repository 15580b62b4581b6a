// pg-boss keeps its queue in its own schema. A new database gets it with the migrations (so the test
// snapshots carry it and a server starts without building it); pg-boss's start() migrates it later.
import PgBoss from 'pg-boss';
import type { Db } from '../db/index.ts';

export const JOB_SCHEMA = 'pgboss';

export async function installJobSchema(db: Db): Promise<boolean> {
  const present = await db.one('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [JOB_SCHEMA]);
  if (present) return false;
  // The script takes an advisory lock and runs in its own transaction, so two processes cannot both build it.
  try {
    await db.exec(PgBoss.getConstructionPlans(JOB_SCHEMA));
  } catch (err) {
    // Another process built it first (its lock held ours until then).
    if (!(await db.one('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [JOB_SCHEMA]))) throw err;
    return false;
  }
  return true;
}
