// `npm run bench:review` (issue 42, the review page's speed): the production portal in the full Chromium
// (software WebGL, SwiftShader), served with the API by the real server on a copy of the demo database.
// Writes bench/results/review.json:
// - open: a click on a model in the list to its poster on screen (median of 10 models opened for the
//   first time; target 300 ms), the same from the device's cache offline (the same or better), and the
//   5 MB .glb (delivered through the studio's real route) until it can be turned (a figure to watch);
// - pin: a click on the model to the draft pin on screen, against the hit test's own time and a frame;
// - big_round: 40 models, 3 versions and 200 pins each: long tasks scrolling the list and opening pins
//   (target: none over 50 ms), and while turning the model (a figure to watch).
// Misses are recorded under `targets`, never thrown. Rounds and files: bench/review/rounds.ts.
// BENCH_REVIEW_DIST=dir serves a build made before (kept there) instead of building; BENCH_REVIEW_PARTS=
// open,pin,big measures only those parts and prints them (review.json is written by a full run only).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { launchChromium } from '../tests/support/browser.ts';
import { ensureSnapshot } from '../tests/support/seed-snapshot.ts';
import { startTestServer, type TestServer } from '../tests/support/server.ts';
import { loadConfig } from '../server/config.ts';
import { bigGlb } from './review/big-glb.ts';
import { measureBigRound, type PinRow } from './review/long-tasks.ts';
import { measureOpens } from './review/open.ts';
import { measurePins } from './review/pins.ts';
import { reviewResults } from './review/results.ts';
import { acmeId, bigRound, deliver, openRound, poster } from './review/rounds.ts';

const OPENS = 10;
const log = (s: string) => console.log(`[bench:review] ${s}`);
const load = () => Math.round(loadavg()[0]! * 100) / 100;

/** Waits until the report job has read every delivered version (it would otherwise run during a measure). */
async function reportsRead(s: TestServer, round: number) {
  const left = async () =>
    (await s.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM review_versions v JOIN review_models m ON m.id = v.model_id
        WHERE m.round_id = $1 AND v.report IS NULL AND v.report_error IS NULL`,
      [round],
    ))!.n;
  for (let t = Date.now(); (await left()) > 0;) {
    if (Date.now() - t > 300_000) throw new Error('the report jobs did not finish in 5 minutes');
    await new Promise((r) => setTimeout(r, 200)); // polling the condition
  }
}

const PARTS = new Set((process.env.BENCH_REVIEW_PARTS ?? 'open,pin,big').split(','));
const FULL = PARTS.size === 3;
const dir = mkdtempSync(join(tmpdir(), 'facet-bench-review-'));
const dist = process.env.BENCH_REVIEW_DIST ?? join(dir, 'dist');
process.env.NODE_ENV = 'production';
let t = Date.now();
if (!process.env.BENCH_REVIEW_DIST || !existsSync(join(dist, 'index.html'))) {
  await build({
    mode: 'production',
    logLevel: 'warn',
    build: { outDir: dist, emptyOutDir: true, ...(process.env.BENCH_REVIEW_UNMINIFIED && { minify: false }) },
  });
  log(`production build: ${Date.now() - t} ms`);
}
await ensureSnapshot('pglite');
// Jobs worked in this process, as a server does by default: the deliveries' report job runs here.
const server = await startTestServer({ distDir: dist, jobs: { ...loadConfig({}).jobs, inProcess: true, superviseSeconds: 1 } });
const browser = await launchChromium();
try {
  t = Date.now();
  const cid = await acmeId(server);
  // 12 models delivered through the route: one shown first, ten to open, one with the 5 MB .glb.
  const open = await openRound(server, cid, OPENS + 2);
  const large = await bigGlb();
  const delivered = open.models.map((model, i) => ({ model, ...open.versions[i]! }));
  const [startM, rest, largeM] = [delivered[0]!, delivered.slice(1, -1), delivered.at(-1)!];
  const largeV = await deliver(
    server,
    { cid, round: open.id, model: largeM.model },
    { glb: large, poster: await poster(server, open.versions[0]!.poster, 99) },
  );
  const big = await bigRound(server, cid);
  await Promise.all([reportsRead(server, open.id), reportsRead(server, big.id)]);
  log(
    `rounds ready (${open.models.length} delivered models, 5 MB model ${large.length} B, 40-model round): ${Date.now() - t} ms`,
  );

  const base = `${server.url}/review/${cid}`;
  const before = load();
  const opens = PARTS.has('open')
    ? await measureOpens(browser, server, `${base}/${open.id}`, startM, rest, { ...largeV, model: largeM.model })
    : undefined;
  log(`open: ${JSON.stringify(opens)}`);
  const pin = PARTS.has('pin') ? await measurePins(browser, server, `${base}/${open.id}`, startM) : undefined;
  log(`pin: ${JSON.stringify(pin)}`);
  const firstBig = big.models[0]!;
  const pins = await server.db.query<PinRow>(
    `SELECT p.number, p.target, p.position FROM review_pins p JOIN review_versions v ON v.id = p.version_id
      WHERE v.model_id = $1 AND v.number = 3 AND p.state = 'open' ORDER BY p.number`,
    [firstBig],
  );
  const bigFigures = PARTS.has('big')
    ? await measureBigRound(browser, server, `${base}/${big.id}?model=${firstBig}`, pins)
    : undefined;
  log(`big round: ${JSON.stringify(bigFigures)}`);
  if (FULL && opens && pin && bigFigures) {
    const cores = availableParallelism();
    const out = reviewResults({
      browser: browser.version(),
      cores,
      load: { before, after: load() },
      opens,
      pin,
      big: bigFigures,
    });
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/review.json', `${JSON.stringify(out, null, 2)}\n`);
    console.log(JSON.stringify(out.targets, null, 2));
    log('wrote bench/results/review.json');
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
