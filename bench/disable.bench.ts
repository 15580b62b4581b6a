// `npm run bench:disable`: from a disable call to the refusal of the member's open session (issue 11's
// figure; moved out of the test suite, where a measurement cannot fail). The server is built on a
// fresh demo database (PGlite, or PostgreSQL at BENCH_DATABASE_URL, which must be empty) and called
// over HTTP; the calls are sequential, so no load generator is needed. Writes bench/results/disable.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { issueToken } from '../server/auth/tokens.ts';
import { configIn } from '../server/config.ts';
import { openPglite, openPostgres } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedDemo } from '../server/db/seed.ts';
import { addMember, createUser } from '../server/domain/accounts.ts';
import { Storage } from '../server/storage/files.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const dir = mkdtempSync(join(tmpdir(), 'facet-bench-disable-'));
const db = process.env.BENCH_DATABASE_URL ? await openPostgres(process.env.BENCH_DATABASE_URL) : await openPglite();
await migrate(db);
await seedDemo(db, new Storage(join(dir, 'storage')));
const app = await buildApp(configIn(dir), db);
const base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/backend`;

const one = async (sql: string, p: unknown[]) => (await db.one<{ id: number }>(sql, p))!.id;
const acme = await one('SELECT id FROM customers WHERE name = $1', ['Acme Living']);
const viewerRole = await one(`SELECT id FROM roles WHERE customer_id = $1 AND name = 'Viewer'`, [acme]);
const manager = (await issueToken(db, await one('SELECT id FROM users WHERE email = $1', ['manager@acme.test']))).split('|')[1]!;
const call = (method: string, path: string, token: string, body?: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const sent: number[] = [];
const refused: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const email = `bench-disable-${i}@acme.test`;
  const id = await createUser(db, { name: `Bench ${i}`, email, password: 'demo1234x' });
  await addMember(db, id, acme, viewerRole);
  const token = (await issueToken(db, id)).split('|')[1]!;
  if ((await call('GET', '/api/user', token)).status !== 200) throw new Error('the open session was not open');
  const t0 = performance.now();
  const off = await call('PUT', '/user/deactivate', manager, { id_user: id, id_customer: acme });
  if (off.status !== 200) throw new Error(`disable: ${off.status}`);
  const t1 = performance.now();
  // The very first call after the disable must be refused: anything else is a failure, not a figure.
  if ((await call('GET', '/api/user', token)).status !== 401) throw new Error('the first call after the disable was not refused');
  refused.push(performance.now() - t1);
  sent.push(performance.now() - t0);
}
const pct = (xs: number[], p: number) =>
  Number([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!.toFixed(1));
const out = {
  database: db.kind,
  runs: RUNS,
  disable_sent_to_refusal_ms: { p50: pct(sent, 0.5), p95: pct(sent, 0.95), max: Number(Math.max(...sent).toFixed(1)) },
  disable_answered_to_refusal_ms: { p50: pct(refused, 0.5), p95: pct(refused, 0.95) },
  first_call_after_disable_refused: true,
};
console.log(`[bench:disable] ${JSON.stringify(out)}`);
mkdirSync('bench/results', { recursive: true });
writeFileSync(`bench/results/disable${db.kind === 'postgres' ? '-postgres' : ''}.json`, `${JSON.stringify(out, null, 2)}\n`);
await app.close();
await db.close();
rmSync(dir, { recursive: true, force: true });
