// Saved views of the catalogue (src/api/contract/saved-views.ts, our extension). The guard checked the
// company and the catalogue permission; every query here also names the caller, so another user's
// view (of any company) answers like a missing one. Names follow the contract's rule (rules/saved-view.ts),
// checked against the caller's other views of the company; the unique index settles two devices racing.
import { savedViews as contract } from '../../src/api/contract/saved-views.ts';
import { savedViewErrors, VIEW_NAME_TAKEN } from '../../src/api/contract/rules/saved-view.ts';
import type { Db } from '../db/index.ts';
import { parseSince, settledNow } from '../domain/delta.ts';
import { iso } from '../domain/products.ts';
import { fieldError, notFound, refuseBroken } from '../http/errors.ts';
import { recordAnswer } from '../http/idempotency/index.ts';
import { implement } from '../http/routes.ts';

interface Row {
  id: number;
  name: string;
  query: string;
  created_at: Date | string;
  updated_at: Date | string;
  deleted_at: Date | string | null;
}
const COLUMNS = 'id, name, query, created_at, updated_at, deleted_at';
const BUMP = `updated_at = greatest(date_trunc('milliseconds', now()), updated_at + interval '1 millisecond')`;
const shape = (r: Row) => ({
  id: r.id,
  name: r.name,
  query: r.query,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

/** The caller's live views of a company, for the name rule. */
const namesOf = (t: Db, user: number, cid: number) =>
  t.query<{ id: number; name: string }>(
    'SELECT id, name FROM saved_views WHERE user_id = $1 AND customer_id = $2 AND deleted_at IS NULL FOR UPDATE',
    [user, cid],
  );

/** A concurrent save of the same name reaches the unique index: the rule's words, not a 500. */
async function nameTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw fieldError('name', VIEW_NAME_TAKEN);
    throw err;
  }
}

export const savedViewRoutes = implement(contract, {
  async list({ db, query, auth }) {
    const since = parseSince(query.updated_since);
    const rows = await db.query<Row>(
      `SELECT ${COLUMNS} FROM saved_views WHERE user_id = $1 AND customer_id = $2
          AND ($3::timestamptz IS NULL OR updated_at >= $3::timestamptz + interval '1 millisecond')
          AND ($3::timestamptz IS NOT NULL OR deleted_at IS NULL)
        ORDER BY lower(name), id`,
      [auth.user.id, query.id_customer, since ?? null],
    );
    // The cursor: the newest change sent, kept behind transactions that may still commit (delta.ts).
    const floor = (since ?? new Date(0)).toISOString();
    const newest = rows.reduce((m, r) => (iso(r.updated_at) > m ? iso(r.updated_at) : m), floor);
    const settled = await settledNow(db);
    const cursor = newest > settled ? (settled > floor ? settled : floor) : newest;
    const live = rows.filter((r) => !r.deleted_at);
    return { success: true, views: live.map(shape), deleted: rows.filter((r) => r.deleted_at).map((r) => r.id), cursor };
  },

  async store({ db, body, auth, req }) {
    const name = body.name.trim();
    return nameTaken(() =>
      db.tx(async (t) => {
        refuseBroken(savedViewErrors({ ...body, name }, await namesOf(t, auth.user.id, body.id_customer)));
        const row = (await t.one<Row>(
          `INSERT INTO saved_views (user_id, customer_id, name, query) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
          [auth.user.id, body.id_customer, name, body.query],
        ))!;
        // Written with the work: a retry whose answer was lost gets this view, not a second one.
        return recordAnswer(t, req, { success: true as const, message: 'View saved', view: shape(row) });
      }),
    );
  },

  async rename({ db, body, auth, req }) {
    const name = body.name.trim();
    return nameTaken(() =>
      db.tx(async (t) => {
        const others = await namesOf(t, auth.user.id, body.id_customer);
        if (!others.some((o) => o.id === body.id)) throw notFound('Saved view');
        refuseBroken(savedViewErrors({ name }, others, body.id));
        const row = (await t.one<Row>(`UPDATE saved_views SET name = $2, ${BUMP} WHERE id = $1 RETURNING ${COLUMNS}`, [
          body.id,
          name,
        ]))!;
        return recordAnswer(t, req, { success: true as const, message: 'View renamed', view: shape(row) });
      }),
    );
  },

  async remove({ db, query, auth, req }) {
    return db.tx(async (t) => {
      const gone = await t.one(
        `UPDATE saved_views SET deleted_at = now(), ${BUMP} WHERE id = $1 AND user_id = $2 AND customer_id = $3 AND deleted_at IS NULL RETURNING id`,
        [query.id, auth.user.id, query.id_customer],
      );
      if (!gone) throw notFound('Saved view');
      // A retry of a delete whose answer was lost is told it happened, not 404.
      return recordAnswer(t, req, { success: true as const, message: 'View deleted' });
    });
  },
});
