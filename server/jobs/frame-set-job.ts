// The frame-set job: a 360 preset's layer views drawn with layoutFrame (server/render/compose.ts), or an
// upload group's photos, each written at every width as WebP and a JPEG fallback. Files have fixed names
// in the set's folder, so a run that was cut short and runs again simply writes them again.
import sharp from 'sharp';
import { fileOf, stampOf, sweepFrameSets, type FrameSet, type View } from '../domain/frame-sets.ts';
import { storedPreset, viewLayers } from '../domain/render-inputs.ts';
import { composeFrame, rawOf, type RawImage } from '../render/compose.ts';
import { LayerDecoder } from '../render/layers.ts';
import type { Services } from '../services.ts';
import { failureOf, type JobHandler } from './queue.ts';
import { frameProgress } from '../live/progress.ts';

type Tick = (done: number, total: number) => void;

// Effort 2: about 40 % of effort 4's CPU for files ~10 % larger at the same quality (docs/decisions.md).
const WEBP = { quality: 82, effort: 2 } as const;
const JPEG = { quality: 85 } as const;

/** An opaque frame (most presets fill the background) goes without its alpha: the same pixels, less to encode. */
async function writeBoth(s: Services, set: FrameSet, view: number, width: number, frame: RawImage) {
  const img = frame.opaque ? rawOf(frame).removeAlpha() : rawOf(frame);
  const [webp, jpeg] = await Promise.all([
    img.clone().webp(WEBP).toBuffer(),
    (frame.opaque ? img.clone() : img.clone().flatten({ background: { r: 255, g: 255, b: 255 } })).jpeg(JPEG).toBuffer(),
  ]);
  await s.storage.write(fileOf(set, view, width, 'webp'), webp);
  await s.storage.write(fileOf(set, view, width, 'jpg'), jpeg);
}

/**
 * Views drawn at once: two keep both cores busy between one view's decode, composites, encodes and
 * writes (24 views since issue 27), and their decoded layers (3 each) stay within the decoder's 8.
 */
const VIEWS_AT_ONCE = 2;

/** A preset's views: every layer angle drawn at every width. Answers the views and the largest frame's size. */
async function renderPreset(
  s: Services,
  set: FrameSet,
  signal: AbortSignal,
  tick: Tick,
): Promise<{ views: View[]; size?: RawImage } | undefined> {
  const stored = await storedPreset(s.db, set.product_id, set.preset_id!);
  if (!stored) return undefined;
  const rows = await viewLayers(s.db, set.product_id, '360');
  const decoder = new LayerDecoder(s.storage);
  let size: RawImage | undefined;
  let next = 0;
  let failed = false;
  let drawn = 0;
  const drawViews = async () => {
    for (let v = next++; v < rows.length && !failed; v = next++) {
      const layers = await decoder.view(rows[v]!, stored.preset);
      for (const w of set.widths) {
        signal.throwIfAborted();
        const frame = await composeFrame(stored.preset, layers, w);
        await writeBoth(s, set, v, w, frame);
        if (v === 0) size = frame;
        tick(++drawn, rows.length * set.widths.length);
      }
    }
  };
  // Settled, not raced: a failure stops the other drawer before the job answers, so nothing is written after it.
  const ends = await Promise.allSettled(
    Array.from({ length: VIEWS_AT_ONCE }, () =>
      drawViews().catch((err: unknown) => {
        failed = true;
        throw err;
      }),
    ),
  );
  const failure = ends.find((e) => e.status === 'rejected');
  if (failure) throw failure.reason;
  return { views: rows.map((r) => ({ angle: r.angle })), size };
}

/** An upload group's photos, each scaled to every width (never enlarged), upright. */
async function renderGroup(s: Services, set: FrameSet, signal: AbortSignal, tick: Tick) {
  const rows = await s.db.query<{ path: string }>('SELECT path FROM product_uploads WHERE group_id = $1 ORDER BY id', [
    set.group_id,
  ]);
  let size: { width: number; height: number } | undefined;
  for (const [v, row] of rows.entries()) {
    const source = sharp(await s.storage.read(row.path)).rotate();
    for (const w of set.widths) {
      signal.throwIfAborted();
      const { data, info } = await source
        .clone()
        .resize({ width: w, withoutEnlargement: true })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      await writeBoth(s, set, v, w, { data, width: info.width, height: info.height });
      if (v === 0) size = info;
      tick(v * set.widths.length + set.widths.indexOf(w) + 1, rows.length * set.widths.length);
    }
  }
  return { views: rows.map((_, i) => ({ angle: i })), size };
}

export const frameSetJob =
  (s: Services): JobHandler =>
  async (job) => {
    const id = Number(job.data.frameSetId);
    const set = await s.db.one<FrameSet>('SELECT * FROM frame_sets WHERE id = $1', [id]);
    // Gone (its preset or group was deleted) or done by an earlier run: nothing to do twice.
    if (!set || set.status === 'ready') return { skipped: true };
    // A preset edited again before this set began: only its latest version is drawn (issue 43). Pages
    // showing an older set keep it; the newer set's own job, or the next read, renders the current one.
    if (set.preset_id && (await stampOf(s.db, { presetId: set.preset_id }, set.widths)) !== set.stamp) {
      await s.db.query(
        `UPDATE frame_sets SET status = 'failed', reason = 'superseded before it was drawn', superseded_at = now() WHERE id = $1`,
        [id],
      );
      return { skipped: true, superseded: true };
    }
    // Frames drawn of all, on the live channel (issue 44), at most twice a second.
    const tick = await frameProgress(s.db, set);
    const done = set.preset_id ? await renderPreset(s, set, job.signal, tick) : await renderGroup(s, set, job.signal, tick);
    if (!done) return { skipped: true };
    await s.db.tx(async (t) => {
      await t.query(
        `UPDATE frame_sets SET status = 'ready', views = $2, width = $3, height = $4, reason = NULL, completed_at = now() WHERE id = $1`,
        [id, JSON.stringify(done.views), done.size?.width ?? null, done.size?.height ?? null],
      );
      // The older sets of the same source stay an hour for pages that still show them, then go.
      await t.query(
        `UPDATE frame_sets SET superseded_at = now() WHERE id < $1 AND superseded_at IS NULL
          AND ((preset_id IS NOT NULL AND preset_id = $2) OR (group_id IS NOT NULL AND group_id = $3))`,
        [id, set.preset_id, set.group_id],
      );
    });
    await sweepFrameSets(s.db, s.storage);
    return { views: done.views.length, widths: set.widths };
  };

/** A set whose job failed for good (pg-boss's dead letter): the reason goes on the row. */
export const frameSetDeadJob =
  (s: Services): JobHandler =>
  async (job) => {
    const reason = failureOf(job) ?? 'The frames could not be rendered.';
    await s.db.query(`UPDATE frame_sets SET status = 'failed', reason = $2 WHERE id = $1 AND status <> 'ready'`, [
      Number(job.data.frameSetId),
      reason,
    ]);
    return {};
  };
