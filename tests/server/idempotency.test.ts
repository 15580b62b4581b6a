// Idempotency-Key: a repeat gets the first answer and changes nothing (also for a public call); a dead
// claim is taken over; a key belongs to its request's fingerprint; tokens are never stored; answers are
// purged after the TTL while the key's use is remembered (issue 40).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call, DEMO, form } from '../support/http.ts';
import type { Db } from '../../server/db/index.ts';
import { KEEP_DAYS, sweepIdempotency } from '../../server/http/idempotency/sweep.ts';

let s: TestServer;
let token: string;
let acme: number;
beforeAll(async () => {
  s = await startTestServer();
  token = await s.tokenFor(DEMO.acme);
  acme = (await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
});
afterAll(async () => {
  await s.close();
});

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
  const other = await call(s, 'POST', '/posts/tag/store', {
    token,
    body: { id_customer: acme, name: 'x' },
    headers: { 'idempotency-key': 'key-other-0001' },
  });
  expect(other.status).toBe(422);
  expect(other.body).toMatchObject({ message: 'This key was already used for a different request.', code: 'key_reused' });
  expect((await store('bad key!', 'Malformed')).status).toBe(422);
  expect(await countNamed('Malformed')).toBe(0);
});

it('says "in progress" for a live claim and takes over one left by a dead process', async () => {
  const user = (await s.db.one<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.acme]))!.id;
  await s.db.query(
    `INSERT INTO idempotency_keys (user_id, key, method, path) VALUES ($1, 'key-live-00001', 'POST', '/backend/posts/product/store')`,
    [user],
  );
  const live = await store('key-live-00001', 'Live claim');
  expect(live.status).toBe(409);
  expect(live.body.code).toBe('in_progress');
  await s.db.query(
    `INSERT INTO idempotency_keys (user_id, key, method, path, created_at)
                    VALUES ($1, 'key-dead-00001', 'POST', '/backend/posts/product/store', now() - interval '10 minutes')`,
    [user],
  );
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
  expect(again.body.product_id).toBe(first.body.product_id);
  expect((await s.db.one<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email = 'twice@once.test'"))!.n).toBe(1);
  // The replay signs in anew (the first token was never stored): both work.
  expect(again.body.token).not.toBe(first.body.token);
  for (const t of [first.body.token, again.body.token])
    expect((await call(s, 'GET', '/api/user', { token: t.split('|')[1] })).status).toBe(200);
  // The same key of a signed-in user is that user's own.
  const mine = await store('key-public-0001', 'Own key chair');
  expect(mine.status).toBe(200);
  expect(mine.headers.get('idempotent-replay')).toBeNull();
  // A new key is a new registration: refused, the address is taken.
  expect((await register('key-public-0002')).status).toBe(422);
});

it('refuses the same key with a different body, and changes nothing', async () => {
  const first = await store('key-body-00001', 'Body one chair');
  const other = await store('key-body-00001', 'Body two chair');
  expect(first.status).toBe(200);
  expect(other.status).toBe(422);
  expect(other.body).toMatchObject({ success: false, code: 'key_reused' });
  expect(await countNamed('Body two chair')).toBe(0);
  // The same body with its fields in another order is the same request.
  const reordered = await call(s, 'POST', '/posts/product/store', {
    token,
    body: { name: 'Body one chair', id_customer: acme },
    headers: { 'idempotency-key': 'key-body-00001' },
  });
  expect(reordered.status).toBe(200);
  expect(reordered.headers.get('idempotent-replay')).toBe('true');
});

it('owns an anonymous key by its request: another body under the same key is another request', async () => {
  const register = (email: string) =>
    call(s, 'POST', '/customer/register', {
      body: { company: `Anon ${email}`, username: 'anon', email, password: 'secret123' },
      headers: { 'idempotency-key': 'key-anon-00001' },
    });
  const a = await register('anon-a@once.test');
  const b = await register('anon-b@once.test');
  expect(a.status).toBe(200);
  expect(b.status).toBe(200);
  expect(b.headers.get('idempotent-replay')).toBeNull();
  expect(b.body.product_id).not.toBe(a.body.product_id);
});

it('keeps no token in the table, and a replay after the password changed signs nobody in', async () => {
  const body = { company: 'Secret Co', username: 'secret', email: 'secret@once.test', password: 'secret123' };
  const register = () => call(s, 'POST', '/customer/register', { body, headers: { 'idempotency-key': 'key-secret-0001' } });
  const first = await register();
  expect(first.status).toBe(200);
  const secretPart = first.body.token.split('|')[1] as string;
  const rows = await s.db.query<{ response: unknown; secret_subject: number | null }>(
    "SELECT response, secret_subject FROM idempotency_keys WHERE key LIKE '%key-secret-0001'",
  );
  expect(rows).toHaveLength(1);
  expect(JSON.stringify(rows[0]!.response)).not.toContain(secretPart);
  expect(rows[0]!.response).toMatchObject({ token: null });
  expect(rows[0]!.secret_subject).toBeGreaterThan(0);
  await s.db.query("UPDATE users SET password_hash = password_hash || 'x' WHERE email = 'secret@once.test'");
  const replay = await register();
  expect(replay.status).toBe(403);
  expect(replay.body).toMatchObject({ success: false, code: 'replay_refused' });
  expect(JSON.stringify(replay.body)).not.toMatch(/\d+\|/);
});

it('purges answers after the TTL, and a create sent again then is refused as done, never made twice', async () => {
  const first = await store('key-purge-0001', 'Purged answer chair');
  expect(first.status).toBe(200);
  await s.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '49 hours' WHERE key = 'key-purge-0001'`);
  await sweepIdempotency(s.db, 48);
  const row = await s.db.one<{ response: unknown; purged_at: Date | null }>(
    `SELECT response, purged_at FROM idempotency_keys WHERE key = 'key-purge-0001'`,
  );
  expect(row).toMatchObject({ response: null });
  expect(row!.purged_at).toBeTruthy();
  const again = await store('key-purge-0001', 'Purged answer chair');
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({ success: false, code: 'answer_expired' });
  expect(await countNamed('Purged answer chair')).toBe(1);
  // The key's use itself is forgotten only after KEEP_DAYS.
  await s.db.query(
    `UPDATE idempotency_keys SET created_at = now() - interval '${KEEP_DAYS + 1} days' WHERE key = 'key-purge-0001'`,
  );
  await sweepIdempotency(s.db, 48);
  expect(await s.db.one(`SELECT 1 FROM idempotency_keys WHERE key = 'key-purge-0001'`)).toBeUndefined();
});

it('fingerprints a multipart call by its fields and file digests, not its boundary', async () => {
  const product = (await store('key-mp-prod-01', 'Multipart chair')).body.product.id as number;
  const png = await s.app.services.storage.read(
    (await s.db.one<{ image: string }>('SELECT image FROM achievements ORDER BY id LIMIT 1'))!.image,
  );
  const send = (bytes: Uint8Array) =>
    call(s, 'POST', '/posts/product/resource/store', {
      token,
      form: form({ id_product: product }, { image: { name: 'a.png', bytes, type: 'image/png' } }),
      headers: { 'idempotency-key': 'key-mp-image-01' },
    });
  const first = await send(png);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const again = await send(png); // a new FormData: a new boundary
  expect(again.headers.get('idempotent-replay')).toBe('true');
  const changed = Buffer.from(png);
  changed[changed.length - 5]! ^= 1;
  expect((await send(changed)).body.code).toBe('key_reused');
});
