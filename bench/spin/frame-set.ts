// The server's cost of one 360 frame set (issue 27): the demo product's first 360 preset drawn by the
// frame-set job at the configured widths (default 640, 1280, 2560), timed and CPU-measured in this
// process (process.cpuUsage counts libvips' threads too). Layers drawn on first read are read once
// before the timing, so the figure is the render's, not the demo drawing's.
import { ensureFrameSet } from '../../server/domain/frame-sets.ts';
import { frameSetJob } from '../../server/jobs/frame-set-job.ts';
import type { Job } from '../../server/jobs/queue.ts';
import type { TestServer } from '../../tests/support/server.ts';

export interface FrameSetCost {
  sku: string;
  views: number;
  widths: number[];
  layer_px: string;
  wall_ms: number;
  cpu_ms: number;
}

export async function frameSetCost(s: TestServer, sku = 'ACM-1005', runs = 2): Promise<FrameSetCost> {
  const product = (await s.db.one<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku]))!.id;
  const presetId = (await s.db.one<{ id: number }>(
    "SELECT min(id) AS id FROM product_presets WHERE product_id = $1 AND section = '360'",
    [product],
  ))!.id;
  const layers = await s.db.query<{ beauty: string; shadow: string | null; reflection: string | null }>(
    "SELECT beauty, shadow, reflection FROM product_layers WHERE product_id = $1 AND section = '360' ORDER BY angle",
    [product],
  );
  for (const l of layers) for (const p of [l.beauty, l.shadow, l.reflection]) if (p) await s.app.services.storage.read(p);
  const { default: sharp } = await import('sharp');
  const first = await sharp(await s.app.services.storage.read(layers[0]!.beauty)).metadata();
  const widths = s.config.jobs.spinWidths;
  const best = { wall_ms: Infinity, cpu_ms: Infinity };
  for (let r = 0; r < runs; r++) {
    // A new stamp each run (the widths are part of it), so the job renders every time.
    const set = (await ensureFrameSet(s.db, s.app.services.jobs, product, { presetId }, [...widths, 16 + r]))!;
    await s.db.query('UPDATE frame_sets SET widths = $2 WHERE id = $1', [set.id, widths]);
    const cpu = process.cpuUsage();
    const t = performance.now();
    await frameSetJob(s.app.services)({ data: { frameSetId: set.id }, signal: new AbortController().signal } as unknown as Job);
    const wall = performance.now() - t;
    const used = process.cpuUsage(cpu);
    best.wall_ms = Math.min(best.wall_ms, Math.round(wall));
    best.cpu_ms = Math.min(best.cpu_ms, Math.round((used.user + used.system) / 1000));
  }
  return { sku, views: layers.length, widths, layer_px: `${first.width}x${first.height}`, ...best };
}
