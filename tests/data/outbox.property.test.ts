// Property: random sequences of offline and online creates, edits, tag and category changes,
// uploads and deletes, under random faults, with the drain "reloaded" (a new Dexie instance on
// the same IndexedDB) at random points (outbox-scenario.ts). The server must end equal to an
// oracle: no duplicate, no lost change, and an empty outbox (no 4xx is provoked, so nothing may be
// parked). `npm run chaos` runs the same against two server processes on PostgreSQL.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO } from '../support/http.ts';
import { runScenario, scenarioArb, type Scenario } from './outbox-scenario.ts';
import { startHarness, type Harness } from './support.ts';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 120);

let h: Harness;
let subs: number[] = [];
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
  subs = (await h.s.db.query<{ id: number }>('SELECT id FROM product_subcategories ORDER BY id LIMIT 6')).map((r) => r.id);
});
afterAll(async () => h?.s.close());

let run = 0;
let opsDone = 0;
let reloads = 0;

async function scenario(sc: Scenario) {
  run++;
  const o = await runScenario({ db: h.s.db, net: h.net, cid: h.cid, subs }, sc);
  opsDone += o.ops;
  reloads += o.reloads;
  expect(o.left.map((e) => [e.label, e.state, e.error])).toEqual([]);
  expect(o.server).toEqual(o.expected);
}

it(`holds for ${RUNS} random sequences under faults and reloads`, async () => {
  const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
  const t0 = Date.now();
  try {
    await fc.assert(fc.asyncProperty(scenarioArb(), (sc) => scenario(sc)), { numRuns: RUNS, seed, endOnFailure: true });
  } catch (err) {
    console.error(`[property] FAILED with seed ${seed}: rerun with FC_SEED=${seed}`);
    throw err;
  }
  const faults = Object.entries(h.net.injected).filter(([, n]) => n).map(([k, n]) => `${k} ${n}`).join(', ');
  console.log(`[property] seed ${seed}: ${run} sequences, ${opsDone} operations, ${reloads} reloads, ${h.net.requests} requests; faults injected: ${faults} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}, 240_000);
