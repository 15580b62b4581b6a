// Every "Users and roles" call of document 3 §7 answers the specs' shapes (plus our optional fields).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLUGS } from '../../src/api/contract/slugs.ts';
import { call, form } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectStatus, inviteLink, world, type World } from './users.fixtures.ts';

let s: TestServer;
let w: World;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
});
afterAll(async () => {
  await s.close();
});

describe('GET users/company', () => {
  it("lists the company's users with the specs' fields, status and last sign-in", async () => {
    const r = await expectStatus(s, 200, 'GET', '/users/company', { token: w.tok.acme, query: { id_customer: w.acme } });
    expect(r.body.success).toBe(true);
    const byEmail = Object.fromEntries(r.body.users.map((u: { email: string }) => [u.email, u]));
    expect(Object.keys(byEmail).sort()).toEqual(['manager@acme.test', 'multi@facet.test', 'viewer@acme.test']);
    const viewer = byEmail['viewer@acme.test'];
    expect(viewer).toEqual({
      id: w.user.viewer,
      name: 'Victor Viewer',
      email: 'viewer@acme.test',
      phone: expect.any(String),
      photo: expect.stringMatching(/^users\/clients\//),
      urlImage: viewer.photo,
      enabled: true,
      role: { id: w.viewerRole, name: 'Viewer' },
      sameCompany: [{ id: w.acme, name: 'Acme Living' }],
      status: 'active',
      last_sign_in: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      invitation: null,
    });
    // sameCompany: only the companies shared with the caller; staff share every company.
    expect(byEmail['multi@facet.test'].sameCompany).toEqual([{ id: w.acme, name: 'Acme Living' }]);
    const staff = await expectStatus(s, 200, 'GET', '/users/company', { token: w.tok.staff, query: { id_customer: w.acme } });
    const multi = staff.body.users.find((u: { email: string }) => u.email === 'multi@facet.test');
    expect(multi.sameCompany.map((c: { name: string }) => c.name)).toEqual(['Acme Living', 'Borealis Home']);
  });

  it("shows an invited person as invited, with the invitation's dates", async () => {
    const role = w.viewerRole;
    await expectStatus(s, 200, 'POST', '/user/inside', {
      token: w.tok.acme,
      body: { id_customer: w.acme, name: 'Nina New', email: 'nina@new.test', id_role: role },
    });
    const r = await call(s, 'GET', '/users/company', { token: w.tok.acme, query: { id_customer: w.acme } });
    const nina = r.body.users.find((u: { email: string }) => u.email === 'nina@new.test');
    expect(nina).toMatchObject({
      name: 'Nina New',
      status: 'invited',
      enabled: false,
      last_sign_in: null,
      role: { id: role, name: 'Viewer' },
    });
    expect(nina.invitation).toEqual({ sent_at: expect.any(String), expires_at: expect.any(String), expired: false });
    const days = (Date.parse(nina.invitation.expires_at) - Date.parse(nina.invitation.sent_at)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    expect(inviteLink(s, 'nina@new.test').token.length).toBeGreaterThan(30);
  });
});

describe('GET customer/roles', () => {
  it('answers every role over the whole slug catalogue, the first one locked', async () => {
    const r = await expectStatus(s, 200, 'GET', '/customer/roles', { token: w.tok.acme, query: { id_customer: w.acme } });
    const [first, ...rest] = r.body.roles;
    expect(first).toMatchObject({ id: w.acmeFull, locked: true });
    expect(first.privileges.map((p: { slug: string }) => p.slug)).toEqual([...SLUGS]);
    expect(first.privileges.every((p: { permited: boolean }) => p.permited)).toBe(true);
    for (const p of first.privileges) {
      expect(Object.keys(p).sort()).toEqual(['description', 'id', 'name', 'permited', 'section', 'slug']);
      expect(p.description.length).toBeGreaterThan(20);
      expect(p.description).not.toContain('-access');
    }
    const viewer = rest.find((x: { id: number }) => x.id === w.viewerRole);
    // Victor, and Nina invited above: an invited member holds the role too.
    expect(viewer).toMatchObject({ name: 'Viewer', locked: false, users: 2 });
    const held = viewer.privileges.filter((p: { permited: boolean }) => p.permited).map((p: { slug: string }) => p.slug);
    expect(held).toEqual(SLUGS.filter((x) => x.startsWith('reader-')));
  });
});

describe('my account', () => {
  it('PUT user/edit changes your own name and phone', async () => {
    const r = await expectStatus(s, 200, 'PUT', '/user/edit', {
      token: w.tok.viewer,
      body: { name: '  Victor V.  ', phone: '+1 555 999' },
    });
    expect(r.body).toEqual({ success: true, message: 'Your details were saved.' });
    const me = await call(s, 'GET', '/api/user', { token: w.tok.viewer });
    expect(me.body).toMatchObject({ name: 'Victor V.', phone: '+1 555 999' });
    await expectStatus(s, 200, 'PUT', '/user/edit', { token: w.tok.viewer, body: { name: 'Victor Viewer', phone: '' } });
    expect((await call(s, 'GET', '/api/user', { token: w.tok.viewer })).body.phone).toBeNull();
  });

  it('POST user/photo stores a decoded png or jpeg under a new name', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const before = (await call(s, 'GET', '/api/user', { token: w.tok.viewer })).body.urlImage;
    const r = await expectStatus(s, 200, 'POST', '/user/photo', {
      token: w.tok.viewer,
      form: form({}, { photo: { name: 'me.jpeg', bytes: jpeg, type: 'image/jpeg' } }),
    });
    expect(r.body).toEqual({
      success: true,
      message: 'Your photo was saved.',
      photo: expect.stringMatching(/^users\/clients\/[\w-]+\.png$/),
      urlImage: r.body.photo,
    });
    expect(r.body.photo).not.toBe(before);
    const stored = join(s.config.storageDir, r.body.photo);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 });
    expect(existsSync(join(s.config.storageDir, before))).toBe(false);
    expect((await call(s, 'GET', '/api/user', { token: w.tok.viewer })).body.urlImage).toBe(r.body.photo);
  });
});

describe('the writes answer {success, message}', () => {
  it('create, rename, set permissions, assign, disable, enable, remove, delete', async () => {
    const T = w.tok.acme;
    const created = await expectStatus(s, 200, 'POST', '/customer/role/create', {
      token: T,
      body: { id_customer: w.acme, name: 'Editors' },
    });
    expect(created.body).toEqual({ success: true, message: 'The role was created.', id: expect.any(Number) });
    const role = created.body.id;
    const ok = { success: true, message: expect.any(String) };
    expect(
      (
        await expectStatus(s, 200, 'PUT', '/customer/role/edit_name', {
          token: T,
          body: { id_role: role, id_customer: w.acme, name: 'Info editors' },
        })
      ).body,
    ).toEqual(ok);
    expect(
      (
        await expectStatus(s, 200, 'PUT', '/customer/role/edit_permissions', {
          token: T,
          body: {
            id_role: role,
            id_customer: w.acme,
            name: 'Info editors',
            permissions: { 'reader-info-access': true, 'editor-info-access': true },
          },
        })
      ).body,
    ).toEqual(ok);
    // The permissions may also come as JSON text (the specs call it "a JSON map").
    await expectStatus(s, 200, 'PUT', '/customer/role/edit_permissions', {
      token: T,
      body: {
        id_role: role,
        id_customer: w.acme,
        name: 'Info editors',
        permissions: JSON.stringify({ 'dashboard-access': true }),
      },
    });
    const roles = (await call(s, 'GET', '/customer/roles', { token: T, query: { id_customer: w.acme } })).body.roles;
    const mine = roles.find((x: { id: number }) => x.id === role);
    expect(mine.name).toBe('Info editors');
    expect(
      mine.privileges
        .filter((p: { permited: boolean }) => p.permited)
        .map((p: { slug: string }) => p.slug)
        .sort(),
    ).toEqual(['dashboard-access', 'editor-info-access', 'reader-info-access']);

    expect(
      (
        await expectStatus(s, 200, 'PUT', '/user/role', {
          token: T,
          body: { id_role: role, id_customer: w.acme, id_user: w.user.viewer },
        })
      ).body,
    ).toEqual(ok);
    expect(
      (await expectStatus(s, 200, 'PUT', '/user/deactivate', { token: T, body: { id_user: w.user.viewer, id_customer: w.acme } }))
        .body,
    ).toEqual(ok);
    expect(
      (await expectStatus(s, 200, 'PUT', '/user/activate', { token: T, body: { id_user: w.user.viewer, id_customer: w.acme } }))
        .body,
    ).toEqual(ok);
    await expectStatus(s, 200, 'PUT', '/user/role', {
      token: T,
      body: { id_role: w.viewerRole, id_customer: w.acme, id_user: w.user.viewer },
    });
    expect(
      (await expectStatus(s, 200, 'DELETE', '/customer/role/delete', { token: T, query: { id_customer: w.acme, id_role: role } }))
        .body,
    ).toEqual(ok);

    const invited = await expectStatus(s, 200, 'POST', '/user/inside', {
      token: T,
      body: { id_customer: w.acme, name: 'Omar', email: 'omar@new.test', id_role: w.viewerRole },
    });
    expect(invited.body).toEqual({ success: true, message: 'An invitation was sent to omar@new.test.', id: expect.any(Number) });
    expect(
      (
        await expectStatus(s, 200, 'DELETE', '/user/delete', {
          token: T,
          body: { id_user: invited.body.id, id_customer: w.acme, password: 'demo1234' },
        })
      ).body,
    ).toEqual({ success: true, message: 'The account was deleted.' });
  });
});

describe('GET user/audit', () => {
  it('answers a page of entries, newest first, with the paging figures', async () => {
    const r = await expectStatus(s, 200, 'GET', '/user/audit', {
      token: w.tok.acme,
      query: { id_customer: w.acme, per_page: 3 },
    });
    expect(r.body).toMatchObject({ success: true, page: 1, per_page: 3, total: expect.any(Number) });
    expect(r.body.total).toBeGreaterThan(3);
    expect(r.body.data).toHaveLength(3);
    const e = r.body.data[0];
    expect(Object.keys(e).sort()).toEqual(['action', 'actor', 'after', 'before', 'created_at', 'id', 'id_customer', 'target']);
    expect(e).toMatchObject({
      action: 'user.delete',
      actor: { id: w.user.acme, name: 'Alice Manager', removed: false },
      target: { type: 'user', name: 'Omar', removed: true },
    });
    const ids = r.body.data.map((x: { id: number }) => x.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });
});
