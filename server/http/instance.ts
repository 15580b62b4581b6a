// This server process in the database: a heartbeat row in server_instances (migration 009), so
// other processes can tell a claim of a live process from one of a process that died.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';

export const HEARTBEAT_MS = 3_000;
/** A process silent this long is gone (five missed beats: a busy event loop is not a dead one). */
export const GONE_AFTER_SECONDS = 15;

export interface Instance {
  id: string;
  stop(): Promise<void>;
}

export async function registerInstance(db: Db, onError: (err: unknown) => void): Promise<Instance> {
  const id = randomUUID();
  await db.query('INSERT INTO server_instances (id) VALUES ($1)', [id]);
  const beat = setInterval(() => {
    // Also the sweep of rows left by killed processes: any live process may do it.
    void db
      .query(`UPDATE server_instances SET seen_at = now() WHERE id = $1`, [id])
      .then(() => db.query(`DELETE FROM server_instances WHERE seen_at < now() - interval '1 hour'`))
      .catch(onError);
  }, HEARTBEAT_MS);
  beat.unref();
  return {
    id,
    async stop() {
      clearInterval(beat);
      await db.query('DELETE FROM server_instances WHERE id = $1', [id]).catch(onError);
    },
  };
}
