// Invitations (POST user/inside and the link's life): mailed set-password link, random and stored
// only as a hash, single use, 7 days; resend voids the old link; revoke cancels; accepting sets the
// password and signs in; an expired or used link answers a clear message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../server/auth/passwords.ts';
import { CANCELLED, EXPIRED, INVALID, REPLACED, USED } from '../../server/domain/users-invitations.ts';
import { call } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectStatus, inviteLink, mailsTo, membership, PASSWORD, world, type World } from './users.fixtures.ts';

let s: TestServer;
let w: World;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
});
afterAll(async () => {
  await s.close();
});

const invite = (email: string, role = w.viewerRole, token = w.tok.acme) =>
  expectStatus(s, 200, 'POST', '/user/inside', { token, body: { id_customer: w.acme, name: 'Guest', email, id_role: role } });
const accept = (link: { token: string; email: string }, password = 'chosen-pass1') =>
  call(s, 'POST', '/user/invitation/accept', { body: { ...link, password } });

describe('a new address', () => {
  it('gets an invited account and a mail; accepting sets the password and signs in with the role', async () => {
    const r = await invite('  New.Person@Example.test ');
    const id = r.body.id;
    expect(await membership(s, id, w.acme)).toEqual({ enabled: false, invited: true, role_id: w.viewerRole });
    const mail = mailsTo(s, 'new.person@example.test').at(-1)!;
    expect(mail).toMatch(/^Subject: Alice Manager invited you to Acme Living on Facet/m);
    expect(mail).toContain('valid for 7 days, once');
    const link = inviteLink(s, 'new.person@example.test');
    expect(link.email).toBe('new.person@example.test');
    expect(mail).toContain(`${s.config.publicUrl}/accept-invite?token=`);

    // Only the hash is stored.
    const stored = await s.db.query<{ token_hash: string }>('SELECT token_hash FROM invitations WHERE user_id = $1', [id]);
    expect(stored).toEqual([{ token_hash: sha256(link.token) }]);

    // Before accepting: no sign-in, no reset mail.
    expect((await call(s, 'POST', '/api/auth/login', { body: { email: link.email, password: 'x'.repeat(8) } })).status).toBe(401);
    const mails = mailsTo(s, link.email).length;
    await expectStatus(s, 200, 'POST', '/api/auth/forgot-password', { query: { email: link.email } });
    expect(mailsTo(s, link.email)).toHaveLength(mails);

    const show = await expectStatus(s, 200, 'GET', '/user/invitation', { query: link });
    expect(show.body.invitation).toMatchObject({ email: link.email, name: 'Guest', company: 'Acme Living', has_account: false });

    expect((await accept(link, 'short')).status).toBe(422); // the reset form's rule; the link stays usable
    const ok = await accept(link);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({
      success: true,
      message: 'Welcome to Acme Living.',
      id_customer: w.acme,
      user: { id, email: link.email, type: 'client' },
    });
    expect(ok.body.token).toMatch(/^\d+\|[\w-]{30,}$/);
    const token = ok.body.token.split('|')[1];
    const access = await call(s, 'GET', '/user/have_access', {
      token,
      query: { id_customer: w.acme, slugs: 'reader-info-access,editor-info-access' },
    });
    expect(access.body.data).toEqual({ 'reader-info-access': true, 'editor-info-access': false });
    expect(await membership(s, id, w.acme)).toEqual({ enabled: true, invited: false, role_id: w.viewerRole });
    expect((await call(s, 'POST', '/api/auth/login', { body: { email: link.email, password: 'chosen-pass1' } })).status).toBe(
      200,
    );

    // Single use.
    const again = await accept(link, 'another-pass2');
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(USED);
    expect((await call(s, 'GET', '/user/invitation', { query: link })).body.message).toBe(USED);
  });

  it('expires after 7 days with a clear message', async () => {
    await invite('late@example.test');
    const link = inviteLink(s, 'late@example.test');
    const row = await s.db.one<{ days: number }>(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days FROM invitations WHERE token_hash = $1`,
      [sha256(link.token)],
    );
    expect(row!.days).toBe(7);
    await s.db.query(`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      sha256(link.token),
    ]);
    const r = await accept(link);
    expect(r.status).toBe(410);
    expect(r.body.message).toBe(EXPIRED);
    const list = await call(s, 'GET', '/users/company', { token: w.tok.acme, query: { id_customer: w.acme } });
    expect(list.body.users.find((u: { email: string }) => u.email === 'late@example.test').invitation.expired).toBe(true);
  });

  it('resend mails a new link and voids the old one (an expired invitation too)', async () => {
    const { body } = await invite('twice@example.test');
    const first = inviteLink(s, 'twice@example.test');
    await s.db.query(`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      sha256(first.token),
    ]);
    await expectStatus(s, 200, 'POST', '/user/invitation/resend', {
      token: w.tok.acme,
      body: { id_user: body.id, id_customer: w.acme },
    });
    const second = inviteLink(s, 'twice@example.test');
    expect(second.token).not.toBe(first.token);
    expect((await accept(first)).body.message).toBe(REPLACED);
    expect((await accept(second)).status).toBe(200);
    // Nothing left to resend once accepted.
    const r = await expectStatus(s, 422, 'POST', '/user/invitation/resend', {
      token: w.tok.acme,
      body: { id_user: body.id, id_customer: w.acme },
    });
    expect(r.body.message).toBe('This person has no pending invitation.');
  });

  it('revoke cancels: the link says so and the person leaves the list', async () => {
    const { body } = await invite('nope@example.test');
    const link = inviteLink(s, 'nope@example.test');
    await expectStatus(s, 200, 'DELETE', '/user/invitation/revoke', {
      token: w.tok.acme,
      query: { id_user: body.id, id_customer: w.acme },
    });
    expect((await accept(link)).body).toMatchObject({ success: false, message: CANCELLED });
    expect(await membership(s, body.id, w.acme)).toBeUndefined();
    await expectStatus(s, 404, 'DELETE', '/user/invitation/revoke', {
      token: w.tok.acme,
      query: { id_user: body.id, id_customer: w.acme },
    });
    // The address may be invited again.
    await invite('nope@example.test');
    expect((await accept(inviteLink(s, 'nope@example.test'))).status).toBe(200);
  });

  it('two clicks at once: one signs in, the other is told the link was used', async () => {
    await invite('racer@example.test');
    const link = inviteLink(s, 'racer@example.test');
    const [a, b] = await Promise.all([accept(link), accept(link)]);
    expect([a.status, b.status].sort()).toEqual([200, 410]);
  });

  it('a wrong token or a mismatched address is not valid', async () => {
    await invite('mine@example.test');
    const link = inviteLink(s, 'mine@example.test');
    expect((await accept({ token: 'x'.repeat(40), email: link.email })).body.message).toBe(INVALID);
    expect((await accept({ token: link.token, email: 'someone@else.test' })).body.message).toBe(INVALID);
  });
});

describe('an existing account', () => {
  it('joins by confirming its own password, which the link never changes', async () => {
    const r = await invite('manager@borealis.test');
    expect(r.body.id).toBe(w.user.borealis);
    // Until Bella accepts, Acme sees only what it typed: not her name, phone, photo or other companies.
    const row = async () =>
      (await call(s, 'GET', '/users/company', { token: w.tok.acme, query: { id_customer: w.acme } })).body.users.find(
        (u: { id: number }) => u.id === w.user.borealis,
      );
    expect(await row()).toMatchObject({
      name: 'Guest',
      phone: null,
      photo: null,
      urlImage: null,
      sameCompany: [],
      last_sign_in: null,
      status: 'invited',
    });
    const log = await call(s, 'GET', '/user/audit', { token: w.tok.acme, query: { id_customer: w.acme, per_page: 1 } });
    expect(log.body.data[0]).toMatchObject({ action: 'user.invite', target: { name: 'Guest' } });
    expect(JSON.stringify(log.body.data[0])).not.toContain('Bella');
    expect(mailsTo(s, 'manager@borealis.test').at(-1)).toContain('confirm with your Facet password');
    const link = inviteLink(s, 'manager@borealis.test');
    expect((await call(s, 'GET', '/user/invitation', { query: link })).body.invitation).toMatchObject({
      has_account: true,
      name: 'Bella Manager',
    });
    const wrong = await accept(link, 'an-attempt-1');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password).toEqual(['The password is incorrect.']);
    expect((await accept(link, PASSWORD)).status).toBe(200);
    expect(await membership(s, w.user.borealis, w.acme)).toEqual({ enabled: true, invited: false, role_id: w.viewerRole });
    expect(await row()).toMatchObject({ name: 'Bella Manager', status: 'active', photo: expect.any(String) });
    const me = await call(s, 'GET', '/api/user', {
      token: (
        await call(s, 'POST', '/api/auth/login', { body: { email: 'manager@borealis.test', password: PASSWORD } })
      ).body.token.split('|')[1],
    });
    expect(me.body.companies.map((c: { name: string }) => c.name)).toEqual(['Acme Living', 'Borealis Home']);
  });

  it('already a member, already invited, or staff: refused with a message', async () => {
    const member = await expectStatus(s, 422, 'POST', '/user/inside', {
      token: w.tok.acme,
      body: { id_customer: w.acme, name: 'V', email: 'viewer@acme.test', id_role: w.viewerRole },
    });
    expect(member.body.message).toBe('This person is already a member of this company.');
    await invite('pending@example.test');
    const pending = await expectStatus(s, 422, 'POST', '/user/inside', {
      token: w.tok.acme,
      body: { id_customer: w.acme, name: 'P', email: 'pending@example.test', id_role: w.viewerRole },
    });
    expect(pending.body.message).toBe('This person already has a pending invitation: use Resend.');
    const staff = await expectStatus(s, 422, 'POST', '/user/inside', {
      token: w.tok.acme,
      body: { id_customer: w.acme, name: 'S', email: 'staff@facet.test', id_role: w.viewerRole },
    });
    expect(staff.body.message).toBe('This person is provider staff and already has access to every company.');
  });
});
