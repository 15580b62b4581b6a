// Login limits: per client (the rate limit of the public auth routes) and per account (the
// throttle), both counted in the database, so every server process sees the same counts.
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountKey, delayAfter, passwordCheckedAction } from '../../server/auth/throttle.ts';
import { parseTrustProxy } from '../../server/config.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { DEMO } from '../support/http.ts';
import { rawRequest, type RawResponse } from '../support/raw-http.ts';

const THROTTLED = /^Too many failed sign-in attempts for this account\. Try again in \d+ seconds\.$/;

function login(base: string, email: string, password: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(base, {
    method: 'POST',
    path: '/backend/api/auth/login',
    headers: { 'content-type': 'application/json', ...headers },
    body: Buffer.from(JSON.stringify({ email, password })),
  });
}
const from = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });
const message = (r: RawResponse) => (r.json as { message: string }).message;

// One database for the file (starting a server costs seconds); each setting is a server of its own
// on it, as a process started with that configuration would be. Each part uses accounts of its own.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ trustProxy: '127.0.0.1' });
});
afterAll(async () => {
  await s.close();
});

/** Until the account's wait is over by the database's clock: the condition the server checks, not a number of seconds. */
const waitOver = (email: string) =>
  expect
    .poll(
      async () =>
        (
          await s.db.one<{ over: boolean }>('SELECT next_allowed_at <= now() AS over FROM login_throttle WHERE account = $1', [
            accountKey(email),
          ])
        )?.over,
      { timeout: 30_000, interval: 20 },
    )
    .toBe(true);

describe('the per-account throttle (proxy headers trusted, so every try comes from another address)', () => {
  it('slows an account after 5 failures in a row, whatever the address, and lets the right password in after the wait', async () => {
    for (let i = 1; i <= 5; i++) expect((await login(s.url, DEMO.acme, 'wrong', from(i))).status).toBe(401);
    const refused = await login(s.url, DEMO.acme, DEMO.password, from(6));
    expect(refused.status).toBe(429);
    expect(message(refused)).toMatch(THROTTLED);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(2);
    // Refusals are not counted: hammering does not lengthen the wait.
    for (let i = 0; i < 5; i++)
      expect(Number((await login(s.url, DEMO.acme, 'wrong', from(10 + i))).headers['retry-after'])).toBeLessThanOrEqual(wait);
    await waitOver(DEMO.acme);
    const ok = await login(s.url, DEMO.acme, DEMO.password, from(7));
    expect(ok.status).toBe(200);
    // A success clears the count.
    expect((await login(s.url, DEMO.acme, 'wrong', from(8))).status).toBe(401);
  });

  it('doubles the wait with each further failure', async () => {
    // The first wait is set by a process whose LOGIN_THROTTLE_BASE_MS is small, so it is over at once;
    // the 6th failure goes to one of the default 2 s, whose doubled wait then refuses the 7th.
    const quick = await s.twin({ loginThrottleBaseMs: 20 });
    try {
      for (let i = 1; i <= 5; i++) await login(quick.url, DEMO.viewer, 'wrong', from(i));
    } finally {
      await quick.close();
    }
    await waitOver(DEMO.viewer);
    expect((await login(s.url, DEMO.viewer, 'wrong', from(6))).status).toBe(401);
    expect((await login(s.url, DEMO.viewer, 'wrong', from(7))).status).toBe(429);
    const row = await s.db.one<{ failures: number; wait: number }>(
      'SELECT failures, extract(epoch FROM next_allowed_at - last_attempt_at)::float8 AS wait FROM login_throttle WHERE account = $1',
      [accountKey(DEMO.viewer)],
    );
    expect(row).toEqual({ failures: 6, wait: 4 });
    expect([1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 40].map((n) => delayAfter(n))).toEqual([0, 0, 0, 0, 2, 4, 8, 16, 256, 300, 300]);
  });

  it('treats an unknown address exactly like a known one', async () => {
    const codes = [];
    for (let i = 1; i <= 6; i++) codes.push((await login(s.url, 'ghost@nowhere.test', 'wrong', from(i))).status);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("lets the owner's browser (device cookie from an earlier sign-in) in while guesses from elsewhere wait", async () => {
    const first = await login(s.url, DEMO.borealis, DEMO.password, from(1));
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^facet_device=[\w-]{30,}$/);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/);
    for (let i = 2; i <= 7; i++) await login(s.url, DEMO.borealis, 'wrong', from(i));
    expect((await login(s.url, DEMO.borealis, DEMO.password, from(20))).status).toBe(429);
    expect((await login(s.url, DEMO.borealis, DEMO.password, { ...from(21), cookie })).status).toBe(200);
    // A made-up device cookie earns nothing.
    for (let i = 22; i <= 27; i++) await login(s.url, DEMO.borealis, 'wrong', from(i));
    expect(
      (await login(s.url, DEMO.borealis, DEMO.password, { ...from(28), cookie: `facet_device=${'x'.repeat(40)}` })).status,
    ).toBe(429);
  });

  it('a trusted browser has its own 5 free failures, then waits like anyone else', async () => {
    const first = await login(s.url, DEMO.multi, DEMO.password);
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    for (let i = 0; i < 5; i++) expect((await login(s.url, DEMO.multi, 'wrong', { cookie })).status).toBe(401);
    expect((await login(s.url, DEMO.multi, 'wrong', { cookie })).status).toBe(429);
  });
});

describe('password-checked actions share the count', () => {
  it('counts failed checks of another action (e.g. account delete) against the login of the same account', async () => {
    const req = { headers: {} } as FastifyRequest;
    for (let i = 0; i < 5; i++) expect(await passwordCheckedAction(s.db, req, DEMO.staff, async () => false)).toBe(false);
    await expect(passwordCheckedAction(s.db, req, DEMO.staff, async () => true)).rejects.toMatchObject({ status: 429 });
    const r = await login(s.url, DEMO.staff, DEMO.password);
    expect(r.status).toBe(429);
    expect(message(r)).toMatch(THROTTLED);
  });
});

describe('counts are shared by every server process on the database', () => {
  let one: { url: string; close(): Promise<void> };
  let other: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    await s.db.query('DELETE FROM rate_limits'); // the addresses above were counted against a limit of 10
    one = await s.twin({ authRateLimit: 3 });
    other = await s.twin({ authRateLimit: 3 });
  });
  afterAll(async () => {
    await one.close();
    await other.close();
  });

  it('one process sees the per-account count of another', async () => {
    for (let i = 1; i <= 5; i++)
      expect((await login(i % 2 ? one.url : other.url, 'shared@x.test', 'wrong', from(i))).status).toBe(401);
    const r = await login(other.url, 'shared@x.test', 'wrong', from(6));
    expect(r.status).toBe(429);
    expect(message(r)).toMatch(THROTTLED);
  });

  it('and the per-client count', async () => {
    expect((await login(one.url, 'client@x.test', 'wrong', from(50))).status).toBe(401);
    expect((await login(other.url, 'client@x.test', 'wrong', from(50))).status).toBe(401);
    expect((await login(one.url, 'client@x.test', 'wrong', from(50))).status).toBe(401);
    const limited = await login(other.url, 'client@x.test', 'wrong', from(50));
    expect(limited.status).toBe(429);
    expect(message(limited)).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('TRUST_PROXY', () => {
  it('parses a hop count or a list of addresses, and is off by default', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('  ')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 10.0.0.1 , 10.0.0.0/8,')).toBe('10.0.0.1,10.0.0.0/8');
  });

  it.each([
    ['unset: a made-up X-Forwarded-For does not dodge the limit', { trustProxy: false }, 429],
    ['a list holding the proxy: each forwarded address counts apart', { trustProxy: '127.0.0.1' }, 401],
    ['a hop count', { trustProxy: 1 }, 401],
    ['a list without this proxy: its header is not believed', { trustProxy: '10.9.9.9' }, 429],
  ] as const)('%s', async (_label, proxy, expected) => {
    await s.db.query('DELETE FROM rate_limits');
    await s.db.query('DELETE FROM login_throttle');
    const proxied = await s.twin({ authRateLimit: 2, ...proxy });
    try {
      for (let i = 0; i < 2; i++) await login(proxied.url, 'proxy@x.test', 'wrong', from(1));
      expect((await login(proxied.url, 'proxy@x.test', 'wrong', from(1))).status).toBe(429);
      expect((await login(proxied.url, 'proxy@x.test', 'wrong', from(2))).status).toBe(expected);
    } finally {
      await proxied.close();
    }
  });
});
