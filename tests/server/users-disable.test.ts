// Disabling ends every token of the user at once (the next call answers 401), and a disabled user
// can neither sign in nor reset a password. Disable is per company membership: someone disabled in
// every company of theirs is a disabled user; a member of several keeps the others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/tokens.ts';
import { call } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectStatus, mailsTo, makeMember, PASSWORD, tokensOf, world, type World } from './users.fixtures.ts';

let s: TestServer;
let w: World;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
});
afterAll(async () => {
  await s.close();
});

const DISABLED = "Your account is disabled. Ask your company's manager to enable it.";
const login = (email: string, password = PASSWORD) => call(s, 'POST', '/api/auth/login', { body: { email, password } });
const me = (token: string) => call(s, 'GET', '/api/user', { token });

describe('disable', () => {
  it("ends every session at once: the old token's very next call answers 401", async () => {
    const p = await makeMember(s, w.acme, w.viewerRole, 'Dana Disabled');
    const second = (await login(p.email)).body.token.split('|')[1];
    expect((await me(p.token)).status).toBe(200);
    expect(await tokensOf(s, p.id)).toBe(2);

    await expectStatus(s, 200, 'PUT', '/user/deactivate', { token: w.tok.acme, body: { id_user: p.id, id_customer: w.acme } });
    const next = await me(p.token);
    expect(next.status).toBe(401);
    expect(next.body).toEqual({ success: false, message: 'Unauthenticated.' });
    expect((await me(second)).status).toBe(401);
    expect(await tokensOf(s, p.id)).toBe(0);
  });

  it('refuses sign-in (after the right password only) and enabling restores it', async () => {
    const p = await makeMember(s, w.acme, w.viewerRole);
    await expectStatus(s, 200, 'PUT', '/user/deactivate', { token: w.tok.acme, body: { id_user: p.id, id_customer: w.acme } });
    const r = await login(p.email);
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(DISABLED);
    // A wrong password says nothing about the account's state.
    expect((await login(p.email, 'wrong-one')).body.message).toBe('Invalid email or password');
    await expectStatus(s, 200, 'PUT', '/user/activate', { token: w.tok.acme, body: { id_user: p.id, id_customer: w.acme } });
    expect((await login(p.email)).status).toBe(200);
  });

  it('refuses a password reset: no mail, and a link sent before the disable stops working', async () => {
    const p = await makeMember(s, w.acme, w.viewerRole);
    await expectStatus(s, 200, 'POST', '/api/auth/forgot-password', { query: { email: p.email } });
    const link = /reset-password\?token=([\w-]+)/.exec(mailsTo(s, p.email).at(-1)!)![1]!;
    await expectStatus(s, 200, 'PUT', '/user/deactivate', { token: w.tok.acme, body: { id_user: p.id, id_customer: w.acme } });

    const sent = mailsTo(s, p.email).length;
    const forgot = await expectStatus(s, 200, 'POST', '/api/auth/forgot-password', { query: { email: p.email } });
    expect(forgot.body.message).toBe('An email was sent to you. Verify your email.'); // same answer, reveals nothing
    expect(mailsTo(s, p.email)).toHaveLength(sent);
    const reset = await expectStatus(s, 422, 'POST', '/api/auth/reset-password', {
      body: { token: link, email: p.email, password: 'brandnew99' },
    });
    expect(reset.body.message).toBe('This password reset link is invalid or has expired.');
    expect((await login(p.email, 'brandnew99')).status).toBe(401);
  });

  it('refuses a token issued after the disable (a sign-in racing it), on every request', async () => {
    const p = await makeMember(s, w.acme, w.viewerRole);
    await expectStatus(s, 200, 'PUT', '/user/deactivate', { token: w.tok.acme, body: { id_user: p.id, id_customer: w.acme } });
    const late = (await issueToken(s.db, p.id)).split('|')[1]!;
    expect((await me(late)).status).toBe(401);
  });

  it('is per company: a member of two companies signs in again and sees only the other', async () => {
    const multi = w.tok.multi;
    await expectStatus(s, 200, 'PUT', '/user/deactivate', {
      token: w.tok.acme,
      body: { id_user: w.user.multi, id_customer: w.acme },
    });
    expect((await me(multi)).status).toBe(401);
    const again = await login('multi@facet.test');
    expect(again.status).toBe(200);
    const token = again.body.token.split('|')[1];
    expect((await me(token)).body.companies.map((c: { name: string }) => c.name)).toEqual(['Borealis Home']);
    await expectStatus(s, 403, 'GET', '/gets/product/show', { token, query: { id_customer: w.acme } });
    await expectStatus(s, 200, 'GET', '/gets/product/show', { token, query: { id_customer: w.borealis } });
    // Disabled in Borealis as well: now a disabled user.
    await expectStatus(s, 200, 'PUT', '/user/deactivate', {
      token: w.tok.borealis,
      body: { id_user: w.user.multi, id_customer: w.borealis },
    });
    expect((await me(token)).status).toBe(401);
    expect((await login('multi@facet.test')).body.message).toBe(DISABLED);
  });

  it('is idempotent, and refuses an invited person (resend or revoke instead)', async () => {
    const p = await makeMember(s, w.acme, w.viewerRole);
    await expectStatus(s, 200, 'PUT', '/user/deactivate', { token: w.tok.acme, body: { id_user: p.id, id_customer: w.acme } });
    await expectStatus(s, 200, 'PUT', '/user/deactivate', { token: w.tok.acme, body: { id_user: p.id, id_customer: w.acme } });
    const rows = await s.db.query(`SELECT 1 FROM audit_log WHERE action = 'user.disable' AND target_id = $1`, [p.id]);
    expect(rows).toHaveLength(1);
    const inv = await expectStatus(s, 200, 'POST', '/user/inside', {
      token: w.tok.acme,
      body: { id_customer: w.acme, name: 'Ina', email: 'ina@new.test', id_role: w.viewerRole },
    });
    const r = await expectStatus(s, 422, 'PUT', '/user/deactivate', {
      token: w.tok.acme,
      body: { id_user: inv.body.id, id_customer: w.acme },
    });
    expect(r.body.message).toBe('This person has not accepted the invitation yet: resend or revoke it instead.');
  });
});
