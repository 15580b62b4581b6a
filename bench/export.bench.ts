// npm run bench:export — a 24-frame export per demo retailer (their specs, 24 frames each), on PGlite (worked
// in the server process) and on PostgreSQL with 1 and 2 `npm run worker` processes (TEST_DATABASE_URL).
// Figures: ms per frame by step (from each job's timings), the ratio of a job's time to sharp's bare encode
// of the same frames, and jobs per minute. Writes bench/results/export.json. Figures only, no assertions.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { DEMO_LAYER_PX, loadConfig } from '../server/config.ts';
import { composeFrame, rawOf } from '../server/render/compose.ts';
import { LayerDecoder } from '../server/render/layers.ts';
import { pixelFormat } from '../server/render/encode.ts';
import { storedPreset, viewLayers } from '../server/domain/render-inputs.ts';
import { ensureSnapshot, TMP, withDatabase } from '../tests/support/seed-snapshot.ts';
import { startTestServer, type TestServer } from '../tests/support/server.ts';

const FRAMES = 24;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const STEPS = ['resize', 'compose', 'encode', 'search', 'check', 'zip'] as const;

interface Spec {
  retailer: string;
  file_type: 'png' | 'jpg';
  width: number;
  height: number;
  dpi: number;
  color_depth: number;
  file_size: number;
  file_name: string;
}

function worker(s: TestServer, url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: s.config.dataDir,
      JOB_SUPERVISE_SECONDS: '2',
      LOG: '0',
      PREPARE_SPINS: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) =>
    child.stdout!.on('data', (d: Buffer) => String(d).includes('is working jobs') && resolve(child)),
  );
}

/** sharp's bare encode of one composed frame at the spec (no size search, no checks), ms. */
async function bareEncodeMs(s: TestServer, product: number, presetId: number, spec: Spec): Promise<number> {
  const stored = (await storedPreset(s.db, product, presetId))!;
  const views = await viewLayers(s.db, product, '360');
  const layers = await new LayerDecoder(s.app.services.storage).view(views[0]!, stored.preset);
  const raw = await composeFrame(stored.preset, layers, { width: spec.width, height: spec.height }, { opaque: true });
  const t = performance.now();
  const img = rawOf(raw).flatten({ background: '#fff' });
  for (let i = 0; i < 3; i++) await (spec.file_type === 'jpg' ? img.clone().jpeg() : img.clone().png()).toBuffer();
  return (performance.now() - t) / 3;
}

async function run(kind: 'pglite' | 'postgres', processes: number) {
  process.env.FACET_TEST_DB = kind;
  // The demo as `npm start` seeds it (2400 px layers), not the tests' small ones.
  await ensureSnapshot(kind, DEMO_LAYER_PX.default);
  const s = await startTestServer({
    demoLayerPx: DEMO_LAYER_PX.default,
    jobs: { ...loadConfig({}).jobs, inProcess: kind === 'pglite', superviseSeconds: 2 },
  });
  const children: ChildProcess[] = [];
  try {
    const one = async (sql: string, p: unknown[] = []) => (await s.db.one<{ id: number }>(sql, p))!.id;
    const product = await one("SELECT id FROM products WHERE sku = 'ACM-1001'");
    const customer = await one("SELECT id FROM customers WHERE name = 'Acme Living'");
    const presetId = await one("SELECT min(id) AS id FROM product_presets WHERE product_id = $1 AND section = '360'", [product]);
    const token = await s.tokenFor('manager@acme.test');
    const specs = await s.db.query<Spec & { id: number }>("SELECT * FROM retailers WHERE retailer NOT LIKE '% (24)' ORDER BY id");
    if (kind === 'postgres') {
      const url = withDatabase(
        process.env.TEST_DATABASE_URL!,
        (await s.db.one<{ n: string }>('SELECT current_database() AS n'))!.n,
      );
      for (let i = 0; i < processes; i++) children.push(await worker(s, url));
    }
    const ids: number[] = [];
    const started = performance.now();
    for (const r of specs) {
      const copy = await one(
        `INSERT INTO retailers (retailer, file_type, height, width, dpi, color_depth, file_size, images_per_row, file_name)
         SELECT retailer || ' (24)', file_type, height, width, dpi, color_depth, file_size, 24, file_name FROM retailers WHERE id = $1 RETURNING id`,
        [r.id],
      );
      const res = await fetch(`${s.api}/posts/product/automation/enqueue/download`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          id_product: product,
          id_customer: customer,
          id_product_config: presetId,
          retailer: copy,
          note: 'Bench',
        }),
      });
      ids.push(((await res.json()) as { export: { id: number } }).export.id);
    }
    for (;;) {
      const rows = await s.db.query<{ status: string }>('SELECT status FROM exports WHERE id = ANY($1)', [ids]);
      if (rows.every((r) => r.status === 'ready' || r.status === 'failed')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const wallMs = performance.now() - started;
    const jobs = [];
    for (const [i, id] of ids.entries()) {
      const row = (await s.db.one<{ status: string; reason: string | null; job_id: string; ms: number }>(
        'SELECT status, reason, job_id, extract(epoch FROM completed_at - started_at) * 1000 AS ms FROM exports WHERE id = $1',
        [id],
      ))!;
      const out = await s.db.one<{ output: { timings?: Record<string, number> } }>(
        'SELECT output FROM pgboss.job WHERE id = $1 UNION ALL SELECT output FROM pgboss.archive WHERE id = $1',
        [row.job_id],
      );
      const spec = specs[i]!;
      const bare = await bareEncodeMs(s, product, presetId, spec);
      const t = out?.output.timings ?? {};
      jobs.push({
        retailer: spec.retailer,
        spec: `${spec.file_type} ${spec.width}x${spec.height} ${spec.dpi} dpi ${spec.color_depth}-bit ≤${spec.file_size} MB`,
        status: row.status,
        reason: row.reason,
        job_ms: round(Number(row.ms)),
        ms_per_frame: Object.fromEntries(STEPS.map((k) => [k, round((t[k] ?? 0) / FRAMES)])),
        bare_encode_ms_per_frame: round(bare),
        ratio_to_bare_encode: round(Number(row.ms) / (bare * FRAMES), 2),
        channels: pixelFormat(spec.color_depth as 24).channels,
      });
    }
    return {
      db: kind,
      worker_processes: kind === 'pglite' ? 'in-process (1)' : processes,
      jobs_per_minute: round((ids.length / wallMs) * 60_000, 2),
      wall_ms: round(wallMs),
      jobs,
    };
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await s.close();
  }
}

mkdirSync(TMP, { recursive: true });
const runs = [await run('pglite', 1)];
if (process.env.TEST_DATABASE_URL) runs.push(await run('postgres', 1), await run('postgres', 2));
else console.log('PostgreSQL runs skipped: set TEST_DATABASE_URL (source /tmp/pg.env).');
const result = {
  when: new Date().toISOString(),
  frames: FRAMES,
  note: 'compose/resize are per distinct view (8 angles), spread over 24 frames; encode/search per view too',
  runs,
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/export.json', `${JSON.stringify(result, null, 2)}\n`);
for (const r of runs) {
  console.log(
    `${r.db} · ${r.worker_processes} worker(s): ${r.jobs_per_minute} jobs/min (${r.wall_ms} ms for ${r.jobs.length} jobs)`,
  );
  for (const j of r.jobs)
    console.log(
      `  ${j.retailer.padEnd(12)} ${j.status} ${j.job_ms} ms  per frame ${JSON.stringify(j.ms_per_frame)}  bare ${j.bare_encode_ms_per_frame} ms  ×${j.ratio_to_bare_encode}`,
    );
}
process.exit(0);
