// Issue 42, stage 2: the review round's writes on a real server and database. Who may write (a foreign
// round answers as an unknown one, approve-services and dashboard-access, the studio's own calls), what
// each names must be of the round, pins numbered per version, one decision per retried request, the
// superseded and empty change-request refusals, the round's status after decisions, the approvers'
// mail once per change to "needs approval", and the report job on a real .glb.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewCodes, reviewWords, ROUND_STATUS } from '../../src/api/contract/rules/review.ts';
import { loadConfig } from '../../server/config.ts';
import { call, DEMO } from '../support/http.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { count, delivered, deliver, freshRound, GLB, glbOf, mailsWith } from './review.fixtures.ts';
import { makeMember, makeRole } from './users.fixtures.ts';

let s: TestServer;
const tok = { acme: '', viewer: '', borealis: '', staff: '', noApprove: '' };
let acme: number;
let borealis: number;
beforeAll(async () => {
  // Jobs worked in this process, as a server does by default: the report job runs here.
  s = await startTestServer({ jobs: { ...loadConfig({}).jobs, inProcess: true, superviseSeconds: 1 } });
  for (const k of ['acme', 'viewer', 'borealis', 'staff'] as const) tok[k] = await s.tokenFor(DEMO[k]);
  acme = (await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Acme Living'`))!.id;
  borealis = (await s.db.one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Borealis Home'`))!.id;
  // Sees the rounds and reads product information, but may not approve.
  const role = await makeRole(s, acme, ['dashboard-access', 'reader-info-access']);
  tok.noApprove = (await makeMember(s, acme, role, 'Nora Noapprove')).token;
});
afterAll(async () => {
  await s?.close();
});

const post = (path: string, token: string, body: object, key?: string) =>
  call(s, path.startsWith('/puts') ? 'PUT' : 'POST', path, { token, body, headers: key ? { 'idempotency-key': key } : {} });
const PIN = { target: 'model', position: [0, 0.5, 0], normal: [0, 1, 0], body: 'Too glossy here.' };
const pinOn = (token: string, cid: number, round: number, version: number, extra: object = {}, key?: string) =>
  post('/posts/review/pin/store', token, { id_customer: cid, id_round: round, id_version: version, ...PIN, ...extra }, key);
const decide = (token: string, round: number, version: number, decision: string, note?: string, key?: string) =>
  post('/posts/review/decision', token, { id_customer: acme, id_round: round, id_version: version, decision, note }, key);
const setStatus = (token: string, round: number, status_service: number, cid = acme) =>
  post('/puts/review/round/status', token, { id_customer: cid, id_round: round, status_service });
const readRound = async (round: number) =>
  (await call(s, 'GET', '/gets/review/round', { token: tok.acme, query: { id_customer: acme, id_round: round } })).body;

/** A round of Acme with `n` models, each delivered once; answers the round and its versions' ids. */
async function reviewed(n = 2) {
  const r = await freshRound(s, acme, n);
  const versions = [];
  for (const model of r.models) versions.push(await delivered(s, tok.staff, { cid: acme, round: r.id, model }));
  return { ...r, versions };
}

// First: the report jobs of the deliveries below queue behind this one's (one worker, polling every second).
describe('the studio', () => {
  it('mails the approvers once when the round comes to need approval', async () => {
    const r = await freshRound(s, acme, 1);
    const subject = `${r.title} needs your approval`;
    const first = await setStatus(tok.staff, r.id, ROUND_STATUS.needsApproval);
    expect(first.body).toMatchObject({ success: true, status_service: 2, mailed: 2 });
    const mails = mailsWith(s, subject);
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => /^To: .*manager@acme\.test/im.test(m))).toBe(true);
    expect(mails.some((m) => /^To: .*multi@facet\.test/im.test(m))).toBe(true);
    expect(mails[0]).toContain(`${s.config.publicUrl}/review/${acme}/${r.id}`);
    expect((await setStatus(tok.staff, r.id, ROUND_STATUS.needsApproval)).body.mailed).toBe(0);
    expect(mailsWith(s, subject)).toHaveLength(2);
    expect(await count(s, `audit_log WHERE action = 'review.round_status' AND target_id = $1`, [r.id])).toBe(1);
    // Another change away and back is another change: mailed again.
    await setStatus(tok.staff, r.id, ROUND_STATUS.changesRequested);
    expect((await setStatus(tok.staff, r.id, ROUND_STATUS.needsApproval)).body.mailed).toBe(2);
  });

  it('delivers a version: files stored, numbered, a poster needed; the report job reads the .glb', async () => {
    const r = await freshRound(s, acme, 1);
    const ids = { cid: acme, round: r.id, model: r.models[0]! };
    const none = await deliver(s, tok.staff, { ...ids, images: [] });
    expect(none.status).toBe(422);
    expect(none.body.errors.render_1).toEqual([reviewWords.deliveryNeedsPoster]);
    const res = await deliver(s, tok.staff, { ...ids, images: ['render_1', 'render_3'], key: 'deliver-key-01' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const v = res.body.version;
    expect(v).toMatchObject({ number: 1, round_number: 1, report: null, decision: null, pins: [] });
    expect(v.glb).toMatch(new RegExp(`^review/${r.id}/${r.models[0]}/[\\w-]+\\.glb$`));
    expect(v.renders).toHaveLength(2);
    expect(v.poster).toBe(v.renders[0]);
    expect((await fetch(`${s.url}/storage/${v.glb}`)).status).toBe(200);
    expect((await deliver(s, tok.staff, { ...ids, images: ['render_1', 'render_3'], key: 'deliver-key-01' })).body).toEqual(
      res.body,
    );
    expect(await count(s, 'review_versions WHERE model_id = $1', [r.models[0]])).toBe(1);

    await expect
      .poll(async () => (await readRound(r.id)).models[0].versions[0].report, { timeout: 30_000, interval: 200 })
      .not.toBeNull();
    const report = (await readRound(r.id)).models[0].versions[0].report;
    expect(report.file_bytes).toBe(GLB.length);
    expect(report.triangles).toBeGreaterThan(0);
    expect(report.extensions).toContain('KHR_draco_mesh_compression');

    const broken = await delivered(s, tok.staff, {
      ...ids,
      glb: glbOf({ asset: { version: '2.0' }, buffers: [{ uri: 'https://example.com/a.bin', byteLength: 4 }] }),
    });
    await expect
      .poll(async () => (await readRound(r.id)).models[0].versions.find((x: { id: number }) => x.id === broken)?.report_error, {
        timeout: 30_000,
        interval: 200,
      })
      .toMatch(/outside the \.glb/);
    expect(
      await count(s, `audit_log WHERE action = 'review.deliver' AND target_type = 'review_version'`, []),
    ).toBeGreaterThanOrEqual(2);
  });
});

describe('who may write', () => {
  it('every write: a foreign round answers as an unknown one; without approve-services, the Viewer, anonymous: refused', async () => {
    const r = await reviewed(1);
    const pin = (await pinOn(tok.acme, acme, r.id, r.versions[0]!)).body.pin.id as number;
    const writes = (cid: number, round: number) =>
      [
        ['/posts/review/pin/store', { id_customer: cid, id_round: round, id_version: r.versions[0], ...PIN }],
        ['/posts/review/pin/reply', { id_customer: cid, id_round: round, id_pin: pin, body: 'Agreed.' }],
        ['/puts/review/pin/state', { id_customer: cid, id_round: round, id_pin: pin, state: 'resolved' }],
        ['/posts/review/decision', { id_customer: cid, id_round: round, id_version: r.versions[0], decision: 'approved' }],
      ] as const;
    for (const [path, body] of writes(borealis, r.id)) {
      const foreign = await post(path, tok.borealis, body);
      expect(foreign.status, path).toBe(404);
      expect(foreign.body).toEqual((await post(path, tok.borealis, { ...body, id_round: 999_999 })).body);
    }
    for (const [path, body] of writes(acme, r.id)) {
      expect((await post(path, tok.noApprove, body)).status, path).toBe(403);
      expect((await post(path, tok.viewer, body)).status, path).toBe(403);
      expect((await post(path, '', body)).status, path).toBe(401);
    }
    // Nothing was written by the refused calls.
    expect(await count(s, 'review_decisions WHERE version_id = $1', [r.versions[0]])).toBe(0);
    expect(await count(s, 'review_replies WHERE pin_id = $1', [pin])).toBe(0);
  });

  it("the studio's calls are staff's: a customer is refused with 403; staff naming another company get 404", async () => {
    const r = await freshRound(s, acme, 1);
    expect((await deliver(s, tok.acme, { cid: acme, round: r.id, model: r.models[0]! })).status).toBe(403);
    expect((await setStatus(tok.acme, r.id, 2)).status).toBe(403);
    expect((await deliver(s, tok.staff, { cid: borealis, round: r.id, model: r.models[0]! })).status).toBe(404);
    expect((await setStatus(tok.staff, r.id, 2, borealis)).status).toBe(404);
    expect((await setStatus(tok.staff, r.id, 3, -1)).status).toBe(200);
  });

  it('a version, pin or model of another round of the same company is not found', async () => {
    const [a, b] = [await reviewed(1), await reviewed(1)];
    const pin = (await pinOn(tok.acme, acme, a.id, a.versions[0]!)).body.pin.id as number;
    const other = { id_customer: acme, id_round: b.id };
    expect((await pinOn(tok.acme, acme, b.id, a.versions[0]!)).body.message).toBe('Version not found.');
    expect((await post('/posts/review/pin/reply', tok.acme, { ...other, id_pin: pin, body: 'x' })).status).toBe(404);
    expect((await post('/puts/review/pin/state', tok.acme, { ...other, id_pin: pin, state: 'resolved' })).status).toBe(404);
    expect((await decide(tok.acme, b.id, a.versions[0]!, 'approved')).status).toBe(404);
    const wrongModel = await deliver(s, tok.staff, { cid: acme, round: b.id, model: a.models[0]! });
    expect(wrongModel.status).toBe(404);
    expect(wrongModel.body.message).toBe('Model not found.');
  });
});

describe('pins and threads', () => {
  it('numbers pins per version; checks the place; replies, resolves and reopens; the round reads them all', async () => {
    const r = await reviewed(1);
    const v = r.versions[0]!;
    const first = await pinOn(tok.acme, acme, r.id, v);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      message: reviewWords.pinStored,
      pin: { number: 1, author: 'Alice Manager', state: 'open' },
    });
    const second = await pinOn(tok.staff, acme, r.id, v, {
      target: 'render',
      render_index: 0,
      position: [0.25, 0.75],
      normal: null,
    });
    expect(second.body.pin).toMatchObject({ number: 2, target: 'render', render_index: 0, author: 'Sam Staff' });
    const noNormal = await pinOn(tok.acme, acme, r.id, v, { normal: null });
    expect(noNormal.status).toBe(422);
    expect(noNormal.body.errors.position).toEqual([reviewWords.pinOnModelNeedsNormal]);
    const badRender = await pinOn(tok.acme, acme, r.id, v, {
      target: 'render',
      render_index: 3,
      position: [0.5, 0.5],
      normal: null,
    });
    expect(badRender.body.errors?.render_index).toEqual([reviewWords.noSuchRender]);

    const pin = first.body.pin.id as number;
    const ids = { id_customer: acme, id_round: r.id, id_pin: pin };
    const reply = await post('/posts/review/pin/reply', tok.staff, { ...ids, body: '  We will fix it.  ' });
    expect(reply.body).toMatchObject({ id_pin: pin, reply: { body: 'We will fix it.', author: 'Sam Staff' } });
    const resolved = await post('/puts/review/pin/state', tok.acme, { ...ids, state: 'resolved' });
    expect(resolved.body).toMatchObject({
      message: reviewWords.pinResolved,
      pin: { state: 'resolved', replies: [{ body: 'We will fix it.' }] },
    });
    expect(resolved.body.pin.updated_at > first.body.pin.updated_at).toBe(true);
    expect((await post('/puts/review/pin/state', tok.acme, { ...ids, state: 'open' })).body.message).toBe(
      reviewWords.pinReopened,
    );

    const version = (await readRound(r.id)).models[0].versions[0];
    expect(version.pins.map((p: { number: number }) => p.number)).toEqual([1, 2]);
    expect(version.pins[0]).toMatchObject({
      state: 'open',
      position: [0, 0.5, 0],
      normal: [0, 1, 0],
      replies: [{ author: 'Sam Staff' }],
    });
    expect(version.pins[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const actions = await s.db.query<{ action: string; target_type: string }>(
      `SELECT action, target_type FROM audit_log WHERE target_type = 'review_pin' AND target_id = $1 ORDER BY id`,
      [pin],
    );
    expect(actions.map((a) => a.action)).toEqual(['review.pin', 'review.reply', 'review.pin_state', 'review.pin_state']);
  });

  it('pins dropped at once take numbers 1, 2, 3… of their version; decisions at once: one is made', async () => {
    const r = await reviewed(1);
    const v = r.versions[0]!;
    const pins = await Promise.all([1, 2, 3, 4, 5].map(() => pinOn(tok.acme, acme, r.id, v)));
    expect(pins.map((p) => p.status)).toEqual([200, 200, 200, 200, 200]);
    expect(pins.map((p) => p.body.pin.number).sort()).toEqual([1, 2, 3, 4, 5]);
    const decisions = await Promise.all([1, 2, 3].map(() => decide(tok.acme, r.id, v, 'approved')));
    expect(decisions.map((d) => d.status).sort()).toEqual([200, 409, 409]);
    expect(await count(s, 'review_decisions WHERE version_id = $1', [v])).toBe(1);
  });

  it("a pin of someone whose account is gone reads 'Former user'; the same key twice makes one pin", async () => {
    const r = await reviewed(1);
    const temp = await makeMember(
      s,
      acme,
      (await s.db.one<{ id: number }>('SELECT id FROM roles WHERE customer_id = $1 AND position = 0', [acme]))!.id,
    );
    const a = await pinOn(temp.token, acme, r.id, r.versions[0]!, {}, 'pin-key-000001');
    const b = await pinOn(temp.token, acme, r.id, r.versions[0]!, {}, 'pin-key-000001');
    expect(b.headers.get('idempotent-replay')).toBe('true');
    expect(b.body).toEqual(a.body);
    expect(await count(s, 'review_pins WHERE version_id = $1', [r.versions[0]])).toBe(1);
    await s.db.query('DELETE FROM users WHERE id = $1', [temp.id]);
    expect((await readRound(r.id)).models[0].versions[0].pins[0].author).toBe('Former user');
  });
});

describe('decisions', () => {
  it('one decision for a request sent twice with the same key; a second decision is refused as decided', async () => {
    const r = await reviewed(1);
    const a = await decide(tok.acme, r.id, r.versions[0]!, 'approved', undefined, 'decide-key-0001');
    const b = await decide(tok.acme, r.id, r.versions[0]!, 'approved', undefined, 'decide-key-0001');
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('idempotent-replay')).toBe('true');
    expect(await count(s, 'review_decisions WHERE version_id = $1', [r.versions[0]])).toBe(1);
    expect(await count(s, `audit_log WHERE action = 'review.decision' AND target_id = $1`, [r.versions[0]])).toBe(1);
    const again = await decide(tok.acme, r.id, r.versions[0]!, 'approved');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(reviewCodes.decided);
  });

  it('an older version is superseded: 409 naming the current one', async () => {
    const r = await reviewed(1);
    const v2 = await delivered(s, tok.staff, {
      cid: acme,
      round: r.id,
      model: r.models[0]!,
      images: ['file_poster', 'render_2'],
    });
    const old = await decide(tok.acme, r.id, r.versions[0]!, 'approved');
    expect(old.status).toBe(409);
    expect(old.body).toMatchObject({
      success: false,
      message: reviewWords.superseded,
      code: reviewCodes.superseded,
      current_version: { id: v2, number: 2 },
    });
    expect(await count(s, 'review_decisions WHERE version_id = $1', [r.versions[0]])).toBe(0);
  });

  it('a change request needs an open pin or a note', async () => {
    const r = await reviewed(1);
    const v = r.versions[0]!;
    for (const note of [undefined, '   ']) {
      const bare = await decide(tok.acme, r.id, v, 'changes_requested', note);
      expect(bare.status).toBe(422);
      expect(bare.body.errors.note).toEqual([reviewWords.changesNeedPinOrNote]);
    }
    const pin = (await pinOn(tok.acme, acme, r.id, v)).body.pin.id;
    await post('/puts/review/pin/state', tok.acme, { id_customer: acme, id_round: r.id, id_pin: pin, state: 'resolved' });
    expect((await decide(tok.acme, r.id, v, 'changes_requested')).status).toBe(422);
    await post('/puts/review/pin/state', tok.acme, { id_customer: acme, id_round: r.id, id_pin: pin, state: 'open' });
    const ok = await decide(tok.acme, r.id, v, 'changes_requested');
    expect(ok.body).toMatchObject({ decision: 'changes_requested', change_requests: 1, message: reviewWords.changesRequested });
  });

  it("the round's status follows its models' states; the read shows who decided and when", async () => {
    const r = await reviewed(3);
    expect((await setStatus(tok.staff, r.id, ROUND_STATUS.needsApproval)).status).toBe(200);
    const [v1, v2, v3] = r.versions as [number, number, number];
    expect((await decide(tok.acme, r.id, v1, 'approved')).body.status_service).toBe(ROUND_STATUS.partlyApproved);
    expect((await decide(tok.acme, r.id, v2, 'changes_requested', 'Wrong fabric.')).body.status_service).toBe(
      ROUND_STATUS.partlyApproved,
    );
    expect((await decide(tok.acme, r.id, v3, 'approved')).body.status_service).toBe(ROUND_STATUS.changesRequested);
    const next = await delivered(s, tok.staff, { cid: acme, round: r.id, model: r.models[1]! });
    const last = await decide(tok.acme, r.id, next, 'approved');
    expect(last.body).toMatchObject({ status_service: ROUND_STATUS.approved, change_requests: 1 });
    const read = await readRound(r.id);
    expect(read.round.status_service).toBe(ROUND_STATUS.approved);
    expect(read.models[1].versions[0]).toMatchObject({
      decision: 'changes_requested',
      decision_note: 'Wrong fabric.',
      decided_by: 'Alice Manager',
    });
    expect(read.models[1].versions[0].decided_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(read.models[1].versions[1]).toMatchObject({ number: 2, decision: 'approved', decision_note: '' });
    expect(read.models.map((m: { state: string }) => m.state)).toEqual(['approved', 'approved', 'approved']);
  });
});
