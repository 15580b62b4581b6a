// The 360 frame sets (issue 14): rendered once per preset version (and layers) or per upload group, in a
// few widths, kept in storage. A newer version renders in the background while the older set is served;
// once it is ready the older one is superseded and swept an hour later (cached pages may still ask).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/index.ts';
import { QUEUES, type JobQueue } from '../jobs/queue.ts';
import { framesOfTurn } from '../render/views.ts';
import type { Storage } from '../storage/files.ts';

export const SPINS = 'spins';
/** How long a superseded set (and a folder no row names) stays for pages that still point at it. */
export const SUPERSEDED_KEEP_MS = 60 * 60 * 1000;

export interface View {
  /** Degrees, for a preset's layer view; the photo's position for an upload group. */
  angle: number;
}

export interface FrameSet {
  id: number;
  product_id: number;
  preset_id: number | null;
  group_id: number | null;
  stamp: string;
  status: 'rendering' | 'ready' | 'failed';
  folder: string;
  widths: number[];
  views: View[];
  width: number | null;
  height: number | null;
  reason: string | null;
}

export type Source = { presetId: number } | { groupId: number };
const column = (s: Source) => ('presetId' in s ? 'preset_id' : 'group_id');
const idOf = (s: Source) => ('presetId' in s ? s.presetId : s.groupId);

/** What a set of this source would show now: the preset's version and its product's 360 layers, or the group's photos. */
export async function stampOf(db: Db, source: Source, widths: number[]): Promise<string | undefined> {
  const w = `w${widths.join(',')}`;
  if ('presetId' in source) {
    const r = await db.one<{ version: number; n: number; at: Date | null }>(
      `SELECT p.version, count(l.id)::int AS n, max(l.updated_at) AS at FROM product_presets p
         LEFT JOIN product_layers l ON l.product_id = p.product_id AND l.section = '360'
        WHERE p.id = $1 AND p.section = '360' GROUP BY p.id, p.version`,
      [source.presetId],
    );
    return r && `v${r.version};layers ${r.n}@${r.at ? new Date(r.at).toISOString() : '-'};${w}`;
  }
  const r = await db.one<{ n: number; last: number | null }>(
    'SELECT count(*)::int AS n, max(id) AS last FROM product_uploads WHERE group_id = $1',
    [source.groupId],
  );
  return r && r.n > 0 ? `photos ${r.n}@${r.last};${w}` : undefined;
}

/**
 * The set for the source as it is now, queued for rendering when it does not exist yet. The row and
 * its job are one transaction, so a set is never left without a job to render it.
 */
export async function ensureFrameSet(
  db: Db,
  jobs: JobQueue,
  productId: number,
  source: Source,
  widths: number[],
  /** The render job's priority: a shopper's read is 0; a set prepared ahead waits behind them (PREPARED). */
  priority = 0,
): Promise<FrameSet | undefined> {
  const stamp = await stampOf(db, source, widths);
  if (!stamp) return undefined;
  const col = column(source);
  const find = () => db.one<FrameSet>(`SELECT * FROM frame_sets WHERE ${col} = $1 AND stamp = $2`, [idOf(source), stamp]);
  const found = await find();
  if (found) return found;
  await jobs.ready();
  await db.tx(async (t) => {
    const made = await t.one<{ id: number }>(
      `INSERT INTO frame_sets (product_id, ${col}, stamp, folder, widths) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING id`,
      [productId, idOf(source), stamp, `${SPINS}/${randomBytes(16).toString('base64url')}`, widths],
    );
    if (made) await jobs.send(QUEUES.frameSet, { frameSetId: made.id }, { db: t, priority });
  });
  return find();
}

/** The newest ready set of the source (served while a newer one renders). */
export async function latestReady(db: Db, source: Source): Promise<FrameSet | undefined> {
  return db.one<FrameSet>(`SELECT * FROM frame_sets WHERE ${column(source)} = $1 AND status = 'ready' ORDER BY id DESC LIMIT 1`, [
    idOf(source),
  ]);
}

export const fileOf = (set: Pick<FrameSet, 'folder'>, view: number, width: number, ext: 'webp' | 'jpg') =>
  `${set.folder}/${view}-${width}.${ext}`;

export interface FrameOut {
  index: number;
  webp: Record<string, string>;
  jpeg: Record<string, string>;
}

/** The frames of a turn of `n` (all views when n is undefined), each with its files by width. */
export function framesOf(set: FrameSet, storage: Storage, n?: number): FrameOut[] {
  const views =
    n === undefined
      ? set.views.map((_, v) => v)
      : framesOfTurn(
          set.views.map((v) => v.angle),
          n,
        );
  const by = (view: number, ext: 'webp' | 'jpg') =>
    Object.fromEntries(set.widths.map((w) => [String(w), storage.url(fileOf(set, view, w, ext))]));
  return views.map((view, index) => ({ index, webp: by(view, 'webp'), jpeg: by(view, 'jpg') }));
}

/** Superseded sets an hour old (rows and files), and folders no row names that old (a render that died). */
export async function sweepFrameSets(db: Db, storage: Storage): Promise<void> {
  const gone = await db.query<{ folder: string }>(
    `DELETE FROM frame_sets WHERE superseded_at < now() - $1 * interval '1 millisecond' RETURNING folder`,
    [SUPERSEDED_KEEP_MS],
  );
  for (const g of gone) await storage.store.removeFolder(g.folder);
  if (!storage.root) return; // folders of renders that died: swept on the local disk only
  const root = join(storage.root, SPINS);
  if (!existsSync(root)) return;
  const known = new Set((await db.query<{ folder: string }>('SELECT folder FROM frame_sets')).map((r) => r.folder));
  for (const dir of await readdir(root)) {
    if (known.has(`${SPINS}/${dir}`)) continue;
    const age = Date.now() - (await stat(join(root, dir)).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
    if (age > SUPERSEDED_KEEP_MS) await rm(join(root, dir), { recursive: true, force: true });
  }
}

/** The render priority of a set prepared ahead: behind every shopper's (0). */
export const PREPARED = -10;
/** Saves in a row (a slider dragged and saved again) are one preparation: it starts this long after the first. */
const SETTLE_SECONDS = 10;

/**
 * After a 360 preset is saved: its frames are prepared ahead of any shopper (issue 43), by one job per
 * preset ('stately' queue, keyed by the preset) that renders the version current when it runs. Best
 * effort: the save stands either way, and the next embed read queues them too. Off with PREPARE_SPINS=0.
 */
export async function renderSavedPreset(
  s: { db: Db; jobs: JobQueue; config: { jobs: { prepareSpins: boolean } } },
  log: { warn(obj: unknown, msg?: string): void },
  productId: number,
  presetId: number,
): Promise<void> {
  if (!s.config.jobs.prepareSpins) return;
  await prepareLater(s.jobs, productId, presetId).catch((err: unknown) =>
    log.warn({ err }, 'queueing the frames of a saved 360 preset failed'),
  );
}

const prepareLater = (jobs: JobQueue, productId: number, presetId: number, startAfter = SETTLE_SECONDS) =>
  jobs.send(QUEUES.spinPrepare, { productId, presetId }, { singletonKey: `preset:${presetId}`, startAfter });

/** A working process's start: every 360 preset without a set of any version is queued once (presets saved before issue 43). */
export async function prepareUnprepared(db: Db, jobs: JobQueue): Promise<number> {
  const rows = await db.query<{ id: number; product_id: number }>(
    `SELECT p.id, p.product_id FROM product_presets p
      WHERE p.section = '360' AND NOT EXISTS (SELECT 1 FROM frame_sets f WHERE f.preset_id = p.id)
      ORDER BY p.id`,
  );
  for (const r of rows) await prepareLater(jobs, r.product_id, r.id, 0);
  return rows.length;
}
