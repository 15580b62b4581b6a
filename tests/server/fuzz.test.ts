// Generated bad input for every route that /backend/docs/json lists: a route added later is
// covered without new test code. Every answer is a 4xx {success:false, message} (a few classes
// may also be accepted), never a 5xx, never a hang. Replay a run with FUZZ_SEED=<seed>.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call, DEMO } from '../support/http.ts';
import { inPool, rawRequest, type RawRequest, type RawResponse } from '../support/raw-http.ts';
import { routesOf, toRaw, type FuzzRoute, type OpenApiDoc } from './fuzz.routes.ts';
import { baseInput, inputClasses, type Account, type Ctx, type MutationClass } from './fuzz.inputs.ts';
import { brokenMultipart, damagedFiles } from './fuzz.multipart.ts';

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Samples per input class per route: the run sends about routes × applicable classes × this. */
const PER_CLASS = Number(process.env.FUZZ_PER_CLASS ?? 4);
const CLASSES: Record<string, MutationClass> = { ...inputClasses, brokenMultipart, files: damagedFiles };
/** The multipart classes hold many more variants than the others, so they get more samples. */
const WEIGHT: Record<string, number> = { brokenMultipart: 4, files: 4 };

let s: TestServer;
let routes: FuzzRoute[];
let ctx: Ctx;

beforeAll(async () => {
  console.log(`[fuzz] seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${PER_CLASS} per class per route`);
  s = await startTestServer();
  const doc = (await call<OpenApiDoc>(s, 'GET', '/docs/json')).body;
  routes = routesOf(doc);
  const accounts: Account[] = [];
  for (const email of [DEMO.staff, DEMO.acme, DEMO.viewer, DEMO.borealis, DEMO.multi]) {
    const token = await s.tokenFor(email);
    const me = await call(s, 'GET', '/api/user', { token });
    const staff = me.body.type === 'staff';
    accounts.push({
      email,
      token,
      staff,
      companies: [...(staff ? [-1] : []), ...me.body.companies.map((c: { id: number }) => c.id)],
    });
  }
  const image = sharp({ create: { width: 8, height: 8, channels: 3, background: '#3d5a80' } });
  ctx = { accounts, marker: `fuzzmark${SEED}`, png: await image.png().toBuffer(), jpg: await image.jpeg().toBuffer() };
});
afterAll(async () => {
  await s?.close();
});

/** Each route and class has its own stream, so adding a route does not change the others' inputs. */
const seedOf = (...parts: string[]) =>
  createHash('sha256')
    .update([SEED, ...parts].join('|'))
    .digest()
    .readInt32LE(0);

interface Case {
  route: string;
  cls: string;
  label: string;
  strict: boolean;
  req: RawRequest;
}
interface Outcome {
  c: Case;
  res?: RawResponse;
  error?: string;
}

function casesFor(route: FuzzRoute): Case[] {
  const out: Case[] = [];
  for (const [cls, make] of Object.entries(CLASSES)) {
    const mutation = make(route, ctx);
    if (!mutation) continue;
    for (const [input, m] of fc.sample(fc.tuple(baseInput(route, ctx), mutation), {
      seed: seedOf(route.key, cls),
      numRuns: PER_CLASS * (WEIGHT[cls] ?? 1),
    })) {
      out.push({
        route: route.key,
        cls,
        label: m.label,
        strict: m.strict,
        req: toRaw(route, m.apply(input), s.config.apiPrefix),
      });
    }
  }
  return out;
}

function problem(o: Outcome): string | undefined {
  if (o.error) return o.error;
  const { status, json, text } = o.res!;
  if (status >= 500) return `${status} ${text.slice(0, 200)}`;
  if (status < 400 && o.c.strict) return `accepted (${status}) ${text.slice(0, 120)}`;
  if (status >= 400) {
    const body = json as { success?: unknown; message?: unknown } | undefined;
    if (body?.success !== false || typeof body.message !== 'string')
      return `${status} not in the error shape: ${text.slice(0, 120)}`;
    if (/\n\s+at |SELECT |INSERT |UPDATE /.test(text)) return `${status} leaks internals: ${text.slice(0, 200)}`;
  }
  return undefined;
}

function tally(outcomes: Outcome[], key: (o: Outcome) => string) {
  const t: Record<string, number> = {};
  for (const o of outcomes) t[key(o)] = (t[key(o)] ?? 0) + 1;
  return t;
}

it('answers generated bad input on every route with a 4xx in the error shape, never a 5xx or a hang', async () => {
  // A stream's valid answer never ends (a fuzzed input may be valid): live.test.ts checks its refusals.
  const cases = routes.filter((r) => !r.stream).flatMap(casesFor);
  const started = Date.now();
  const outcomes = await inPool(cases, 3, async (c): Promise<Outcome> => {
    try {
      return { c, res: await rawRequest(s.url, c.req, 10_000) };
    } catch (err) {
      return { c, error: `no answer: ${(err as Error).message}` };
    }
  });
  const failures = outcomes.map((o) => ({ o, why: problem(o) })).filter((f) => f.why);
  const fiveXx = outcomes.filter((o) => (o.res?.status ?? 0) >= 500);
  const perRoute = Object.values(tally(outcomes, (o) => o.c.route));
  console.log(
    `[fuzz] ${outcomes.length} requests on ${routes.length} routes (${Math.min(...perRoute)}-${Math.max(...perRoute)} per route) in ${Date.now() - started} ms; ` +
      `${fiveXx.length} answered 5xx, ${failures.length} failed`,
  );
  console.log('[fuzz] per class:', JSON.stringify(tally(outcomes, (o) => o.c.cls)));
  console.log('[fuzz] statuses:', JSON.stringify(tally(outcomes, (o) => String(o.res?.status ?? 'none'))));
  if (fiveXx.length) console.log('[fuzz] 5xx per class:', JSON.stringify(tally(fiveXx, (o) => o.c.cls)));
  const report = failures
    .slice(0, 60)
    .map(({ o, why }) => `${o.c.route} [${o.c.cls}: ${o.c.label}] ${o.c.req.method} ${o.c.req.path.slice(0, 100)} -> ${why}`);
  expect(report, `seed ${SEED}`).toEqual([]);
}, 600_000);

it('still answers afterwards, and wrote no file outside its data directory', async () => {
  expect((await call(s, 'GET', '/health')).status).toBe(200);
  // Staff, with a fresh token: an accepted generated call may have signed out, disabled or removed a customer account.
  expect((await call(s, 'GET', '/api/user', { token: await s.tokenFor(ctx.accounts[0]!.email) })).status).toBe(200);
  // Every path-like string and file name carried the marker; it may appear nowhere on disk.
  const named = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((n) => n.includes(ctx.marker)) : []);
  const inside = readdirSync(s.config.dataDir, { recursive: true })
    .map(String)
    .filter((p) => p.includes(ctx.marker));
  expect(inside, "stored names are generated, never the uploader's").toEqual([]);
  const outside = new Set(['/tmp', '/', process.cwd(), resolve('.tmp')]);
  for (let d = s.config.dataDir; d !== dirname(d); d = dirname(d)) outside.add(dirname(d));
  for (const dir of [s.config.storageDir, join(s.config.storageDir, '..')]) outside.add(resolve(dir, '..'));
  expect([...outside].flatMap(named)).toEqual([]);
});

it('answers 401 on every non-public route with no token and with a garbage token', async () => {
  const guarded = routes.filter((r) => r.auth !== 'public');
  expect(guarded.length).toBeGreaterThan(0);
  const bad: string[] = [];
  for (const r of guarded) {
    const path = `${s.config.apiPrefix}${r.path.replace(/\{\w+\}/g, '1')}`;
    const variants: RawRequest[] = [
      { method: r.method, path },
      { method: r.method, path, headers: { authorization: 'Bearer garbage' } },
      { method: r.method, path, headers: { authorization: `Bearer 1|${'A'.repeat(40)}` } },
      ...(r.queryToken ? [{ method: r.method, path: `${path}?access_token=garbage` }] : []),
    ];
    for (const v of variants) {
      const res = await rawRequest(s.url, v);
      const body = res.json as { success?: unknown; message?: unknown } | undefined;
      if (res.status !== 401 || body?.success !== false || typeof body.message !== 'string')
        bad.push(`${r.key} ${JSON.stringify(v.headers ?? {})} -> ${res.status}`);
    }
  }
  expect(bad).toEqual([]);
});

it('answers one key sent twice with different requests on every mutating route: never a 5xx, and a claimed key refuses the second', async () => {
  const mutating = routes.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
  expect(mutating.length).toBeGreaterThan(20);
  const bad: string[] = [];
  let refused = 0;
  for (const route of mutating) {
    const pairs = fc.sample(fc.tuple(baseInput(route, ctx), baseInput(route, ctx)), {
      seed: seedOf(route.key, 'same-key'),
      numRuns: 2,
    });
    for (const [n, [first, second]] of pairs.entries()) {
      const key = `fuzz-same-key-${seedOf(route.key, String(n)) >>> 0}`;
      const again = { ...second, token: first.token };
      const [a, b] = [toRaw(route, first, s.config.apiPrefix), toRaw(route, again, s.config.apiPrefix)];
      if (a.path === b.path && Buffer.compare(a.body ?? Buffer.alloc(0), b.body ?? Buffer.alloc(0)) === 0) continue;
      const keyed = (r: RawRequest) => ({ ...r, headers: { ...r.headers, 'idempotency-key': key } });
      const one = await rawRequest(s.url, keyed(a), 10_000);
      const claimed = first.token
        ? await s.db.one('SELECT 1 FROM idempotency_keys WHERE key = $1 AND user_id <> 0', [key])
        : undefined;
      const two = await rawRequest(s.url, keyed(b), 10_000);
      const body = two.json as { code?: string } | undefined;
      if (one.status >= 500 || two.status >= 500)
        bad.push(`${route.key}: ${one.status} then ${two.status} ${two.text.slice(0, 120)}`);
      // A claimed key never does a second request's work: refused by its key, or first by the rules
      // (the input is checked before the key is looked at).
      else if (claimed && two.status < 400)
        bad.push(`${route.key}: claimed key answered ${two.status} ${two.text.slice(0, 120)}`);
      if (claimed && body?.code === 'key_reused') refused++;
    }
  }
  console.log(`[fuzz] same key, different request: ${mutating.length} routes, ${refused} second requests refused by their key`);
  expect(bad, `seed ${SEED}`).toEqual([]);
  expect(refused).toBeGreaterThan(10);
}, 600_000);
