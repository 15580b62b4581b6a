// Pins and their threads on a review round (issue 42): a pin dropped on a version, a reply, a pin
// resolved or opened again. The guard checked the round is the company's and the caller may approve;
// each pin or version named must be of that round (scope.ts). Every change is audited with its work.
import type { review as contract } from '../../src/api/contract/review.ts';
import { pinPlaceError, reviewWords } from '../../src/api/contract/rules/review.ts';
import { audit } from '../domain/users-audit.ts';
import { fieldError } from '../http/errors.ts';
import { recordAnswer } from '../http/idempotency/index.ts';
import type { Handler } from '../http/routes.ts';
import { isoSql, nameSql, pinById } from '../review/pins.ts';
import { pinInRound, versionInRound } from '../review/scope.ts';

type C = typeof contract;

const pinStore: Handler<C['pinStore']> = async ({ db, body, auth, req }) => {
  const why = pinPlaceError(body);
  if (why) throw fieldError('position', why);
  return db.tx(async (t) => {
    // The version's row locked: pins dropped at once take their numbers in turn (UNIQUE(version_id, number) backs it).
    const v = await versionInRound(t, body.id_round, body.id_version, true);
    if (body.target === 'render' && body.render_index! >= v.renders.length)
      throw fieldError('render_index', reviewWords.noSuchRender);
    const row = (await t.one<{ id: number; number: number }>(
      `INSERT INTO review_pins (version_id, number, target, render_index, position, normal, body, author_id)
       SELECT $1, coalesce(max(number), 0) + 1, $2::text, $3::int, $4::jsonb, $5::jsonb, $6::text, $7::int FROM review_pins WHERE version_id = $1
       RETURNING id, number`,
      [
        v.id,
        body.target,
        body.render_index ?? null,
        JSON.stringify(body.position),
        body.normal ? JSON.stringify(body.normal) : null,
        body.body.trim(),
        auth.user.id,
      ],
    ))!;
    await audit(t, {
      customerId: v.customer_id,
      actor: auth.user,
      action: 'review.pin',
      target: { type: 'review_pin', id: row.id, name: `Pin ${row.number} on ${v.label}` },
      after: { target: body.target, body: body.body.trim() },
    });
    const pin = await pinById(t, row.id);
    return recordAnswer(t, req, { success: true as const, message: reviewWords.pinStored, pin });
  });
};

const replyStore: Handler<C['replyStore']> = async ({ db, body, auth, req }) =>
  db.tx(async (t) => {
    const pin = await pinInRound(t, body.id_round, body.id_pin);
    const text = body.body.trim();
    const reply = (await t.one<{ id: number; body: string; author: string; created_at: string }>(
      `WITH r AS (INSERT INTO review_replies (pin_id, body, author_id) VALUES ($1, $2, $3) RETURNING *)
       SELECT r.id, r.body, ${nameSql('u')} AS author, ${isoSql('r.created_at')} AS created_at
         FROM r LEFT JOIN users u ON u.id = r.author_id`,
      [pin.id, text, auth.user.id],
    ))!;
    await audit(t, {
      customerId: pin.customer_id,
      actor: auth.user,
      action: 'review.reply',
      target: { type: 'review_pin', id: pin.id, name: pin.label },
      after: { body: text },
    });
    return recordAnswer(t, req, { success: true as const, message: reviewWords.replyStored, id_pin: pin.id, reply });
  });

const pinState: Handler<C['pinState']> = async ({ db, body, auth, req }) =>
  db.tx(async (t) => {
    const pin = await pinInRound(t, body.id_round, body.id_pin, true);
    // Setting the state it has already is a success that changes (and audits) nothing.
    if (pin.state !== body.state) {
      await t.query(
        `UPDATE review_pins SET state = $2, updated_at = greatest(date_trunc('milliseconds', now()), updated_at + interval '1 millisecond')
          WHERE id = $1`,
        [pin.id, body.state],
      );
      await audit(t, {
        customerId: pin.customer_id,
        actor: auth.user,
        action: 'review.pin_state',
        target: { type: 'review_pin', id: pin.id, name: pin.label },
        before: { state: pin.state },
        after: { state: body.state },
      });
    }
    const message = body.state === 'resolved' ? reviewWords.pinResolved : reviewWords.pinReopened;
    return recordAnswer(t, req, { success: true as const, message, pin: await pinById(t, pin.id) });
  });

export const pinHandlers = { pinStore, replyStore, pinState };
