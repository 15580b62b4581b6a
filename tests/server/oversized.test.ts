// Requests refused by Node itself (before Fastify) still answer in the error shape.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call, DEMO } from '../support/http.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

it('answers a 100 kB query with 431 {success:false, message}', async () => {
  const r = await call(s, 'GET', '/user/have_access', {
    token: await s.tokenFor(DEMO.acme),
    query: { id_customer: 1, slugs: 'x'.repeat(100_000) },
  });
  expect(r.status).toBe(431);
  expect(r.body).toEqual({ success: false, message: 'The request is too large.' });
});

it('answers a 2 MB JSON body with 413 in the error shape', async () => {
  const r = await call(s, 'POST', '/api/auth/login', { body: { email: 'a@b.test', password: 'x'.repeat(2_000_000) } });
  expect(r.status).toBe(413);
  expect(r.body.success).toBe(false);
});

it('answers malformed JSON with 400 in the error shape', async () => {
  const res = await fetch(`${s.api}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"email":',
  });
  expect(res.status).toBe(400);
  expect((await res.json()).success).toBe(false);
});
