import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call, DEMO, form } from '../support/http.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const png = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#3d5a80' } })
    .png()
    .toBuffer();
const company = {
  name_company: 'northwind studio',
  country: 'portugal',
  street: 'rua a 1',
  city: 'lisbon',
  region: 'lisboa',
  zipcode: '1000-001',
  sector: 'furniture',
};

describe('company and manager registration, then login', () => {
  it('registers a company with its logo, its first manager, and signs the manager in', async () => {
    const c = await call(s, 'POST', '/company/register', {
      form: form(company, { profile_logo: { name: 'logo.png', bytes: await png() } }),
    });
    expect(c.status).toBe(200);
    expect(c.body).toEqual({ success: true, id_customer: expect.any(Number) });
    // The logo's name is random (issue 40), not the company's id.
    const logo = (await s.db.one<{ photo: string }>('SELECT photo FROM customers WHERE id = $1', [c.body.id_customer]))!.photo;
    expect(logo).toMatch(/^users\/customers\/[0-9a-f-]{36}\.png$/);
    expect(existsSync(join(s.config.storageDir, logo))).toBe(true);

    const manager = {
      id_customer: c.body.id_customer,
      name: 'nora',
      last_name: 'north',
      email: 'nora@northwind.test',
      office: 'ceo',
      password: 'secret123',
      password_confirmation: 'secret123',
    };
    const m = await call(s, 'POST', '/company/manager/register', { form: form(manager) });
    expect(m.body).toEqual({ success: true, message: 'Manager registered successfully.' });

    // A second manager without an account is refused: the company has one now.
    const again = await call(s, 'POST', '/company/manager/register', { form: form({ ...manager, email: 'eve@x.test' }) });
    expect(again.status).toBe(403);

    const login = await call(s, 'POST', '/api/auth/login', { body: { email: 'nora@northwind.test', password: 'secret123' } });
    const me = await call(s, 'GET', '/api/user', { token: login.body.token.split('|')[1] });
    expect(me.body.companies).toEqual([{ id: c.body.id_customer, name: 'northwind studio', urlImage: logo }]);
    const access = await call(s, 'GET', '/user/have_access', {
      token: login.body.token.split('|')[1],
      query: { id_customer: c.body.id_customer, slugs: 'manage-roles,dashboard-access' },
    });
    expect(access.body.data).toEqual({ 'manage-roles': true, 'dashboard-access': true });
  });

  it('refuses a manager for an established company (no account needed otherwise)', async () => {
    const acme = await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`);
    const r = await call(s, 'POST', '/company/manager/register', {
      form: form({
        id_customer: acme!.id,
        name: 'x',
        last_name: 'y',
        email: 'intruder@x.test',
        office: 'z',
        password: 'secret123',
        password_confirmation: 'secret123',
      }),
    });
    expect(r.status).toBe(403);
    expect(r.body.success).toBe(false);
    expect(JSON.stringify(r.body)).not.toContain('Acme');
  });

  it('validates the manager payload', async () => {
    const c = await call(s, 'POST', '/company/register', { form: form({ ...company, name_company: 'other co' }) });
    const base = {
      id_customer: c.body.id_customer,
      name: 'a',
      last_name: 'b',
      email: 'ab@x.test',
      office: 'c',
      password: 'secret123',
    };
    const mismatch = await call(s, 'POST', '/company/manager/register', {
      form: form({ ...base, password_confirmation: 'different1' }),
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password).toBeDefined();
    const taken = await call(s, 'POST', '/company/manager/register', {
      form: form({ ...base, email: DEMO.acme, password_confirmation: 'secret123' }),
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toEqual(['The email has already been taken.']);
  });
});

describe('POST /customer/register', () => {
  it('creates company, user and first product, and returns a working token', async () => {
    const r = await call(s, 'POST', '/customer/register', {
      body: { company: 'Solo Co', username: 'solo', email: 'Solo@Solo.test', password: 'secret123' },
    });
    expect(r.body).toEqual({ success: true, token: expect.stringMatching(/^\d+\|/), product_id: expect.any(Number) });
    const me = await call(s, 'GET', '/api/user', { token: r.body.token.split('|')[1] });
    expect(me.body.email).toBe('solo@solo.test');
  });
  it('answers two registrations of one address at the same moment with one account and one 422', async () => {
    const body = (company: string) => ({ company, username: 'twin', email: 'twin@race.test', password: 'secret123' });
    const answers = await Promise.all([
      call(s, 'POST', '/customer/register', { body: body('Twin A') }),
      call(s, 'POST', '/customer/register', { body: body('Twin B') }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(answers.find((r) => r.status === 422)!.body.errors.email).toEqual(['The email has already been taken.']);
    expect((await s.db.one<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email = 'twin@race.test'"))!.n).toBe(1);
  });
  it.each([
    [{ company: 'x', username: 'y', email: 'bad', password: 'secret123' }, 'email'],
    [{ company: 'x', username: 'y', email: 'a@b.test', password: 'short' }, 'password'],
    [{ company: '', username: 'y', email: 'a@b.test', password: 'secret123' }, 'company'],
    [{ username: 'y', email: 'a@b.test', password: 'secret123' }, 'company'],
    [{ company: 'x'.repeat(100_000), username: 'y', email: 'a@b.test', password: 'secret123' }, 'company'],
  ])('refuses %# with an error on %s', async (body, field) => {
    const r = await call(s, 'POST', '/customer/register', { body });
    expect(r.status).toBe(422);
    expect(r.body.errors[field]).toBeDefined();
  });
});

describe('company registration input', () => {
  it.each([
    ['a missing field', { ...company, city: undefined }],
    ['a 100 kB string', { ...company, street: 'x'.repeat(100_000) }],
  ])('refuses %s', async (_label, fields) => {
    const clean = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>;
    const r = await call(s, 'POST', '/company/register', { form: form(clean) });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(r.body.success).toBe(false);
  });
  it('refuses a logo whose bytes are not an image, and a traversal name never reaches the disk', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const r = await call(s, 'POST', '/company/register', {
      form: form(company, { profile_logo: { name: 'logo.png', bytes: pdf } }),
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.profile_logo[0]).toMatch(/does not match/);
    const ok = await call(s, 'POST', '/company/register', {
      form: form(company, { profile_logo: { name: '../../x.png', bytes: await png() } }),
    });
    expect(ok.status).toBe(200);
    expect(existsSync(join(s.config.dataDir, 'x.png'))).toBe(false);
    expect(existsSync(join(s.config.dataDir, '..', 'x.png'))).toBe(false);
  });
});

describe('terms', () => {
  it('reports the version and records only the current one', async () => {
    const token = await s.tokenFor(DEMO.viewer);
    expect((await call(s, 'GET', '/api/term-of-use/version', { token })).body).toEqual({ success: true, version: '1' });
    expect((await call(s, 'POST', '/user/terms/update', { token, body: { version: '7' } })).status).toBe(422);
    expect((await call(s, 'POST', '/user/terms/update', { token, body: { version: '1' } })).body).toEqual({ success: true });
    expect((await call(s, 'POST', '/user/terms/update', { body: { version: '1' } })).status).toBe(401);
  });
});

describe('terms accepted while registering', () => {
  const versionOf = async (email: string) =>
    (await s.db.one<{ v: string }>('SELECT version_terms_use AS v FROM users WHERE email = $1', [email]))!.v;
  const current = async () =>
    (await s.db.one<{ value: string }>("SELECT value FROM settings WHERE key = 'terms_version'"))!.value;

  it("records the current terms version with the wizard's manager, so the popup does not ask again", async () => {
    await s.db.query("UPDATE settings SET value = '3' WHERE key = 'terms_version'");
    try {
      const ids = [];
      for (const name of ['terms co', 'no terms co'])
        ids.push(
          (await call(s, 'POST', '/company/register', { form: form({ ...company, name_company: name }) })).body.id_customer,
        );
      const manager = {
        name: 'tess',
        last_name: 'terms',
        office: 'ceo',
        password: 'secret123',
        password_confirmation: 'secret123',
      };
      const ticked = await call(s, 'POST', '/company/manager/register', {
        form: form({ ...manager, id_customer: ids[0], email: 'tess@terms.test', terms_accepted: 1 }),
      });
      expect(ticked.status, JSON.stringify(ticked.body)).toBe(200);
      const unticked = await call(s, 'POST', '/company/manager/register', {
        form: form({ ...manager, id_customer: ids[1], email: 'ned@terms.test' }),
      });
      expect(unticked.status).toBe(200);
      expect(await versionOf('tess@terms.test')).toBe('3');
      expect(await versionOf('ned@terms.test')).toBe('0');
      // What the terms gate compares: the user's version and the server's.
      const login = await call(s, 'POST', '/api/auth/login', { body: { email: 'tess@terms.test', password: 'secret123' } });
      const token = login.body.token.split('|')[1];
      expect(login.body.user.termofuse).toBe('3');
      expect((await call(s, 'GET', '/api/user', { token })).body.version_terms_use).toBe(
        (await call(s, 'GET', '/api/term-of-use/version', { token })).body.version,
      );
    } finally {
      await s.db.query("UPDATE settings SET value = '1' WHERE key = 'terms_version'");
    }
  });

  it('records it with a self-registration, and refuses a value that is not 0 or 1', async () => {
    const body = { company: 'Terms Solo', username: 'tia', email: 'tia@terms.test', password: 'secret123' };
    const r = await call(s, 'POST', '/customer/register', { body: { ...body, terms_accepted: 1 } });
    expect(r.status).toBe(200);
    expect(await versionOf('tia@terms.test')).toBe(await current());
    const me = await call(s, 'GET', '/api/user', { token: r.body.token.split('|')[1] });
    expect(me.body.version_terms_use).toBe(await current());
    const bad = await call(s, 'POST', '/customer/register', { body: { ...body, email: 'tib@terms.test', terms_accepted: 2 } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.terms_accepted).toBeDefined();
  });
});

describe('tenancy of have_access', () => {
  it('refuses a company the user does not belong to, revealing nothing', async () => {
    const borealis = await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Borealis Home'`);
    const r = await call(s, 'GET', '/user/have_access', {
      token: await s.tokenFor(DEMO.acme),
      query: { id_customer: borealis!.id, slugs: 'dashboard-access' },
    });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ success: false, message: 'You do not belong to this company.' });
  });
});

describe('rate limits', () => {
  it('answers 429 in the error shape after too many logins', async () => {
    const limited = await startTestServer({ authRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++)
        codes.push((await call(limited, 'POST', '/api/auth/login', { body: { email: DEMO.acme, password: 'wrong' } })).status);
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      const last = await call(limited, 'POST', '/api/auth/login', { body: { email: DEMO.acme, password: 'wrong' } });
      expect(last.body).toEqual({
        success: false,
        message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/),
      });
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
      const r = await call(limited, 'POST', '/api/auth/forgot-password', { query: { email: DEMO.acme } });
      expect(r.status).toBe(200); // each route counts on its own
    } finally {
      await limited.close();
    }
  });
});
