// A session the server ended (disabled, removed, revoked): every call made with its token answers
// 401, and the client tells its listener (the shell sends the tab to Login) exactly then, never for a
// refusal of another kind nor for a call made without a token (a wrong password at sign-in). Against
// the real server; queued changes stay in the outbox for the next sign-in.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login } from '../../src/api/auth.ts';
import { ApiFailure, onSessionEnded } from '../../src/api/client.ts';
import { clearToken, storeToken } from '../../src/api/token.ts';
import { db } from '../../src/data/local/db.ts';
import { drainOutbox, newActionId } from '../../src/data/outbox/outbox.ts';
import { pullPeople, saveAccount } from '../../src/data/people/people.ts';
import { DEMO } from '../support/http.ts';
import { startHarness, type Harness } from './support.ts';
import { changeByHand } from '../support/by-hand.ts';

let h: Harness;
let ended = 0;
let stop: () => void;
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
  stop = onSessionEnded(() => ended++);
});
afterAll(async () => {
  stop?.();
  await h?.s.close();
});

const failure = (p: Promise<unknown>) => p.then(() => undefined, (err: unknown) => err as ApiFailure);

it('other refusals and token-less 401s do not end the session', async () => {
  const me = (await h.s.db.one<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.acme]))!;
  // The data layer refuses a blank name before queuing; an outbox written by an older version may still
  // hold one, and the server refuses it (a real 422).
  h.net.offline = true;
  await saveAccount({ id: me.id, name: 'x', phone: null, photo: null }, { name: 'Valid name', phone: '' }, newActionId());
  await drainOutbox(); // the save's own drain, offline: it backs off
  const queued = (await db().outbox.toArray())[0]!;
  await db().outbox.update(queued.id!, { 'call.body.name': '   ', nextAt: 0, attempts: 0 });
  h.net.offline = false;
  await drainOutbox();
  expect((await db().outbox.toArray()).map((e) => e.state)).toEqual(['parked']);
  await db().outbox.clear();
  expect((await failure(pullPeople(999_999, 'people')))?.status).toBe(403);
  clearToken();
  expect((await failure(login({ email: DEMO.acme, password: 'wrong-password' })))?.status).toBe(401);
  storeToken(`1|${h.token}`);
  expect(ended).toBe(0);
});

it('a revoked token: the next call answers 401 and ends the session; a queued change waits', async () => {
  const me = (await h.s.db.one<{ id: number; name: string }>('SELECT id, name FROM users WHERE email = $1', [DEMO.acme]))!;
  await changeByHand(h.s.db, 'DELETE FROM access_tokens WHERE user_id = $1', [me.id]);
  expect((await failure(pullPeople(h.cid, 'people')))?.status).toBe(401);
  expect(ended).toBe(1);
  await saveAccount({ id: me.id, name: me.name, phone: null, photo: null }, { name: 'Kept for later', phone: '' }, newActionId());
  await drainOutbox();
  const left = await db().outbox.toArray();
  expect(left.map((e) => [e.call.command, e.state])).toEqual([['users.editMe', 'retrying']]);
  expect(ended).toBeGreaterThanOrEqual(2); // each refused call says so (retries too); the shell acts on the first
});
