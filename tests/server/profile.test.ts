// Document 1 §7 profile page calls: the user, the achievements, visibility and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { call, DEMO } from '../support/http.ts';

let s: TestServer;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  s = await startTestServer();
  for (const email of [DEMO.staff, DEMO.acme, DEMO.viewer, DEMO.borealis, DEMO.multi]) {
    ids[email] = (await s.db.one<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))!.id;
    tokens[email] = await s.tokenFor(email);
  }
});
afterAll(async () => {
  await s.close();
});

const USER = (id: number) => `/gets/user/${id}`;
const EARNED = (id: number) => `/gets/achievements/user/${id}/show`;
const as = (who: string, path: string, query: Record<string, string | number | undefined> = {}) =>
  call(s, 'GET', path, { token: tokens[who], query: { id_user: ids[who], ...query } });

function expectRefusal(r: { status: number; body: unknown }, status: number) {
  expect(r.status).toBe(status);
  expect(r.body).toEqual({ success: false, message: expect.any(String) });
}

describe('GET /gets/user/{id}', () => {
  it('answers the profile itself, with no success key', async () => {
    const r = await as(DEMO.viewer, USER(ids[DEMO.acme]!));
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual([
      'country',
      'discord',
      'email',
      'id',
      'name',
      'nickname',
      'office',
      'phone',
      'photo',
      'teams',
    ]);
    expect(r.body).toEqual({
      id: ids[DEMO.acme],
      name: 'Alice Manager',
      email: DEMO.acme,
      phone: '+1 555 0101',
      country: 'Canada',
      discord: 'alice#1001',
      nickname: 'Alice',
      teams: [{ team: 'Catalogue' }, { team: 'Imagery' }],
      office: 'Catalogue manager',
      photo: expect.stringMatching(/^users\/clients\/[0-9a-f-]{36}\.png$/),
    });
    expect(JSON.stringify(r.body)).not.toMatch(/password|scrypt/);
  });

  it('accepts the token as access_token in the query, as the page sends it', async () => {
    const r = await call(s, 'GET', USER(ids[DEMO.acme]!), {
      query: { access_token: tokens[DEMO.acme], id_user: ids[DEMO.acme] },
    });
    expect(r.status).toBe(200);
    expect(r.body.email).toBe(DEMO.acme);
    expectRefusal(await call(s, 'GET', USER(ids[DEMO.acme]!), { query: { access_token: 'forged' } }), 401);
    expectRefusal(await call(s, 'GET', USER(ids[DEMO.acme]!)), 401);
  });

  it('shows staff profiles to customers and every profile to staff', async () => {
    const staffProfile = await as(DEMO.borealis, USER(ids[DEMO.staff]!));
    expect(staffProfile.body).toMatchObject({
      name: 'Sam Staff',
      office: 'Studio lead',
      photo: expect.stringMatching(/^users\/ilustraviz-staff\/[0-9a-f-]{36}\.png$/),
    });
    expect((await as(DEMO.staff, USER(ids[DEMO.borealis]!))).body.name).toBe('Bella Manager');
  });

  it('lets a member of two companies see people of both', async () => {
    expect((await as(DEMO.multi, USER(ids[DEMO.borealis]!))).body.name).toBe('Bella Manager');
    expect((await as(DEMO.borealis, USER(ids[DEMO.multi]!))).body.name).toBe('Max Multi');
  });
});

describe('achievements', () => {
  it('lists every achievement with its stored image', async () => {
    const r = await as(DEMO.viewer, '/gets/achievements');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['achievements']);
    expect(r.body.achievements).toHaveLength(6);
    expect(r.body.achievements[0]).toEqual({
      id: expect.any(Number),
      name: 'First Product',
      description: 'Registered the first product',
      image: 'achievements/1.png',
    });
    for (const a of r.body.achievements) expect(Object.keys(a).sort()).toEqual(['description', 'id', 'image', 'name']);
  });

  it("lists a user's earned achievements as id_achievement links", async () => {
    const r = await as(DEMO.viewer, EARNED(ids[DEMO.acme]!));
    expect(r.status).toBe(200);
    const stored = await s.db.query<{ achievement_id: number }>(
      'SELECT achievement_id FROM user_achievements WHERE user_id = $1 ORDER BY 1',
      [ids[DEMO.acme]],
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(r.body).toEqual({ achievements: stored.map((x) => ({ id_achievement: x.achievement_id })) });
  });

  it('needs a token', async () => {
    expectRefusal(await call(s, 'GET', '/gets/achievements'), 401);
  });
});

describe('tenancy matrix', () => {
  const cases = [
    ['borealis manager -> acme manager', DEMO.borealis, DEMO.acme],
    ['borealis manager -> acme viewer', DEMO.borealis, DEMO.viewer],
    ['acme manager -> borealis manager', DEMO.acme, DEMO.borealis],
    ['acme viewer -> borealis manager', DEMO.viewer, DEMO.borealis],
  ] as const;
  it.each(cases)('%s: both calls answer like an unknown user', async (_n, caller, target) => {
    for (const path of [USER(ids[target]!), EARNED(ids[target]!)]) {
      const r = await as(caller, path);
      expectRefusal(r, 404);
      const unknown = await as(caller, path.replace(String(ids[target]), '999999'));
      expect(unknown.body).toEqual(r.body);
      expect(JSON.stringify(r.body)).not.toMatch(/Alice|Bella|Victor|@acme|@borealis|id_achievement/);
    }
  });

  it('refuses an id_user that is not the caller', async () => {
    expectRefusal(await as(DEMO.acme, USER(ids[DEMO.acme]!), { id_user: ids[DEMO.borealis] }), 403);
    expectRefusal(await as(DEMO.acme, '/gets/achievements', { id_user: ids[DEMO.borealis] }), 403);
    expectRefusal(await as(DEMO.acme, EARNED(ids[DEMO.viewer]!), { id_user: ids[DEMO.viewer] }), 403);
  });
});

describe('bad input', () => {
  it.each(['abc', '0', '-1', '1.5', String(2 ** 31)])('user id %s -> 422', async (id) => {
    for (const path of [`/gets/user/${id}`, `/gets/achievements/user/${id}/show`]) {
      const r = await as(DEMO.acme, path);
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ success: false, message: expect.any(String), errors: { id: expect.any(Array) } });
    }
  });

  it.each([
    ['text id_user', { id_user: 'me' }, 'id_user'],
    ['zero id_user', { id_user: 0 }, 'id_user'],
    ['long access_token', { access_token: 'x'.repeat(5000) }, 'access_token'],
  ] as const)('%s -> 422', async (_n, query, field) => {
    for (const path of [USER(ids[DEMO.acme]!), '/gets/achievements', EARNED(ids[DEMO.acme]!)]) {
      const r = await call(s, 'GET', path, { token: tokens[DEMO.acme], query });
      expect(r.status).toBe(422);
      expect(r.body.success).toBe(false);
      expect(r.body.errors[field]).toHaveLength(1);
    }
  });

  it('answers an unknown user with 404', async () => {
    expectRefusal(await as(DEMO.staff, USER(2147483647)), 404);
    expectRefusal(await as(DEMO.staff, EARNED(2147483647)), 404);
  });
});
