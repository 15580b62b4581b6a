// Role rules: the first role (index 0, the full catalogue) is never renamed, edited or deleted; a role
// with users is not deleted until they are moved; names are trimmed, real and unique; a role or
// permission change applies to the member's very next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ROLE_LOCKED } from '../../server/routes/users-roles.ts';
import { SELF_LOCKOUT } from '../../src/api/contract/rules/user.ts';
import { call } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectStatus, makeMember, makeRole, world, type World } from './users.fixtures.ts';

let s: TestServer;
let w: World;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
});
afterAll(async () => {
  await s.close();
});

const roleRow = (id: number) =>
  s.db.one<{ name: string; n: number }>(
    'SELECT name, (SELECT count(*)::int FROM role_privileges WHERE role_id = $1) AS n FROM roles WHERE id = $1',
    [id],
  );

describe('the role at index 0', () => {
  it('cannot be renamed, edited or deleted, even by staff', async () => {
    const before = await roleRow(w.acmeFull);
    for (const token of [w.tok.acme, w.tok.staff]) {
      const rename = await expectStatus(s, 422, 'PUT', '/customer/role/edit_name', {
        token,
        body: { id_role: w.acmeFull, id_customer: w.acme, name: 'Owners' },
      });
      expect(rename.body.message).toBe(FIRST_ROLE_LOCKED);
      const edit = await expectStatus(s, 422, 'PUT', '/customer/role/edit_permissions', {
        token,
        body: { id_role: w.acmeFull, id_customer: w.acme, permissions: { 'dashboard-access': false } },
      });
      expect(edit.body.message).toBe(FIRST_ROLE_LOCKED);
      const del = await expectStatus(s, 422, 'DELETE', '/customer/role/delete', {
        token,
        query: { id_customer: w.acme, id_role: w.acmeFull },
      });
      expect(del.body.message).toBe(FIRST_ROLE_LOCKED);
    }
    expect(await roleRow(w.acmeFull)).toEqual(before);
    expect(before!.n).toBe(22);
  });

  it('stays first in the list and is marked locked', async () => {
    await expectStatus(s, 200, 'POST', '/customer/role/create', {
      token: w.tok.acme,
      body: { id_customer: w.acme, name: 'A first name alphabetically' },
    });
    const roles = (await call(s, 'GET', '/customer/roles', { token: w.tok.acme, query: { id_customer: w.acme } })).body.roles;
    expect(roles[0]).toMatchObject({ id: w.acmeFull, locked: true });
    expect(roles.slice(1).every((r: { locked: boolean }) => !r.locked)).toBe(true);
  });
});

describe('a role that still has users', () => {
  it('is not deleted until they are moved, and the message says so', async () => {
    const r = await expectStatus(s, 422, 'DELETE', '/customer/role/delete', {
      token: w.tok.acme,
      query: { id_customer: w.acme, id_role: w.viewerRole },
    });
    expect(r.body.message).toBe('This role still has 1 user. Move them to another role before deleting it.');
    const extra = await makeMember(s, w.acme, w.viewerRole);
    const two = await expectStatus(s, 422, 'DELETE', '/customer/role/delete', {
      token: w.tok.acme,
      query: { id_customer: w.acme, id_role: w.viewerRole },
    });
    expect(two.body.message).toBe('This role still has 2 users. Move them to another role before deleting it.');
    expect(await roleRow(w.viewerRole)).toBeTruthy();

    const spare = await makeRole(s, w.acme, ['reader-info-access'], 'Spare');
    for (const id of [w.user.viewer, extra.id]) {
      await expectStatus(s, 200, 'PUT', '/user/role', {
        token: w.tok.acme,
        body: { id_role: spare, id_customer: w.acme, id_user: id },
      });
    }
    await expectStatus(s, 200, 'DELETE', '/customer/role/delete', {
      token: w.tok.acme,
      query: { id_customer: w.acme, id_role: w.viewerRole },
    });
    expect(await roleRow(w.viewerRole)).toBeUndefined();
    w.viewerRole = spare;
  });

  it('counts invited members too (their invitation would land in a deleted role)', async () => {
    const role = await makeRole(s, w.acme, ['reader-info-access'], 'Invitees');
    await expectStatus(s, 200, 'POST', '/user/inside', {
      token: w.tok.acme,
      body: { id_customer: w.acme, name: 'Ike', email: 'ike@new.test', id_role: role },
    });
    await expectStatus(s, 422, 'DELETE', '/customer/role/delete', {
      token: w.tok.acme,
      query: { id_customer: w.acme, id_role: role },
    });
  });
});

describe('names', () => {
  it('are trimmed, not the placeholder, and unique in the company (case aside)', async () => {
    const created = await expectStatus(s, 200, 'POST', '/customer/role/create', {
      token: w.tok.acme,
      body: { id_customer: w.acme, name: '  Buyers  ' },
    });
    expect(await roleRow(created.body.id)).toEqual({ name: 'Buyers', n: 0 });
    const dup = await expectStatus(s, 422, 'POST', '/customer/role/create', {
      token: w.tok.acme,
      body: { id_customer: w.acme, name: 'BUYERS' },
    });
    expect(dup.body.errors).toEqual({ name: ['A role with this name already exists.'] });
    expect(
      (
        await expectStatus(s, 422, 'POST', '/customer/role/create', {
          token: w.tok.acme,
          body: { id_customer: w.acme, name: 'Role Name*' },
        })
      ).body.message,
    ).toBe('Give the role a name.');
    await expectStatus(s, 422, 'POST', '/customer/role/create', {
      token: w.tok.acme,
      body: { id_customer: w.acme, name: '   ' },
    });
    // Another company may use the same name.
    await expectStatus(s, 200, 'POST', '/customer/role/create', {
      token: w.tok.borealis,
      body: { id_customer: w.borealis, name: 'Buyers' },
    });
    await expectStatus(s, 422, 'PUT', '/customer/role/edit_name', {
      token: w.tok.acme,
      body: { id_role: w.viewerRole, id_customer: w.acme, name: 'buyers' },
    });
  });
});

describe('changes apply on the next request (nothing is cached across requests)', () => {
  it("a permission edit on the role shows in the member's very next have_access", async () => {
    const role = await makeRole(s, w.acme, ['reader-info-access'], 'Live');
    const m = await makeMember(s, w.acme, role);
    const ask = async () =>
      (await call(s, 'GET', '/user/have_access', { token: m.token, query: { id_customer: w.acme, slugs: 'editor-info-access' } }))
        .body.data['editor-info-access'];
    expect(await ask()).toBe(false);
    await expectStatus(s, 200, 'PUT', '/customer/role/edit_permissions', {
      token: w.tok.acme,
      body: { id_role: role, id_customer: w.acme, permissions: { 'editor-info-access': true } },
    });
    expect(await ask()).toBe(true);
    // And the guard lets the new slug through at once: an Info edit is now allowed.
    await expectStatus(s, 200, 'PUT', '/customer/role/edit_permissions', {
      token: w.tok.acme,
      body: { id_role: role, id_customer: w.acme, permissions: { 'editor-info-access': false } },
    });
    expect(await ask()).toBe(false);
  });

  it("a role change shows in the member's very next call", async () => {
    const m = await makeMember(s, w.acme, w.viewerRole);
    const users = () => call(s, 'GET', '/users/company', { token: m.token, query: { id_customer: w.acme } });
    expect((await users()).status).toBe(403);
    const managers = await makeRole(s, w.acme, ['manage-roles'], 'Role managers');
    await expectStatus(s, 200, 'PUT', '/user/role', {
      token: w.tok.acme,
      body: { id_role: managers, id_customer: w.acme, id_user: m.id },
    });
    expect((await users()).status).toBe(200);
  });
});

describe('a manager and their own role (issue 43)', () => {
  it('refuses taking Manage roles or Manage users from the role the caller holds; the same change by another manager passes', async () => {
    const slugs = ['manage-roles', 'manage-users', 'dashboard-access'] as const;
    const shared = await makeRole(s, w.acme, slugs);
    const me = await makeMember(s, w.acme, shared);
    for (const slug of ['manage-roles', 'manage-users']) {
      const refused = await expectStatus(s, 422, 'PUT', '/customer/role/edit_permissions', {
        token: me.token,
        body: { id_role: shared, id_customer: w.acme, permissions: { [slug]: false } },
      });
      expect(refused.body.message).toBe(SELF_LOCKOUT);
      expect(refused.body.errors).toEqual({ permissions: [SELF_LOCKOUT] });
    }
    expect((await roleRow(shared))!.n).toBe(3);
    // Another permission of one's own role may change; another manager may take these away.
    await expectStatus(s, 200, 'PUT', '/customer/role/edit_permissions', {
      token: me.token,
      body: { id_role: shared, id_customer: w.acme, permissions: { 'dashboard-access': false } },
    });
    await expectStatus(s, 200, 'PUT', '/customer/role/edit_permissions', {
      token: w.tok.acme,
      body: { id_role: shared, id_customer: w.acme, permissions: { 'manage-users': false } },
    });
    expect((await roleRow(shared))!.n).toBe(1);
  });
});
