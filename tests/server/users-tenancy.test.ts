// The tenancy matrix of user management: another company's manager, a member without the slug,
// managers holding only one of the two slugs, staff (in a company and in the provider context -1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type CallOptions } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectStatus, makeMember, makeRole, world, type World } from './users.fixtures.ts';

let s: TestServer;
let w: World;
let victimUser: number;
let victimRole: number;
let hr: string;
let rolesAdmin: string;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
  victimRole = await makeRole(s, w.acme, ['reader-info-access'], 'Readers');
  victimUser = (await makeMember(s, w.acme, victimRole, 'Vic Tim')).id;
  // Managers holding one slug each, with enough readers to hand out the Readers role.
  hr = (await makeMember(s, w.acme, await makeRole(s, w.acme, ['manage-users', 'reader-info-access'], 'HR'))).token;
  rolesAdmin = (await makeMember(s, w.acme, await makeRole(s, w.acme, ['manage-roles', 'reader-info-access'], 'Role admin')))
    .token;
});
afterAll(async () => {
  await s.close();
});

type Case = [name: string, method: string, path: string, o: CallOptions];
const P = 'demo1234';

/** Every call of the group aimed at company c, naming Acme's user and role. */
function calls(c: number): Case[] {
  const u = victimUser,
    r = victimRole;
  return [
    ['users', 'GET', '/users/company', { query: { id_customer: c } }],
    ['roles', 'GET', '/customer/roles', { query: { id_customer: c } }],
    ['audit', 'GET', '/user/audit', { query: { id_customer: c } }],
    ['role', 'PUT', '/user/role', { body: { id_role: r, id_customer: c, id_user: u } }],
    ['deactivate', 'PUT', '/user/deactivate', { body: { id_user: u, id_customer: c } }],
    ['activate', 'PUT', '/user/activate', { body: { id_user: u, id_customer: c } }],
    ['delete', 'DELETE', '/user/delete', { body: { id_user: u, id_customer: c, password: P } }],
    ['invite', 'POST', '/user/inside', { body: { id_customer: c, name: 'X', email: 'intruder@x.test', id_role: r } }],
    ['resend', 'POST', '/user/invitation/resend', { body: { id_user: u, id_customer: c } }],
    ['revoke', 'DELETE', '/user/invitation/revoke', { query: { id_user: u, id_customer: c } }],
    ['role create', 'POST', '/customer/role/create', { body: { id_customer: c, name: 'Intruders' } }],
    ['role rename', 'PUT', '/customer/role/edit_name', { body: { id_role: r, id_customer: c, name: 'Owned' } }],
    [
      'role permissions',
      'PUT',
      '/customer/role/edit_permissions',
      { body: { id_role: r, id_customer: c, permissions: { 'manage-users': true } } },
    ],
    ['role delete', 'DELETE', '/customer/role/delete', { query: { id_customer: c, id_role: r } }],
  ];
}

async function footprint() {
  return s.db.one(
    `SELECT (SELECT count(*)::int FROM memberships WHERE customer_id = $1) AS members,
            (SELECT string_agg(user_id || ':' || role_id || ':' || enabled, ',' ORDER BY user_id) FROM memberships WHERE customer_id = $1) AS states,
            (SELECT string_agg(id || name, ',' ORDER BY id) FROM roles WHERE customer_id = $1) AS roles,
            (SELECT count(*)::int FROM role_privileges rp JOIN roles r ON r.id = rp.role_id WHERE r.customer_id = $1) AS grants,
            (SELECT count(*)::int FROM audit_log WHERE customer_id = $1) AS audit,
            (SELECT count(*)::int FROM invitations WHERE customer_id = $1) AS invitations`,
    [w.acme],
  );
}

describe('refusals leave Acme untouched', () => {
  it('needs a token for every call', async () => {
    for (const [name, method, path, o] of calls(w.acme)) {
      expect((await call(s, method, path, o)).status, name).toBe(401);
    }
  });

  it("another company's manager: 403 naming Acme, 404 for Acme's rows under their own company", async () => {
    const before = await footprint();
    for (const [name, method, path, o] of calls(w.acme)) {
      const r = await call(s, method, path, { ...o, token: w.tok.borealis });
      expect(r.status, `${name} ${JSON.stringify(r.body)}`).toBe(403);
      expect(r.body.success).toBe(false);
    }
    for (const [name, method, path, o] of calls(w.borealis).filter(
      ([n]) => !['users', 'roles', 'audit', 'role create'].includes(n),
    )) {
      const r = await call(s, method, path, { ...o, token: w.tok.borealis });
      expect(r.status, `${name} (own company) ${JSON.stringify(r.body)}`).toBe(404);
    }
    expect(await footprint()).toEqual(before);
  });

  it('a member without manage-users or manage-roles: 403 everywhere', async () => {
    const before = await footprint();
    for (const [name, method, path, o] of calls(w.acme)) {
      const r = await call(s, method, path, { ...o, token: w.tok.viewer });
      expect(r.status, name).toBe(403);
    }
    expect(await footprint()).toEqual(before);
  });

  it('the provider context (-1) is refused to customers', async () => {
    for (const [name, method, path, o] of calls(-1)) {
      expect((await call(s, method, path, { ...o, token: w.tok.acme })).status, name).toBe(403);
    }
  });
});

describe('one slug, one half of the screen', () => {
  it('manage-users alone: the lists and user actions, no role action', async () => {
    for (const [name, method, path, o] of calls(w.acme).filter(([n]) => n.startsWith('role '))) {
      expect((await call(s, method, path, { ...o, token: hr })).status, name).toBe(403);
    }
    await expectStatus(s, 200, 'GET', '/users/company', { token: hr, query: { id_customer: w.acme } });
    await expectStatus(s, 200, 'GET', '/customer/roles', { token: hr, query: { id_customer: w.acme } });
    await expectStatus(s, 200, 'PUT', '/user/deactivate', { token: hr, body: { id_user: victimUser, id_customer: w.acme } });
    await expectStatus(s, 200, 'PUT', '/user/activate', { token: hr, body: { id_user: victimUser, id_customer: w.acme } });
  });

  it('manage-roles alone: the lists and role actions, no user action', async () => {
    for (const name of ['role', 'deactivate', 'activate', 'delete', 'invite', 'resend', 'revoke']) {
      const [, method, path, o] = calls(w.acme).find(([n]) => n === name)!;
      expect((await call(s, method, path, { ...o, token: rolesAdmin })).status, name).toBe(403);
    }
    await expectStatus(s, 200, 'GET', '/users/company', { token: rolesAdmin, query: { id_customer: w.acme } });
    await expectStatus(s, 200, 'PUT', '/customer/role/edit_name', {
      token: rolesAdmin,
      body: { id_role: victimRole, id_customer: w.acme, name: 'Readers 2' },
    });
  });

  it('any signed-in member edits only their own name, phone and photo', async () => {
    await expectStatus(s, 200, 'PUT', '/user/edit', {
      token: w.tok.viewer,
      body: { name: 'Victor Viewer', phone: '+1 555 0100' },
    });
    const other = await s.db.one<{ name: string }>('SELECT name FROM users WHERE id = $1', [victimUser]);
    expect(other!.name).toBe('Vic Tim');
  });
});

describe('staff', () => {
  it('act in any company without belonging to it', async () => {
    await expectStatus(s, 200, 'GET', '/users/company', { token: w.tok.staff, query: { id_customer: w.borealis } });
    await expectStatus(s, 200, 'PUT', '/user/deactivate', {
      token: w.tok.staff,
      body: { id_user: victimUser, id_customer: w.acme },
    });
    await expectStatus(s, 200, 'PUT', '/user/activate', {
      token: w.tok.staff,
      body: { id_user: victimUser, id_customer: w.acme },
    });
    const role = await expectStatus(s, 200, 'POST', '/customer/role/create', {
      token: w.tok.staff,
      body: { id_customer: w.borealis, name: 'Studio made' },
    });
    await expectStatus(s, 200, 'PUT', '/customer/role/edit_permissions', {
      token: w.tok.staff,
      body: { id_role: role.body.id, id_customer: w.borealis, permissions: { 'manage-users': true, 'manage-roles': true } },
    });
  });

  it("read every company's audit log in -1; users and roles need a real company", async () => {
    const all = await expectStatus(s, 200, 'GET', '/user/audit', {
      token: w.tok.staff,
      query: { id_customer: -1, per_page: 100 },
    });
    const companies = new Set(all.body.data.map((e: { id_customer: number }) => e.id_customer));
    expect(companies).toEqual(new Set([w.acme, w.borealis]));
    const users = await expectStatus(s, 422, 'GET', '/users/company', { token: w.tok.staff, query: { id_customer: -1 } });
    expect(users.body.message).toBe('Choose a company: users and roles belong to a company.');
    await expectStatus(s, 422, 'PUT', '/user/deactivate', { token: w.tok.staff, body: { id_user: victimUser, id_customer: -1 } });
  });

  it("naming a role from -1 act in that role's company (the guard resolves it), never in -1", async () => {
    const r = await expectStatus(s, 200, 'POST', '/user/inside', {
      token: w.tok.staff,
      body: { id_customer: -1, name: 'Via role', email: 'via-role@acme.test', id_role: victimRole },
    });
    const m = await s.db.one<{ customer_id: number }>('SELECT customer_id FROM memberships WHERE user_id = $1', [r.body.id]);
    expect(m!.customer_id).toBe(w.acme);
    await expectStatus(s, 200, 'PUT', '/customer/role/edit_name', {
      token: w.tok.staff,
      body: { id_role: victimRole, id_customer: -1, name: 'Readers' },
    });
  });

  it("are never listed or changed as company members (their account is the provider's)", async () => {
    await expectStatus(s, 404, 'PUT', '/user/deactivate', {
      token: w.tok.acme,
      body: { id_user: w.user.staff, id_customer: w.acme },
    });
    await expectStatus(s, 404, 'DELETE', '/user/delete', {
      token: w.tok.acme,
      body: { id_user: w.user.staff, id_customer: w.acme, password: P },
    });
    const list = await call(s, 'GET', '/users/company', { token: w.tok.acme, query: { id_customer: w.acme } });
    expect(list.body.users.some((u: { id: number }) => u.id === w.user.staff)).toBe(false);
  });
});
