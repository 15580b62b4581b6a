// No escalation: nobody grants a slug they do not hold (role edits, role assignment, invitations),
// nobody changes a role or a person holding more than they do, and nobody changes their own role
// or status or deletes themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLUGS } from '../../src/api/contract/slugs.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { auditRows, expectStatus, makeMember, makeRole, membership, PASSWORD, world, type World } from './users.fixtures.ts';

let s: TestServer;
let w: World;
/** Acme people: a role admin (manage-roles, two readers) and an HR manager (manage-users, every reader). */
let rolesAdmin: { id: number; token: string; role: number };
let hr: { id: number; token: string; role: number };
let readers: number;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
  const ra = await makeRole(s, w.acme, ['manage-roles', 'reader-info-access', 'reader-silo-access'], 'Role admin');
  rolesAdmin = { ...(await makeMember(s, w.acme, ra, 'Rhoda Roles')), role: ra };
  const h = await makeRole(s, w.acme, ['manage-users', ...SLUGS.filter((x) => x.startsWith('reader-'))], 'HR');
  hr = { ...(await makeMember(s, w.acme, h, 'Harry HR')), role: h };
  readers = await makeRole(s, w.acme, ['reader-info-access'], 'Readers');
});
afterAll(async () => {
  await s.close();
});

const slugsOf = async (role: number) =>
  (await s.db.query<{ slug: string }>('SELECT slug FROM role_privileges WHERE role_id = $1 ORDER BY slug', [role])).map(
    (r) => r.slug,
  );

describe('role edits', () => {
  it('refuse granting a slug the editor lacks, naming it, and change nothing', async () => {
    const before = await slugsOf(readers);
    const r = await expectStatus(s, 403, 'PUT', '/customer/role/edit_permissions', {
      token: rolesAdmin.token,
      body: { id_role: readers, id_customer: w.acme, permissions: { 'reader-silo-access': true, 'editor-info-access': true } },
    });
    expect(r.body.message).toBe('You cannot grant permissions you do not hold (editor-info-access).');
    expect(await slugsOf(readers)).toEqual(before);
    // A slug they hold is fine.
    await expectStatus(s, 200, 'PUT', '/customer/role/edit_permissions', {
      token: rolesAdmin.token,
      body: { id_role: readers, id_customer: w.acme, permissions: { 'reader-silo-access': true } },
    });
    expect(await slugsOf(readers)).toEqual(['reader-info-access', 'reader-silo-access']);
  });

  it('refuse a role admin giving their own role manage-users', async () => {
    await expectStatus(s, 403, 'PUT', '/customer/role/edit_permissions', {
      token: rolesAdmin.token,
      body: { id_role: rolesAdmin.role, id_customer: w.acme, permissions: { 'manage-users': true } },
    });
    expect(await slugsOf(rolesAdmin.role)).not.toContain('manage-users');
  });

  it('refuse changing a role that holds slugs the editor lacks (rename, edit, delete)', async () => {
    const above = await makeRole(s, w.acme, ['editor-info-access', 'reader-info-access'], 'Editors above');
    const msg = 'You cannot change a role that holds permissions you do not have (editor-info-access).';
    expect(
      (
        await expectStatus(s, 403, 'PUT', '/customer/role/edit_name', {
          token: rolesAdmin.token,
          body: { id_role: above, id_customer: w.acme, name: 'Mine' },
        })
      ).body.message,
    ).toBe(msg);
    await expectStatus(s, 403, 'PUT', '/customer/role/edit_permissions', {
      token: rolesAdmin.token,
      body: { id_role: above, id_customer: w.acme, permissions: { 'editor-info-access': false } },
    });
    await expectStatus(s, 403, 'DELETE', '/customer/role/delete', {
      token: rolesAdmin.token,
      query: { id_customer: w.acme, id_role: above },
    });
    expect(await slugsOf(above)).toEqual(['editor-info-access', 'reader-info-access']);
  });
});

describe('role assignment', () => {
  it('refuses giving a role with slugs the manager lacks (PUT user/role)', async () => {
    const r = await expectStatus(s, 403, 'PUT', '/user/role', {
      token: hr.token,
      body: { id_role: w.acmeFull, id_customer: w.acme, id_user: w.user.viewer },
    });
    expect(r.body.message).toMatch(/^You cannot give a role with permissions you do not hold \(dashboard-access, /);
    expect((await membership(s, w.user.viewer, w.acme))!.role_id).toBe(w.viewerRole);
    await expectStatus(s, 403, 'PUT', '/user/role', {
      token: hr.token,
      body: { id_role: rolesAdmin.role, id_customer: w.acme, id_user: w.user.viewer },
    });
  });

  it('refuses inviting someone into such a role (POST user/inside)', async () => {
    await expectStatus(s, 403, 'POST', '/user/inside', {
      token: hr.token,
      body: { id_customer: w.acme, name: 'Eve', email: 'eve@evil.test', id_role: w.acmeFull },
    });
    expect(await s.db.one('SELECT 1 FROM users WHERE email = $1', ['eve@evil.test'])).toBeUndefined();
    await expectStatus(s, 200, 'POST', '/user/inside', {
      token: hr.token,
      body: { id_customer: w.acme, name: 'Ann', email: 'ann@ok.test', id_role: readers },
    });
  });

  it('refuses acting on someone who holds more (role, disable, delete)', async () => {
    const msg = 'You cannot change a user who holds permissions you do not have';
    for (const [method, path, body] of [
      ['PUT', '/user/role', { id_role: readers, id_customer: w.acme, id_user: w.user.acme }],
      ['PUT', '/user/deactivate', { id_user: w.user.acme, id_customer: w.acme }],
      ['DELETE', '/user/delete', { id_user: w.user.acme, id_customer: w.acme, password: PASSWORD }],
    ] as const) {
      const r = await expectStatus(s, 403, method, path, { token: hr.token, body });
      expect(r.body.message.startsWith(msg)).toBe(true);
    }
    expect(await membership(s, w.user.acme, w.acme)).toMatchObject({ enabled: true, role_id: w.acmeFull });
  });

  it('allows moving a reader to another role within what the manager holds', async () => {
    await expectStatus(s, 200, 'PUT', '/user/role', {
      token: hr.token,
      body: { id_role: readers, id_customer: w.acme, id_user: w.user.viewer },
    });
    await expectStatus(s, 200, 'PUT', '/user/role', {
      token: w.tok.acme,
      body: { id_role: w.viewerRole, id_customer: w.acme, id_user: w.user.viewer },
    });
  });
});

describe('yourself', () => {
  it('nobody changes their own role, even to a lower one', async () => {
    const r = await expectStatus(s, 403, 'PUT', '/user/role', {
      token: w.tok.acme,
      body: { id_role: readers, id_customer: w.acme, id_user: w.user.acme },
    });
    expect(r.body.message).toBe('You cannot change your own role.');
    await expectStatus(s, 403, 'PUT', '/user/role', {
      token: hr.token,
      body: { id_role: readers, id_customer: w.acme, id_user: hr.id },
    });
  });

  it('nobody disables or enables themselves', async () => {
    const r = await expectStatus(s, 403, 'PUT', '/user/deactivate', {
      token: w.tok.acme,
      body: { id_user: w.user.acme, id_customer: w.acme },
    });
    expect(r.body.message).toBe('You cannot change your own status.');
    await expectStatus(s, 403, 'PUT', '/user/activate', {
      token: w.tok.acme,
      body: { id_user: w.user.acme, id_customer: w.acme },
    });
  });

  it('nobody deletes themselves, even with the right password', async () => {
    const r = await expectStatus(s, 403, 'DELETE', '/user/delete', {
      token: w.tok.acme,
      body: { id_user: w.user.acme, id_customer: w.acme, password: PASSWORD },
    });
    expect(r.body.message).toBe('You cannot delete yourself.');
    expect(await membership(s, w.user.acme, w.acme)).toBeTruthy();
  });

  it('leaves no audit row for any refusal above', async () => {
    const rows = await auditRows(s, w.acme);
    expect(rows.map((r) => r.action)).toEqual(['role.permissions', 'user.invite', 'user.role', 'user.role']);
  });
});
