import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call, DEMO } from '../support/http.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('POST /api/auth/login', () => {
  it('returns "<id>|<secret>" whose secret works as a bearer token', async () => {
    const r = await call(s, 'POST', '/api/auth/login', { body: { email: 'MANAGER@acme.test', password: DEMO.password } });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.token).toMatch(/^\d+\|[\w-]{30,}$/);
    expect(r.body.user).toMatchObject({ email: DEMO.acme, name: 'Alice Manager', type: 'client', termofuse: '1' });
    expect(r.body.user.password_hash).toBeUndefined();
    const me = await call(s, 'GET', '/api/user', { token: r.body.token.split('|')[1] });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: DEMO.acme, type: 'client', version_terms_use: '1' });
    expect(me.body.companies).toEqual([{ id: expect.any(Number), name: 'Acme Living', urlImage: null }]);
  });

  it('refuses a wrong password with the same message as an unknown email', async () => {
    const a = await call(s, 'POST', '/api/auth/login', { body: { email: DEMO.acme, password: 'nope' } });
    const b = await call(s, 'POST', '/api/auth/login', { body: { email: 'nobody@x.test', password: 'nope' } });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(a.body).toEqual({ success: false, message: 'Invalid email or password' });
    expect(b.body).toEqual(a.body);
  });

  it('answers 422 with field errors for missing fields', async () => {
    const r = await call(s, 'POST', '/api/auth/login', { body: { email: DEMO.acme } });
    expect(r.status).toBe(422);
    expect(r.body.success).toBe(false);
    expect(r.body.errors.password).toEqual(['The password field is required.']);
  });
});

describe('GET /api/user', () => {
  it('needs a token', async () => {
    expect((await call(s, 'GET', '/api/user')).status).toBe(401);
    expect((await call(s, 'GET', '/api/user', { token: 'forged' })).body).toEqual({
      success: false,
      message: 'Unauthenticated.',
    });
  });
  it('lists every company for staff and both for a multi-company user', async () => {
    const staff = await call(s, 'GET', '/api/user', { token: await s.tokenFor(DEMO.staff) });
    expect(staff.body.type).toBe('staff');
    expect(staff.body.companies.map((c: { name: string }) => c.name)).toEqual(['Acme Living', 'Borealis Home']);
    const multi = await call(s, 'GET', '/api/user', { token: await s.tokenFor(DEMO.multi) });
    expect(multi.body.companies).toHaveLength(2);
  });
});

describe('forgot and reset password, end to end through the mail folder', () => {
  it('mails a single-use link that sets a new password', async () => {
    const bad = await call(s, 'POST', '/api/auth/forgot-password', { query: { email: 'not-an-email' } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('Invalid email format');

    const r = await call(s, 'POST', '/api/auth/forgot-password', { query: { email: DEMO.borealis } });
    expect(r.body).toEqual({ success: true, message: 'An email was sent to you. Verify your email.' });
    const mails = readdirSync(s.config.mailDir);
    expect(mails).toHaveLength(1);
    const eml = readFileSync(join(s.config.mailDir, mails[0]!), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const link = /https?:\/\/\S+\/reset-password\?token=([\w-]+)&email=(\S+)/.exec(eml);
    expect(link).not.toBeNull();
    const [, token, email] = link!;

    const mismatch = await call(s, 'POST', '/api/auth/reset-password', {
      body: { password: 'short', token, email: decodeURIComponent(email!) },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password[0]).toMatch(/at least 8/);

    const ok = await call(s, 'POST', '/api/auth/reset-password', {
      body: { password: 'newpass99', token, email: decodeURIComponent(email!) },
    });
    expect(ok.body).toEqual({ success: true, message: 'Your new password has been registered.' });
    const again = await call(s, 'POST', '/api/auth/reset-password', {
      body: { password: 'another99', token, email: decodeURIComponent(email!) },
    });
    expect(again.status).toBe(422);
    const login = await call(s, 'POST', '/api/auth/login', { body: { email: DEMO.borealis, password: 'newpass99' } });
    expect(login.status).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = readdirSync(s.config.mailDir).length;
    const r = await call(s, 'POST', '/api/auth/forgot-password', { query: { email: 'ghost@nowhere.test' } });
    expect(r.status).toBe(200);
    expect(readdirSync(s.config.mailDir)).toHaveLength(before);
  });
});

describe('GET /user/have_access', () => {
  it('maps each slug to what the role holds', async () => {
    const acme = await call(s, 'GET', '/api/user', { token: await s.tokenFor(DEMO.viewer) });
    const id = acme.body.companies[0].id;
    const r = await call(s, 'GET', '/user/have_access', {
      token: await s.tokenFor(DEMO.viewer),
      query: { id_customer: id, slugs: 'dashboard-access,reader-info-access,editor-info-access,made-up' },
    });
    expect(r.body).toEqual({
      success: true,
      data: { 'dashboard-access': false, 'reader-info-access': true, 'editor-info-access': false, 'made-up': false },
    });
  });
  it('grants everything to staff in the provider context and refuses it to customers', async () => {
    const staff = await call(s, 'GET', '/user/have_access', {
      token: await s.tokenFor(DEMO.staff),
      query: { id_customer: -1, slugs: 'manage-roles' },
    });
    expect(staff.body.data).toEqual({ 'manage-roles': true });
    const client = await call(s, 'GET', '/user/have_access', {
      token: await s.tokenFor(DEMO.acme),
      query: { id_customer: -1, slugs: 'manage-roles' },
    });
    expect(client.status).toBe(403);
  });
});
