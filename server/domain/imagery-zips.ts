// "Download All Images": a zip streamed by yazl (STORE: images are compressed already) from the stored
// files into storage (disk or bucket), under a folder named by a random 128-bit token (the specs'
// name_zip). It is served from /storage/zips/<token>/<file>.zip until it expires; expired zips are
// deleted, file and row.
import { createHash, randomBytes } from 'node:crypto';
import { Transform } from 'node:stream';
import yazl from 'yazl';
import type { Db } from '../db/index.ts';
import { fieldError } from '../http/errors.ts';
import type { Storage } from '../storage/files.ts';

/** How long a zip can be downloaded after it was made. */
export const ZIP_LIFETIME_MS = 60 * 60 * 1000;
/** How often a server sweeps expired zips besides the sweeps of the zip calls. */
export const ZIP_SWEEP_MS = 10 * 60 * 1000;
const ZIPS = 'zips';

export interface ZipEntry {
  /** A stored path (read from the database, never from the request). */
  path: string;
  /** The name inside the zip (made by us). */
  name: string;
}

/** File-name-safe text: the same rule as the browser's batch zips (docs/decisions.md). */
export const safeName = (s: string): string => s.trim().replace(/[\\/:*?"<>|\s]+/g, '-') || 'images';
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const extOf = (path: string) => path.slice(path.lastIndexOf('.') + 1);

/** `<label>_<nn>.<ext>` for each path, numbered from 01 in order, optionally in a folder. */
export function numbered(label: string, paths: string[], folder = ''): ZipEntry[] {
  const width = Math.max(2, String(paths.length).length);
  return paths.map((path, i) => ({
    path,
    name: `${folder}${safeName(label)}_${String(i + 1).padStart(width, '0')}.${extOf(path)}`,
  }));
}

/** A STORE zip of stored files at `path` (the store shows it only once complete); answers its size. */
export async function writeZip(storage: Storage, entries: ZipEntry[], path: string): Promise<number> {
  const zip = new yazl.ZipFile();
  const failed = new Promise<never>((_, reject) => zip.on('error', reject));
  // Each file is opened only when its turn comes (one open read at a time, also on S3).
  for (const e of entries) {
    zip.addReadStreamLazy(
      e.name,
      { compress: false },
      (cb) =>
        void storage.readStream(e.path).then(
          (s) => cb(null, s),
          (err: Error) => cb(err, undefined as never),
        ),
    );
  }
  zip.end();
  let bytes = 0;
  // Counts in passing (a 'data' listener would start the flow before the store reads).
  const counted = new Transform({ transform: (chunk: Buffer, _enc, done) => done(null, ((bytes += chunk.length), chunk)) });
  zip.outputStream.on('error', (err) => counted.destroy(err));
  zip.outputStream.pipe(counted);
  // The store shows the zip only once complete (a renamed file, a finished multipart upload).
  await Promise.race([storage.write(path, counted), failed]);
  return bytes;
}

export interface ZipRequest {
  customerId: number;
  productId: number;
  section: string;
  userId: number;
  /** The zip's file name without date and extension (SKU and section). */
  label: string;
  entries: ZipEntry[];
}

/**
 * Builds the zip and records it; answers its token. Missing files on disk are left out. A live zip of
 * the same files with at least half its life left is answered again, so repeated asks cost no disk.
 */
export async function buildZip(db: Db, storage: Storage, r: ZipRequest): Promise<string> {
  await sweepExpiredZips(db, storage);
  const present = await Promise.all(r.entries.map((e) => storage.exists(e.path)));
  const entries = r.entries.filter((_, i) => present[i]);
  if (!entries.length) throw fieldError('id_product', 'There are no uploaded images to download.');
  const key = createHash('sha256')
    .update(JSON.stringify([r.productId, r.section, r.label, entries]))
    .digest('base64url');
  const same = await db.one<{ token: string }>(
    `SELECT token FROM download_zips WHERE customer_id = $1 AND content_key = $2 AND expires_at > now() + $3 * interval '1 millisecond'
      ORDER BY expires_at DESC LIMIT 1`,
    [r.customerId, key, ZIP_LIFETIME_MS / 2],
  );
  if (same) return same.token;
  const token = randomBytes(16).toString('base64url');
  const path = `${ZIPS}/${token}/${safeName(r.label)}_${ymd(new Date())}.zip`;
  try {
    const bytes = await writeZip(storage, entries, path);
    await db.query(
      `INSERT INTO download_zips (token, customer_id, product_id, section, path, content_key, entries, bytes, created_by, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + $10 * interval '1 millisecond')`,
      [token, r.customerId, r.productId, r.section, path, key, entries.length, bytes, r.userId, ZIP_LIFETIME_MS],
    );
  } catch (err) {
    await storage.store.removeFolder(`${ZIPS}/${token}`).catch(() => undefined);
    throw err;
  }
  return token;
}

/** A live zip's stored path and expiry (the guard has checked its company). */
export async function liveZip(db: Db, token: string) {
  return db.one<{ path: string; section: string; expires_at: Date | string }>(
    'SELECT path, section, expires_at FROM download_zips WHERE token = $1 AND expires_at > now()',
    [token],
  );
}

/**
 * Deletes expired zips (rows and folders), and folders no row knows that are older than a lifetime
 * (a build that died half way). Cheap when there is nothing to do; several servers may run it at once.
 */
export async function sweepExpiredZips(db: Db, storage: Storage): Promise<number> {
  const gone = await db.query<{ token: string }>('DELETE FROM download_zips WHERE expires_at <= now() RETURNING token');
  for (const g of gone) await storage.store.removeFolder(`${ZIPS}/${g.token}`);
  const folders = await storage.store.folders(ZIPS);
  if (!folders.length) return gone.length;
  const known = new Set((await db.query<{ token: string }>('SELECT token FROM download_zips')).map((r) => r.token));
  for (const dir of folders) {
    if (!known.has(dir.name) && Date.now() - dir.modified > ZIP_LIFETIME_MS)
      await storage.store.removeFolder(`${ZIPS}/${dir.name}`);
  }
  return gone.length;
}
