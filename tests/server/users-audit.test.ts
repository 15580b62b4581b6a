// The audit log: an append-only row of who did what to whom, with before and after, for invites,
// role changes, permission edits, disable, enable and delete; managers read their company's, newest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { auditRows, expectStatus, inviteLink, makeMember, makeRole, PASSWORD, world, type World } from './users.fixtures.ts';

let s: TestServer;
let w: World;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
});
afterAll(async () => {
  await s.close();
});

describe('each action writes one row with its before and after', () => {
  it('role create, rename, permissions, assignment, disable, enable, invite, resend, accept, revoke, delete, role delete', async () => {
    const T = w.tok.acme;
    const role = (
      await expectStatus(s, 200, 'POST', '/customer/role/create', { token: T, body: { id_customer: w.acme, name: 'Auditors' } })
    ).body.id;
    await expectStatus(s, 200, 'PUT', '/customer/role/edit_name', {
      token: T,
      body: { id_role: role, id_customer: w.acme, name: 'Auditors 2' },
    });
    await expectStatus(s, 200, 'PUT', '/customer/role/edit_permissions', {
      token: T,
      body: { id_role: role, id_customer: w.acme, permissions: { 'reader-info-access': true, 'dashboard-access': true } },
    });
    await expectStatus(s, 200, 'PUT', '/customer/role/edit_permissions', {
      token: T,
      body: { id_role: role, id_customer: w.acme, permissions: { 'dashboard-access': false } },
    });
    const p = await makeMember(s, w.acme, w.viewerRole, 'Paula Person');
    await expectStatus(s, 200, 'PUT', '/user/role', { token: T, body: { id_role: role, id_customer: w.acme, id_user: p.id } });
    await expectStatus(s, 200, 'PUT', '/user/deactivate', { token: T, body: { id_user: p.id, id_customer: w.acme } });
    await expectStatus(s, 200, 'PUT', '/user/activate', { token: T, body: { id_user: p.id, id_customer: w.acme } });
    const inv = (
      await expectStatus(s, 200, 'POST', '/user/inside', {
        token: T,
        body: { id_customer: w.acme, name: 'Ava', email: 'ava@new.test', id_role: role },
      })
    ).body.id;
    await expectStatus(s, 200, 'POST', '/user/invitation/resend', { token: T, body: { id_user: inv, id_customer: w.acme } });
    await expectStatus(s, 200, 'POST', '/user/invitation/accept', {
      body: { ...inviteLink(s, 'ava@new.test'), password: 'ava-password' },
    });
    const inv2 = (
      await expectStatus(s, 200, 'POST', '/user/inside', {
        token: T,
        body: { id_customer: w.acme, name: 'Bo', email: 'bo@new.test', id_role: role },
      })
    ).body.id;
    await expectStatus(s, 200, 'DELETE', '/user/invitation/revoke', { token: T, query: { id_user: inv2, id_customer: w.acme } });
    for (const id of [p.id, inv]) {
      await expectStatus(s, 200, 'DELETE', '/user/delete', {
        token: T,
        body: { id_user: id, id_customer: w.acme, password: PASSWORD },
      });
    }
    await expectStatus(s, 200, 'DELETE', '/customer/role/delete', { token: T, query: { id_customer: w.acme, id_role: role } });

    const rows = await auditRows(s, w.acme);
    const A = w.user.acme;
    expect(rows).toEqual([
      {
        action: 'role.create',
        actor_id: A,
        target_type: 'role',
        target_id: role,
        target_name: 'Auditors',
        before: null,
        after: { name: 'Auditors', permissions: [] },
      },
      {
        action: 'role.rename',
        actor_id: A,
        target_type: 'role',
        target_id: role,
        target_name: 'Auditors 2',
        before: { name: 'Auditors' },
        after: { name: 'Auditors 2' },
      },
      {
        action: 'role.permissions',
        actor_id: A,
        target_type: 'role',
        target_id: role,
        target_name: 'Auditors 2',
        before: { permissions: [] },
        after: {
          permissions: ['dashboard-access', 'reader-info-access'],
          granted: ['dashboard-access', 'reader-info-access'],
          revoked: [],
        },
      },
      {
        action: 'role.permissions',
        actor_id: A,
        target_type: 'role',
        target_id: role,
        target_name: 'Auditors 2',
        before: { permissions: ['dashboard-access', 'reader-info-access'] },
        after: { permissions: ['reader-info-access'], granted: [], revoked: ['dashboard-access'] },
      },
      {
        action: 'user.role',
        actor_id: A,
        target_type: 'user',
        target_id: p.id,
        target_name: 'Paula Person',
        before: { role: { id: w.viewerRole, name: 'Viewer' } },
        after: { role: { id: role, name: 'Auditors 2' } },
      },
      {
        action: 'user.disable',
        actor_id: A,
        target_type: 'user',
        target_id: p.id,
        target_name: 'Paula Person',
        before: { status: 'active' },
        after: { status: 'disabled' },
      },
      {
        action: 'user.enable',
        actor_id: A,
        target_type: 'user',
        target_id: p.id,
        target_name: 'Paula Person',
        before: { status: 'disabled' },
        after: { status: 'active' },
      },
      expect.objectContaining({
        action: 'user.invite',
        actor_id: A,
        target_id: inv,
        target_name: 'Ava',
        after: expect.objectContaining({ email: 'ava@new.test', role: { id: role, name: 'Auditors 2' }, status: 'invited' }),
      }),
      expect.objectContaining({ action: 'invitation.resend', actor_id: A, target_id: inv }),
      {
        action: 'invitation.accept',
        actor_id: inv,
        target_type: 'user',
        target_id: inv,
        target_name: 'Ava',
        before: { status: 'invited' },
        after: { status: 'active' },
      },
      expect.objectContaining({ action: 'user.invite', target_id: inv2, target_name: 'Bo' }),
      {
        action: 'invitation.revoke',
        actor_id: A,
        target_type: 'user',
        target_id: inv2,
        target_name: 'Bo',
        before: { email: 'bo@new.test', status: 'invited', role: { id: role, name: 'Auditors 2' } },
        after: null,
      },
      expect.objectContaining({
        action: 'user.delete',
        target_id: p.id,
        target_name: 'Paula Person',
        after: { account_closed: true },
      }),
      expect.objectContaining({ action: 'user.delete', target_id: inv, target_name: 'Ava' }),
      {
        action: 'role.delete',
        actor_id: A,
        target_type: 'role',
        target_id: role,
        target_name: 'Auditors 2',
        before: { name: 'Auditors 2', permissions: ['reader-info-access'] },
        after: null,
      },
    ]);
  });

  it('a refused change writes nothing', async () => {
    const before = (await auditRows(s, w.acme)).length;
    await expectStatus(s, 422, 'DELETE', '/customer/role/delete', {
      token: w.tok.acme,
      query: { id_customer: w.acme, id_role: w.viewerRole },
    });
    await expectStatus(s, 403, 'PUT', '/user/role', {
      token: w.tok.acme,
      body: { id_role: w.viewerRole, id_customer: w.acme, id_user: w.user.acme },
    });
    await expectStatus(s, 422, 'DELETE', '/user/delete', {
      token: w.tok.acme,
      body: { id_user: w.user.viewer, id_customer: w.acme, password: 'wrong-password' },
    });
    expect((await auditRows(s, w.acme)).length).toBe(before);
  });
});

describe('the log', () => {
  it('cannot be changed or emptied, even by the database user the server runs as', async () => {
    await expect(s.db.query(`UPDATE audit_log SET actor_name = 'someone else'`)).rejects.toThrow(/append-only/);
    await expect(s.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(s.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    expect((await auditRows(s, w.acme)).length).toBeGreaterThan(10);
  });

  it('pages newest first; a removed person keeps their name, flagged removed', async () => {
    const p1 = await call(s, 'GET', '/user/audit', { token: w.tok.acme, query: { id_customer: w.acme, per_page: 5, page: 1 } });
    const p2 = await call(s, 'GET', '/user/audit', { token: w.tok.acme, query: { id_customer: w.acme, per_page: 5, page: 2 } });
    expect(p1.body.data).toHaveLength(5);
    const ids = [...p1.body.data, ...p2.body.data].map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    expect(p1.body.data[0]).toMatchObject({ action: 'role.delete', target: { type: 'role', name: 'Auditors 2', removed: true } });
    const all = (await call(s, 'GET', '/user/audit', { token: w.tok.acme, query: { id_customer: w.acme, per_page: 100 } })).body
      .data;
    const paula = all.filter((e: { target: { name: string } }) => e.target.name === 'Paula Person');
    expect(paula.length).toBeGreaterThan(3);
    expect(paula.every((e: { target: { removed: boolean } }) => e.target.removed)).toBe(true);
    const ava = all.find((e: { action: string }) => e.action === 'invitation.accept');
    expect(ava.actor).toEqual({ id: ava.target.id, name: 'Ava', removed: true });
  });

  it('is read by either kind of manager of the company, and by no one else', async () => {
    const rolesOnly = await makeMember(s, w.acme, await makeRole(s, w.acme, ['manage-roles'], 'Roles only'));
    await expectStatus(s, 200, 'GET', '/user/audit', { token: rolesOnly.token, query: { id_customer: w.acme } });
    await expectStatus(s, 403, 'GET', '/user/audit', { token: w.tok.viewer, query: { id_customer: w.acme } });
    await expectStatus(s, 403, 'GET', '/user/audit', { token: w.tok.borealis, query: { id_customer: w.acme } });
    const own = await expectStatus(s, 200, 'GET', '/user/audit', { token: w.tok.borealis, query: { id_customer: w.borealis } });
    expect(own.body.data).toEqual([]);
  });
});
