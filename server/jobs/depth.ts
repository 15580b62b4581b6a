// How many jobs wait in each queue (created or waiting for a retry), read from pg-boss's table: the
// whole database's queues, whichever process sent them. One grouped count per scrape.
import type { Db } from '../db/index.ts';
import { QUEUES } from './queue.ts';
import { JOB_SCHEMA } from './schema.ts';

export async function queueDepths(db: Db): Promise<Map<string, number>> {
  // pg-boss's job_state enum is ordered created < retry < active < …, as its own getQueueSize counts.
  const rows = await db.query<{ name: string; n: number }>(
    `SELECT name, count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE state < 'active' GROUP BY name`,
  );
  const depths = new Map<string, number>(Object.values(QUEUES).map((q) => [q, 0]));
  for (const r of rows) depths.set(r.name, r.n);
  return depths;
}
