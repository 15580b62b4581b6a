// DELETE user/delete: the acting user's password, checked and counted like login; a wrong one changes
// nothing. The account closes with its last company; its name stays readable in history ("Removed
// user"); its pending invitations are cancelled; the address may be invited again as a new account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountKey, THROTTLE } from '../../server/auth/throttle.ts';
import { WRONG_PASSWORD } from '../../server/domain/users-password.ts';
import { CANCELLED } from '../../server/domain/users-invitations.ts';
import { call } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  auditRows,
  expectStatus,
  inviteLink,
  makeCompany,
  makeMember,
  membership,
  PASSWORD,
  tokensOf,
  world,
  type World,
} from './users.fixtures.ts';

let s: TestServer;
let w: World;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
});
afterAll(async () => {
  await s.close();
});

const del = (token: string, id_user: number, id_customer: number, password: string) =>
  call(s, 'DELETE', '/user/delete', { token, body: { id_user, id_customer, password } });

describe('the password', () => {
  it('a wrong one answers 422 on the password field and changes nothing', async () => {
    const p = await makeMember(s, w.acme, w.viewerRole);
    const audit = (await auditRows(s, w.acme)).length;
    const r = await del(w.tok.acme, p.id, w.acme, 'not-my-password');
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ success: false, message: WRONG_PASSWORD, errors: { password: [WRONG_PASSWORD] } });
    expect(await membership(s, p.id, w.acme)).toBeTruthy();
    expect(await tokensOf(s, p.id)).toBe(1);
    expect((await auditRows(s, w.acme)).length).toBe(audit);
    expect((await call(s, 'GET', '/api/user', { token: p.token })).status).toBe(200);
  });

  it(`is counted with sign-in failures: after ${THROTTLE.freeFailures} wrong ones even the right one waits (429)`, async () => {
    const c = await makeCompany(s);
    const p = await makeMember(s, c.id, c.fullRole);
    for (let i = 0; i < THROTTLE.freeFailures; i++)
      expect((await del(c.manager.token, p.id, c.id, `guess-${i}`)).status).toBe(422);
    const blocked = await del(c.manager.token, p.id, c.id, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many failed sign-in attempts for this account\. Try again in \d+ seconds\.$/);
    // The same account's sign-in waits too: one count per account, whichever form asked.
    expect((await call(s, 'POST', '/api/auth/login', { body: { email: c.manager.email, password: PASSWORD } })).status).toBe(429);
    expect(await membership(s, p.id, c.id)).toBeTruthy();
    // Once the wait is over (by the database's clock, as the server checks it), the right password works and clears the count.
    const account = accountKey(c.manager.email);
    await expect
      .poll(
        async () =>
          (
            await s.db.one<{ over: boolean }>('SELECT next_allowed_at <= now() AS over FROM login_throttle WHERE account = $1', [
              account,
            ])
          )?.over,
        { timeout: 30_000, interval: 20 },
      )
      .toBe(true);
    await expectStatus(s, 200, 'DELETE', '/user/delete', {
      token: c.manager.token,
      body: { id_user: p.id, id_customer: c.id, password: PASSWORD },
    });
    expect(
      (await s.db.one<{ failures: number }>('SELECT failures FROM login_throttle WHERE account = $1', [account]))!.failures,
    ).toBe(0);
  });

  it('is asked only after the refusals that need none (unknown user, yourself)', async () => {
    const account = accountKey(
      (await s.db.one<{ email: string }>('SELECT email FROM users WHERE id = $1', [w.user.acme]))!.email,
    );
    const failures = async () =>
      (await s.db.one<{ failures: number }>('SELECT failures FROM login_throttle WHERE account = $1', [account]))?.failures ?? 0;
    const before = await failures();
    await expectStatus(s, 404, 'DELETE', '/user/delete', {
      token: w.tok.acme,
      body: { id_user: 999999, id_customer: w.acme, password: 'x' },
    });
    await expectStatus(s, 403, 'DELETE', '/user/delete', {
      token: w.tok.acme,
      body: { id_user: w.user.acme, id_customer: w.acme, password: 'x' },
    });
    expect(await failures()).toBe(before);
  });
});

describe('the account', () => {
  it('closes with its last company: no sign-in, no token, name kept for history as a removed user', async () => {
    const p = await makeMember(s, w.acme, w.viewerRole, 'Rita Removed');
    await s.db.query(
      `INSERT INTO bug_reports (user_id, customer_id, subject, description) VALUES ($1, $2, 'Old report', 'Kept')`,
      [p.id, w.acme],
    );
    await expectStatus(s, 200, 'DELETE', '/user/delete', {
      token: w.tok.acme,
      body: { id_user: p.id, id_customer: w.acme, password: PASSWORD },
    });
    expect((await call(s, 'GET', '/api/user', { token: p.token })).status).toBe(401);
    expect((await call(s, 'POST', '/api/auth/login', { body: { email: p.email, password: PASSWORD } })).status).toBe(401);
    const row = await s.db.one<{ name: string; email: string; password_hash: string; deleted_at: Date | null }>(
      'SELECT name, email, password_hash, deleted_at FROM users WHERE id = $1',
      [p.id],
    );
    expect(row).toMatchObject({ name: 'Rita Removed', email: `removed-${p.id}@removed.invalid`, password_hash: '' });
    expect(row!.deleted_at).toBeInstanceOf(Date);
    // History still names her.
    expect(
      (await s.db.one<{ name: string }>(
        'SELECT u.name FROM bug_reports b JOIN users u ON u.id = b.user_id WHERE b.user_id = $1',
        [p.id],
      ))!.name,
    ).toBe('Rita Removed');
    const log = await expectStatus(s, 200, 'GET', '/user/audit', { token: w.tok.acme, query: { id_customer: w.acme } });
    expect(log.body.data[0]).toMatchObject({
      action: 'user.delete',
      target: { type: 'user', id: p.id, name: 'Rita Removed', removed: true },
    });
    expect(log.body.data[0].before).toMatchObject({ email: p.email, status: 'active', role: { id: w.viewerRole } });
    // Gone from the list; the address is free for a new invitation.
    const list = await call(s, 'GET', '/users/company', { token: w.tok.acme, query: { id_customer: w.acme } });
    expect(list.body.users.some((u: { id: number }) => u.id === p.id)).toBe(false);
    const again = await expectStatus(s, 200, 'POST', '/user/inside', {
      token: w.tok.acme,
      body: { id_customer: w.acme, name: 'Rita Again', email: p.email, id_role: w.viewerRole },
    });
    expect(again.body.id).not.toBe(p.id);
  });

  it('cancels the pending invitation of an invited person: their link then says so', async () => {
    const inv = await expectStatus(s, 200, 'POST', '/user/inside', {
      token: w.tok.acme,
      body: { id_customer: w.acme, name: 'Ian', email: 'ian@new.test', id_role: w.viewerRole },
    });
    const link = inviteLink(s, 'ian@new.test');
    await expectStatus(s, 200, 'DELETE', '/user/delete', {
      token: w.tok.acme,
      body: { id_user: inv.body.id, id_customer: w.acme, password: PASSWORD },
    });
    const r = await expectStatus(s, 410, 'POST', '/user/invitation/accept', { body: { ...link, password: 'longenough1' } });
    expect(r.body.message).toBe(CANCELLED);
  });

  it('stays open while another company has them: only this membership goes', async () => {
    const c = await makeCompany(s);
    const p = await makeMember(s, w.acme, w.viewerRole, 'Two Homes');
    await s.db.query('INSERT INTO memberships (user_id, customer_id, role_id) VALUES ($1, $2, $3)', [p.id, c.id, c.fullRole]);
    const r = await expectStatus(s, 200, 'DELETE', '/user/delete', {
      token: w.tok.acme,
      body: { id_user: p.id, id_customer: w.acme, password: PASSWORD },
    });
    expect(r.body.message).toBe('The user was removed from this company.');
    expect(await membership(s, p.id, w.acme)).toBeUndefined();
    expect(await membership(s, p.id, c.id)).toBeTruthy();
    const signIn = await expectStatus(s, 200, 'POST', '/api/auth/login', { body: { email: p.email, password: PASSWORD } });
    expect(signIn.body.user.name).toBe('Two Homes');
  });
});
