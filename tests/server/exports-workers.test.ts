// Issue 14 on PostgreSQL: `npm run worker` processes share the export jobs (pg-boss, SKIP LOCKED), and a
// worker killed mid-job loses and duplicates nothing: its job is taken back when it expires and retried.
// PostgreSQL only (on PGlite the server works its own jobs).
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, startTestServer, type TestServer } from '../support/server.ts';
import { TEST_LAYER_PX, demoCacheDir, withDatabase } from '../support/seed-snapshot.ts';
import { call } from '../support/http.ts';
import { world, type World } from './imagery.fixtures.ts';
import { addRetailer, exportJobsIdle, mailsWith, waitForExport, zipFromMail, type RetailerSpec } from './exports.fixtures.ts';

const pg = dbKind() === 'postgres';
let s: TestServer;
let w: World;
let preset: number;
let url: string;
const workers = new Set<ChildProcess>();
const q = () => ({ id_product: w.acmeProduct, id_customer: w.acme });

function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    // The test server's demo layers (TEST_LAYER_PX, drawn once into the shared cache): a worker of another size finds no files.
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: s.config.dataDir,
      JOB_SUPERVISE_SECONDS: '1',
      JOB_EXPIRE_SECONDS: '12',
      LOG: '0',
      DEMO_LAYER_PX: String(TEST_LAYER_PX),
      DEMO_CACHE_DIR: demoCacheDir(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.add(child);
  child.on('exit', () => workers.delete(child));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      if (out.includes('is working jobs')) resolve(child);
    });
    child.stderr!.on('data', (d: Buffer) => {
      out += d;
    });
    child.on('exit', (code) => reject(new Error(`worker exited ${code}: ${out}`)));
  });
}

beforeAll(async () => {
  if (!pg) return;
  s = await startTestServer({
    jobs: {
      ...(await import('../../server/config.ts')).loadConfig({}).jobs,
      inProcess: false,
      superviseSeconds: 1,
      expireSeconds: 12,
    },
  });
  w = await world(s);
  url = withDatabase(
    process.env.TEST_DATABASE_URL!,
    (await s.db.one<{ name: string }>('SELECT current_database() AS name'))!.name,
  );
  preset = (await s.db.one<{ id: number }>(
    "SELECT min(id) AS id FROM product_presets WHERE product_id = $1 AND section = '360'",
    [w.acmeProduct],
  ))!.id;
}, 120_000);
afterAll(async () => {
  for (const c of workers) c.kill('SIGKILL');
  await s?.close();
});

const spec = (name: string, over: Partial<RetailerSpec> = {}): RetailerSpec => ({
  retailer: name,
  file_type: 'png',
  width: 320,
  height: 320,
  dpi: 72,
  color_depth: 24,
  file_size: 2,
  images_per_row: 12,
  file_name: `${name.replace(/\W/g, '')}_<frame_num2>.<ext>`,
  ...over,
});
const enqueue = (retailer: number) =>
  call(s, 'POST', '/posts/product/automation/enqueue/download', {
    token: w.tok.acme,
    body: { ...q(), id_product_config: preset, retailer },
  });

/** Resolves once the child has exited (at once if it already has). */
const exited = (c: ChildProcess) =>
  c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => c.once('exit', () => r()));

describe.skipIf(!pg)('exports with worker processes (PostgreSQL)', () => {
  it('two worker processes share the jobs; each is done and mailed once', async () => {
    await Promise.all([startWorker(), startWorker()]);
    const ids: number[] = [];
    for (const n of [1, 2, 3, 4])
      ids.push((await enqueue(await addRetailer(s, w.tok.staff, spec(`Shared ${n}`)))).body.export.id);
    for (const id of ids) expect((await waitForExport(s, w.tok.acme, q(), id, 90_000)).status).toBe('ready');
    const rows = await s.db.query<{ job_id: string }>('SELECT job_id FROM exports WHERE id = ANY($1)', [ids]);
    const pids = new Set<number>();
    // The export is ready inside the job; pg-boss records the job's output just after: wait for it.
    const outputOf = async (id: string) =>
      (
        await s.db.one<{ output: { pid: number } | null }>(
          'SELECT output FROM pgboss.job WHERE id = $1 UNION ALL SELECT output FROM pgboss.archive WHERE id = $1',
          [id],
        )
      )?.output?.pid;
    for (const r of rows) {
      await expect.poll(() => outputOf(r.job_id), { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
      pids.add((await outputOf(r.job_id))!);
    }
    expect(pids.size).toBe(2);
    await exportJobsIdle(s);
    for (const n of [1, 2, 3, 4]) expect(mailsWith(s, `for Shared ${n} is ready`)).toHaveLength(1);
  }, 120_000);

  it('a worker killed mid-job, then a new one: the export completes once, with every file, mailed once', async () => {
    const id = (
      await enqueue(await addRetailer(s, w.tok.staff, spec('Killed', { width: 1400, height: 1400, images_per_row: 24 })))
    ).body.export.id;
    await expect
      .poll(async () => (await s.db.one<{ progress: number }>('SELECT progress FROM exports WHERE id = $1', [id]))!.progress, {
        message: 'the export never started',
        timeout: 30_000,
        interval: 50,
      })
      .toBeGreaterThanOrEqual(2);
    const killed = [...workers];
    for (const c of killed) c.kill('SIGKILL');
    // Every worker is gone (the server works no jobs itself): nothing can move the export on now.
    await Promise.all(killed.map(exited));
    expect((await s.db.one<{ status: string }>('SELECT status FROM exports WHERE id = $1', [id]))!.status).toBe('rendering');
    await startWorker();
    const done = await waitForExport(s, w.tok.acme, q(), id, 110_000);
    expect(done.status).toBe('ready');
    await exportJobsIdle(s);
    const mails = mailsWith(s, 'for Killed is ready');
    expect(mails).toHaveLength(1);
    const { zip } = await zipFromMail(s, mails[0]!);
    expect(Object.keys(zip.files).sort()).toEqual(
      [...Array.from({ length: 24 }, (_, i) => `Killed_${String(i + 1).padStart(2, '0')}.png`), 'compliance.csv'].sort(),
    );
    expect(await s.db.query("SELECT id FROM exports WHERE spec->>'retailer' = $1", ['Killed'])).toHaveLength(1);
  }, 150_000);
});
