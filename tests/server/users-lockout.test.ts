// No lock-out: no disable, delete, role change or role edit may leave a company without an active
// (enabled, not invited) user holding manage-users and manage-roles: each way, and concurrently.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLUGS } from '../../src/api/contract/slugs.ts';
import { LOCKOUT } from '../../server/domain/users-company.ts';
import { addMember } from '../../server/domain/accounts.ts';
import { call } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  activeManagers, auditRows, expectStatus, makeCompany, makeMember, makeRole, membership, PASSWORD, world, type World,
} from './users.fixtures.ts';

let s: TestServer;
let w: World;
beforeAll(async () => { s = await startTestServer(); w = await world(s); });
afterAll(async () => { await s.close(); });

/** The refusal, and proof that nothing moved. */
async function refusedAsLockout(company: number, attempt: () => Promise<{ status: number; body: { message: string } }>) {
  const before = { managers: await activeManagers(s, company), audit: (await auditRows(s, company)).length };
  const r = await attempt();
  expect(r.status, JSON.stringify(r.body)).toBe(422);
  expect(r.body.message).toBe(LOCKOUT);
  expect({ managers: await activeManagers(s, company), audit: (await auditRows(s, company)).length }).toEqual(before);
}

describe('the last active manager', () => {
  it('cannot be disabled (even by staff, who may act on anyone)', async () => {
    const c = await makeCompany(s);
    await refusedAsLockout(c.id, () => call(s, 'PUT', '/user/deactivate', { token: w.tok.staff, body: { id_user: c.manager.id, id_customer: c.id } }));
    expect(await membership(s, c.manager.id, c.id)).toMatchObject({ enabled: true });
  });

  it('cannot be deleted', async () => {
    const c = await makeCompany(s);
    await refusedAsLockout(c.id, () => call(s, 'DELETE', '/user/delete', { token: w.tok.staff, body: { id_user: c.manager.id, id_customer: c.id, password: PASSWORD } }));
    expect(await membership(s, c.manager.id, c.id)).toBeTruthy();
  });

  it('cannot be moved to a role without both slugs', async () => {
    const c = await makeCompany(s);
    const readers = await makeRole(s, c.id, ['reader-info-access']);
    await refusedAsLockout(c.id, () => call(s, 'PUT', '/user/role', { token: w.tok.staff, body: { id_role: readers, id_customer: c.id, id_user: c.manager.id } }));
    expect((await membership(s, c.manager.id, c.id))!.role_id).toBe(c.fullRole);
  });

  it("cannot lose manage-roles or manage-users through an edit of their role (their own edit included)", async () => {
    const c = await makeCompany(s);
    const admins = await makeRole(s, c.id, SLUGS, 'Admins');
    const boss = await makeMember(s, c.id, admins, 'Boss');
    // The full role's holder leaves: Boss, on the editable Admins role, is now the only manager.
    await expectStatus(s, 200, 'DELETE', '/user/delete', { token: boss.token, body: { id_user: c.manager.id, id_customer: c.id, password: PASSWORD } });
    expect(await activeManagers(s, c.id)).toBe(1);
    for (const slug of ['manage-roles', 'manage-users']) {
      await refusedAsLockout(c.id, () => call(s, 'PUT', '/customer/role/edit_permissions', {
        token: boss.token, body: { id_role: admins, id_customer: c.id, permissions: { [slug]: false } },
      }));
      await refusedAsLockout(c.id, () => call(s, 'PUT', '/customer/role/edit_permissions', {
        token: w.tok.staff, body: { id_role: admins, id_customer: c.id, permissions: { [slug]: false } },
      }));
    }
  });

  it('is not replaced by an invited or a disabled holder of the full role', async () => {
    const c = await makeCompany(s);
    const invited = await expectStatus(s, 200, 'POST', '/user/inside', { token: c.manager.token, body: { id_customer: c.id, name: 'Ivy', email: `ivy${c.id}@new.test`, id_role: c.fullRole } });
    const other = await makeMember(s, c.id, c.fullRole, 'Dee');
    await expectStatus(s, 200, 'PUT', '/user/deactivate', { token: c.manager.token, body: { id_user: other.id, id_customer: c.id } });
    expect((await membership(s, invited.body.id, c.id))!.invited).toBe(true);
    await refusedAsLockout(c.id, () => call(s, 'PUT', '/user/deactivate', { token: w.tok.staff, body: { id_user: c.manager.id, id_customer: c.id } }));
  });

  it('can go once another active manager exists', async () => {
    const c = await makeCompany(s);
    const second = await makeMember(s, c.id, c.fullRole, 'Second');
    await expectStatus(s, 200, 'PUT', '/user/deactivate', { token: second.token, body: { id_user: c.manager.id, id_customer: c.id } });
    expect(await activeManagers(s, c.id)).toBe(1);
  });
});

/**
 * Holds the company's membership rows while the requests start, so that both are inside their
 * transaction at the same moment (on PostgreSQL; PGlite runs one transaction at a time anyway).
 * Without the lock on the company row, both would count two managers before and one after each.
 */
async function together<T>(company: number, requests: () => Promise<T>[]): Promise<T[]> {
  let release!: () => void;
  let locked!: () => void;
  const gate = new Promise<void>((r) => { release = r; });
  const holding = new Promise<void>((r) => { locked = r; });
  const tx = s.db.tx(async (t) => {
    await t.query('SELECT 1 FROM memberships WHERE customer_id = $1 FOR UPDATE', [company]);
    locked();
    await gate;
  });
  await holding;
  const all = Promise.all(requests());
  await new Promise((r) => setTimeout(r, 300));
  release();
  await tx;
  return all;
}

describe('two concurrent requests', () => {
  it('staff disabling both managers at once: exactly one succeeds (the company row is locked)', async () => {
    const c = await makeCompany(s);
    const second = await makeMember(s, c.id, c.fullRole, 'Second');
    const results = await together(c.id, () => [c.manager.id, second.id].map((id) =>
      call(s, 'PUT', '/user/deactivate', { token: w.tok.staff, body: { id_user: id, id_customer: c.id } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.status === 422)!.body.message).toBe(LOCKOUT);
    expect(await activeManagers(s, c.id)).toBe(1);
  });

  it('two managers disabling each other at once: one remains', async () => {
    const c = await makeCompany(s);
    const second = await makeMember(s, c.id, c.fullRole, 'Second');
    const results = await together(c.id, () => [
      call(s, 'PUT', '/user/deactivate', { token: c.manager.token, body: { id_user: second.id, id_customer: c.id } }),
      call(s, 'PUT', '/user/deactivate', { token: second.token, body: { id_user: c.manager.id, id_customer: c.id } }),
    ]);
    // The loser is refused either by the rule or because its own session just ended.
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.map((r) => r.status).filter((x) => x !== 200)[0]).toBeOneOf([401, 403, 422]);
    expect(await activeManagers(s, c.id)).toBe(1);
  });

  it('a delete and a role change racing on the two managers: one remains', async () => {
    const c = await makeCompany(s);
    const second = await makeMember(s, c.id, c.fullRole, 'Second');
    const readers = await makeRole(s, c.id, ['reader-info-access']);
    const results = await together(c.id, () => [
      call(s, 'DELETE', '/user/delete', { token: w.tok.staff, body: { id_user: second.id, id_customer: c.id, password: PASSWORD } }),
      call(s, 'PUT', '/user/role', { token: w.tok.staff, body: { id_role: readers, id_customer: c.id, id_user: c.manager.id } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await activeManagers(s, c.id)).toBe(1);
  });
});

describe('per company', () => {
  it("a manager of two companies stays Borealis's safeguard when Acme disables them", async () => {
    // Borealis has Bella and Max; Acme has Alice and Max. Acme disabling Max leaves Borealis as it was.
    await expectStatus(s, 200, 'PUT', '/user/deactivate', { token: w.tok.acme, body: { id_user: w.user.multi, id_customer: w.acme } });
    expect(await activeManagers(s, w.borealis)).toBe(2);
    expect(await activeManagers(s, w.acme)).toBe(1);
    await addMember(s.db, w.user.multi, w.acme, w.acmeFull); // re-enables for the next files' assumptions
  });
});
