// Idempotency-Key: a repeat gets the first answer and changes nothing (also for a public call); a dead
// claim is taken over.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call, DEMO } from '../support/http.ts';
import type { Db } from '../../server/db/index.ts';

let s: TestServer;
let token: string;
let acme: number;
beforeAll(async () => {
  s = await startTestServer();
  token = await s.tokenFor(DEMO.acme);
  acme = (await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
});
afterAll(async () => { await s.close(); });

const store = (key: string, name: string) =>
  call(s, 'POST', '/posts/product/store', { token, body: { id_customer: acme, name }, headers: { 'idempotency-key': key } });
const countNamed = async (name: string) =>
  (await s.db.one<{ n: number }>('SELECT count(*)::int AS n FROM products WHERE name = $1', [name]))!.n;

it('answers a repeat with the first response and creates one product', async () => {
  const first = await store('key-repeat-0001', 'Idempotent chair');
  const again = await store('key-repeat-0001', 'Idempotent chair');
  expect(first.status).toBe(200);
  expect(again.status).toBe(200);
  expect(again.body).toEqual(first.body);
  expect(again.headers.get('idempotent-replay')).toBe('true');
  expect(await countNamed('Idempotent chair')).toBe(1);
});

it('refuses a key reused for another call, and a malformed key', async () => {
  await store('key-other-0001', 'First use');
  const other = await call(s, 'POST', '/posts/tag/store', { token, body: { id_customer: acme, name: 'x' }, headers: { 'idempotency-key': 'key-other-0001' } });
  expect(other.status).toBe(422);
  expect(other.body.message).toBe('This Idempotency-Key was used for another call.');
  expect((await store('bad key!', 'Malformed')).status).toBe(422);
  expect(await countNamed('Malformed')).toBe(0);
});

it('says "in progress" for a live claim and takes over one left by a dead process', async () => {
  const user = (await s.db.one<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.acme]))!.id;
  await s.db.query(`INSERT INTO idempotency_keys (user_id, key, method, path) VALUES ($1, 'key-live-00001', 'POST', '/backend/posts/product/store')`, [user]);
  expect((await store('key-live-00001', 'Live claim')).status).toBe(409);
  await s.db.query(`INSERT INTO idempotency_keys (user_id, key, method, path, created_at)
                    VALUES ($1, 'key-dead-00001', 'POST', '/backend/posts/product/store', now() - interval '10 minutes')`, [user]);
  const taken = await store('key-dead-00001', 'Dead claim');
  expect(taken.status).toBe(200);
  expect(await countNamed('Dead claim')).toBe(1);
  expect((await store('key-dead-00001', 'Dead claim')).body).toEqual(taken.body);
  expect(await countNamed('Dead claim')).toBe(1);
});

it("keeps a create's answer when the process stops before answering: it is written in the create's own transaction", async () => {
  const m = s.db as { query: Db['query'] };
  const query = m.query;
  // As a process killed once the create has committed: nothing after the handler reaches the key's row.
  m.query = (async (sql: string, params?: unknown[]) => {
    if (/^(UPDATE|DELETE FROM) idempotency_keys/.test(sql.trim())) throw new Error('the process is gone');
    return query(sql, params);
  }) as Db['query'];
  try {
    await store('key-killed-0001', 'Kept answer chair');
  } finally {
    m.query = query;
  }
  const again = await store('key-killed-0001', 'Kept answer chair');
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  expect(again.headers.get('idempotent-replay')).toBe('true');
  expect(again.body.product.name).toBe('Kept answer chair');
  expect(await countNamed('Kept answer chair')).toBe(1);
});

it('replays a public call (a registration sent twice) under the anonymous caller, and keeps keys apart from users', async () => {
  const body = { company: 'Twice Co', username: 'twice', email: 'twice@once.test', password: 'secret123' };
  const register = (key: string) => call(s, 'POST', '/customer/register', { body, headers: { 'idempotency-key': key } });
  const first = await register('key-public-0001');
  const again = await register('key-public-0001');
  expect(first.status).toBe(200);
  expect(again.headers.get('idempotent-replay')).toBe('true');
  expect(again.body).toEqual(first.body);
  expect((await s.db.one<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email = 'twice@once.test'"))!.n).toBe(1);
  // The same key of a signed-in user is that user's own.
  const mine = await store('key-public-0001', 'Own key chair');
  expect(mine.status).toBe(200);
  expect(mine.headers.get('idempotent-replay')).toBeNull();
  // A new key is a new registration: refused, the address is taken.
  expect((await register('key-public-0002')).status).toBe(422);
});
