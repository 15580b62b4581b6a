// Review rounds offline (issue 42): a pin, a reply to it and a change request made offline show at once
// (pending), survive a reload, and reach the server once on reconnect, the reply with the pin's real id.
// A discarded pin takes its reply with it and nothing reaches the server; a decision queued on a version
// the studio has since replaced comes back with its own code, never to be retried.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { db } from '../../src/data/local/db.ts';
import { discardAction } from '../../src/data/outbox/outbox-discard.ts';
import { drainOutbox, policy, retryWaitingNow } from '../../src/data/outbox/outbox.ts';
import { addPin, decideVersion, readReviewRound, refreshReviewRound, replyToPin } from '../../src/data/review/index.ts';
import { reviewCodes } from '../../src/api/contract/rules/review.ts';
import { DEMO } from '../support/http.ts';
import { settle, startHarness, type Harness } from './support.ts';

let h: Harness;
let ref: { cid: number; roundId: number };
beforeAll(async () => {
  h = await startHarness(DEMO.acme);
  // The company's round that needs approval, and in it the models still to review.
  const round = await h.s.db.one<{ id: number }>('SELECT id FROM dashboard_rounds WHERE customer_id = $1 AND status_service = 2 LIMIT 1', [
    h.cid,
  ]);
  ref = { cid: h.cid, roundId: round!.id };
  expect(await refreshReviewRound(ref.cid, ref.roundId)).toBeUndefined();
});
afterAll(async () => h?.s.close());

/** The models whose latest version waits for a decision, as this device shows them. */
async function toReview() {
  const snap = await readReviewRound(ref.cid, ref.roundId);
  const found = snap!.data.models!.filter((m) => m.state === 'review').map((m) => ({ model: m, latest: m.versions.at(-1)! }));
  expect(found.length).toBeGreaterThan(0);
  return found as [(typeof found)[number], ...typeof found];
}
const rows = (sql: string, params: unknown[]) => h.s.db.query<Record<string, unknown>>(sql, params);
const offline = () => {
  h.net.offline = true;
  policy.baseDelay = policy.maxDelay = 600_000;
};
/** Back online, as the portal's 'online' event does: what waited out a backoff goes now. */
const online = async () => {
  h.net.offline = false;
  [policy.baseDelay, policy.maxDelay] = [2, 40];
  await retryWaitingNow();
};

it('a pin, its reply and a change request made offline show pending, survive a reload and are sent once', async () => {
  const [{ model, latest }] = await toReview();
  offline();
  await addPin(ref, latest.id, { target: 'model', position: [0, 0.5, 0.1], normal: [0, 0, 1] }, '  The armrest is too thin  ', 'offline-pin');
  await addPin(ref, latest.id, { target: 'model', position: [0, 0.5, 0.1], normal: [0, 0, 1] }, 'The armrest is too thin', 'offline-pin');
  let shown = (await toReview()).find((x) => x.model.id === model.id)!.latest;
  const pin = shown.pins.find((p) => p.pending)!;
  expect(pin).toMatchObject({ body: 'The armrest is too thin', state: 'open', author: 'You' });
  await replyToPin(ref, pin.id, 'Thicker by 1 cm, please', 'offline-reply');
  await decideVersion(ref, { id: latest.id, openPins: shown.pins.filter((p) => p.state === 'open').length }, 'changes_requested', '', 'offline-decide');
  await drainOutbox(); // tried offline: nothing reaches the server

  h.reload();
  const after = (await readReviewRound(ref.cid, ref.roundId))!.data.models!.find((m) => m.id === model.id)!;
  shown = after.versions.at(-1)!;
  expect(after.state).toBe('changes');
  expect(shown.decision_pending).toBe(true);
  expect(shown.pins.find((p) => p.id === pin.id)!.replies.map((r) => [r.body, r.pending])).toEqual([['Thicker by 1 cm, please', true]]);

  await online();
  expect(await settle()).toEqual([]);
  const pins = await rows('SELECT id, body FROM review_pins WHERE version_id = $1 AND body = $2', [latest.id, 'The armrest is too thin']);
  expect(pins).toHaveLength(1);
  expect(await rows('SELECT body FROM review_replies WHERE pin_id = $1', [pins[0]!.id])).toEqual([{ body: 'Thicker by 1 cm, please' }]);
  expect(await rows('SELECT decision FROM review_decisions WHERE version_id = $1', [latest.id])).toEqual([{ decision: 'changes_requested' }]);
  // The stored round holds the server's pin in place of the pending one, before any new read.
  const stored = (await readReviewRound(ref.cid, ref.roundId))!.data.models!.find((m) => m.id === model.id)!.versions.at(-1)!;
  expect(stored.pins.filter((p) => p.body === 'The armrest is too thin').map((p) => [p.id, p.pending])).toEqual([[pins[0]!.id, undefined]]);
});

it('a discarded pin takes its queued reply with it, and nothing reaches the server', async () => {
  const [{ latest }] = await toReview();
  offline();
  await addPin(ref, latest.id, { target: 'render', render_index: 0, position: [0.25, 0.75] }, 'Shadow too dark', 'discarded-pin');
  const pin = (await toReview())[0]!.latest.pins.find((p) => p.pending)!;
  await replyToPin(ref, pin.id, 'Agreed', 'discarded-reply');
  await drainOutbox();
  expect(await discardAction('discarded-pin')).toBe(true);
  expect(await db().outbox.count()).toBe(0);
  expect((await toReview())[0]!.latest.pins.some((p) => p.pending)).toBe(false);
  await online();
  expect(await settle()).toEqual([]);
  expect(await rows('SELECT id FROM review_pins WHERE body = $1', ['Shadow too dark'])).toEqual([]);
});

it('a decision queued on a version the studio replaced meanwhile is refused with its own code, not retried', async () => {
  const [{ model, latest }] = await toReview();
  offline();
  await decideVersion(ref, { id: latest.id, openPins: 0 }, 'approved', '', 'superseded-approve');
  await drainOutbox();
  // Meanwhile the studio delivers the next version (as its delivery would write it).
  await h.s.db.query(
    `INSERT INTO review_versions (model_id, number, round_number, glb, renders, file_bytes)
     SELECT model_id, number + 1, round_number, glb, renders, file_bytes FROM review_versions WHERE id = $1`,
    [latest.id],
  );
  await online();
  const [stopped] = await settle();
  expect(stopped).toMatchObject({ state: 'parked', refused: { status: 409, code: reviewCodes.superseded } });
  expect(await rows('SELECT id FROM review_decisions WHERE version_id = $1', [latest.id])).toEqual([]);
  expect(model.id).toBeGreaterThan(0);
});
