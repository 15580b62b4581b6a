// Issue 40: every stored path a person uploads to holds at least 122 random bits. Company logos and
// profile photos were once stored under their row's id (users/customers/<id>.png, users/clients/<id>.png,
// a staff folder by id), which anyone could guess; each such file is copied to a random name once, at
// start. Safe beside other processes: the row moves only if it still names the old path, and the copy
// that lost the race is removed.
import type { Storage } from '../storage/files.ts';
import type { Db } from './index.ts';

/** A name storage.save makes: folder/<uuid v4>.<ext>. */
const RANDOM_NAME = /\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.[a-z0-9]+$/;
const TABLES = ['users', 'customers'] as const;

export async function renameGuessablePhotos(db: Db, storage: Storage): Promise<number> {
  let moved = 0;
  for (const table of TABLES) {
    const rows = await db.query<{ id: number; photo: string }>(
      `SELECT id, photo FROM ${table} WHERE photo IS NOT NULL AND photo LIKE 'users/%'`,
    );
    for (const row of rows.filter((r) => !RANDOM_NAME.test(r.photo))) {
      const bytes = await storage.read(row.photo).catch(() => undefined);
      if (!bytes) continue; // the file is gone: nothing to serve under either name
      const folder = row.photo.slice(0, row.photo.lastIndexOf('/'));
      const path = await storage.save(folder, row.photo.slice(row.photo.lastIndexOf('.') + 1), bytes);
      const updated = await db.one(`UPDATE ${table} SET photo = $2 WHERE id = $1 AND photo = $3 RETURNING id`, [
        row.id,
        path,
        row.photo,
      ]);
      await storage.remove(updated ? row.photo : path).catch(() => undefined);
      if (updated) moved++;
    }
  }
  return moved;
}
