// `npm run bench:live` (issue 44, the live channel's speed), on PostgreSQL (TEST_DATABASE_URL: a copy of
// the seeded test template, dropped after). Writes bench/results/live.json:
// - change to screen: a product renamed through server process B while Chromium shows it on process A, in
//   the catalogue and on its page: answer to paint, p50/p95 over 100 renames, and its parts (bench/live/screen.ts);
// - fan-out: 10,000 streams on one server process from a load generator in its own process: memory per
//   stream, one company-wide event to all of them; the pull storms after a poke (bench/live/fanout.ts);
// - spread writes: 100 companies of 100 streams, writes as fast as the machine answers, each event checked
//   delivered to its company's streams and to no other (bench/live/spread.ts).
// BENCH_LIVE_PARTS=screen,fanout,spread, BENCH_LIVE_STREAMS (10000), BENCH_LIVE_RENAMES (100), BENCH_LIVE_SECONDS
// (20), BENCH_LIVE_STORMS (100,1000): with any of them set, the figures are printed and live.json is left as
// it is. BENCH_LIVE_DIST=dir builds the portal there once and serves that build on later runs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { issueToken } from '../server/auth/tokens.ts';
import { openPostgres, type Db } from '../server/db/index.ts';
import { launchChromium } from '../tests/support/browser.ts';
import { DEMO } from '../tests/support/http.ts';
import { closeStreams, fanOut, pullStorm, type LoadTarget } from './live/fanout.ts';
import { startLoad } from './live/load-protocol.ts';
import { populate } from './live/population.ts';
import { liveResults, summaryLines } from './live/results.ts';
import { changeToScreen } from './live/screen.ts';
import { benchDatabase, buildPortal, serve } from './live/setup.ts';
import { spreadWrites } from './live/spread.ts';

const PARTS = new Set((process.env.BENCH_LIVE_PARTS ?? 'screen,fanout,spread').split(','));
const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 10_000);
const RENAMES = Number(process.env.BENCH_LIVE_RENAMES ?? 100);
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 20);
const STORMS = (process.env.BENCH_LIVE_STORMS ?? '100,1000').split(',').map(Number);
/** live.json is written by a run of every part at the issue's sizes only. */
const FULL =
  ['screen', 'fanout', 'spread'].every((p) => PARTS.has(p)) &&
  !['BENCH_LIVE_STREAMS', 'BENCH_LIVE_RENAMES', 'BENCH_LIVE_SECONDS', 'BENCH_LIVE_STORMS'].some((v) => process.env[v]);
const log = (s: string) => console.log(`[bench:live] ${s}`);
const load1m = () => Math.round(loadavg()[0]! * 100) / 100;

const tokenOf = async (db: Db, email: string) => {
  const id = (await db.one<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))!.id;
  return (await issueToken(db, id)).split('|')[1]!;
};
/** A part that fails is recorded as such; the others still run. */
async function part<T>(name: string, run: () => Promise<T>): Promise<T | string> {
  try {
    return await run();
  } catch (err) {
    console.error(`[bench:live] ${name} failed:`, err);
    return `failed: ${String(err)}`;
  }
}

if (!process.env.TEST_DATABASE_URL) {
  log('skipped: the live channel is measured on PostgreSQL; set TEST_DATABASE_URL (source /work/pg-dev.env)');
  process.exit(0);
}
const started = Date.now();
const before = load1m();
const dir = mkdtempSync(join(tmpdir(), 'facet-bench-live-'));
const [dist, copy] = await Promise.all([PARTS.has('screen') ? buildPortal(dir) : undefined, benchDatabase()]);
log(`portal built and database copied: ${Date.now() - started} ms`);
const db = await openPostgres(copy.url);
const machine: Record<string, unknown> = { cores: availableParallelism(), node: process.version };
let screen: Awaited<ReturnType<typeof changeToScreen>> | string = 'not run (BENCH_LIVE_PARTS)';
let fan: Awaited<ReturnType<typeof fanOut>> | string = 'not run (BENCH_LIVE_PARTS)';
let spread: Awaited<ReturnType<typeof spreadWrites>> | string = 'not run (BENCH_LIVE_PARTS)';
const storms: Awaited<ReturnType<typeof pullStorm>>[] = [];
try {
  machine.postgres = (await db.one<{ v: string }>("SELECT current_setting('server_version') AS v"))?.v;
  let t = Date.now();
  const pop = await populate(db, { users: STREAMS, companies: 100, products: 5 });
  log(`${STREAMS} load users, 101 companies and their tokens written in SQL: ${Date.now() - t} ms`);
  if (PARTS.has('screen')) {
    screen = await part('change to screen', async () => {
      const [A, B] = await Promise.all([serve('A', copy.url, { DIST_DIR: dist! }), serve('B', copy.url)]);
      const browser = await launchChromium();
      machine.browser = `Chromium ${browser.version()} (full, headless), production build`;
      try {
        const token = await tokenOf(db, DEMO.multi);
        const o = { browser, A: A.proc, B: B.proc, metricsA: A.metrics, databaseUrl: copy.url, token, renames: RENAMES, log };
        return await changeToScreen(o);
      } finally {
        await browser.close();
        await Promise.all([A.proc.close(), B.proc.close()]);
      }
    });
  }
  if (PARTS.has('fanout') || PARTS.has('spread')) {
    const L = await serve('L', copy.url);
    const load = await startLoad();
    machine.load_generator_open_file_limit = load.fileLimit;
    const target: LoadTarget = { server: L.proc, metrics: L.metrics, db, load, pop, log };
    try {
      if (PARTS.has('fanout')) {
        t = Date.now();
        fan = await part('fan-out', () => fanOut(target));
        for (const [i, n] of STORMS.entries()) {
          const storm = await part(`pull storm of ${n}`, () => pullStorm(target, n, i));
          if (typeof storm === 'object') storms.push(storm);
        }
        await closeStreams(target);
        log(`fan-out and storms: ${Date.now() - t} ms`);
      }
      if (PARTS.has('spread')) {
        const staffToken = await tokenOf(db, DEMO.staff);
        spread = await part('spread writes', () => spreadWrites(target, { seconds: SECONDS, writers: 16, staffToken }));
      }
    } finally {
      await load.stop();
      await L.proc.close();
    }
  }
} finally {
  await db.close();
  await copy.drop();
  rmSync(dir, { recursive: true, force: true });
}
machine.load_avg_1m = { before, after: load1m() };
machine.bench_seconds = Math.round((Date.now() - started) / 1000);
const out = liveResults({ machine, screen, fanOut: fan, storms, spread });
if (!FULL) console.log(JSON.stringify(out, null, 2));
console.log(summaryLines(out).join('\n'));
if (FULL) {
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/live.json', `${JSON.stringify(out, null, 2)}\n`);
  log('wrote bench/results/live.json');
}
process.exit(0);
