// The studio's side of a review round (issue 42, staff only): a model's next version delivered with its
// files (the report is read by a job), and the round's status set, which mails the company's approvers
// when the round comes to need their approval (once per change: setting 2 again mails nobody).
import type { review as contract } from '../../src/api/contract/review.ts';
import { ROUND_STATUS, reviewWords } from '../../src/api/contract/rules/review.ts';
import { audit } from '../domain/users-audit.ts';
import { fieldError } from '../http/errors.ts';
import { recordAnswer } from '../http/idempotency/index.ts';
import type { UploadedFile } from '../http/multipart.ts';
import type { Handler } from '../http/routes.ts';
import { QUEUES } from '../jobs/queue.ts';
import { modelInRound } from '../review/scope.ts';
import { lockRound, mailApprovers } from '../review/status.ts';
import { versionById } from '../review/versions.ts';
import { PendingFiles } from '../storage/files.ts';

type C = typeof contract;
const RENDERS = ['render_1', 'render_2', 'render_3'] as const;

const deliver: Handler<C['deliver']> = async ({ db, storage, jobs, body, files, auth, req }) => {
  const renderFiles = RENDERS.map((k) => files[k]).filter((f): f is UploadedFile => !!f);
  // The server cannot draw a model: without a poster or a render the page would have nothing to show.
  if (!files.file_poster && !renderFiles.length) throw fieldError('render_1', reviewWords.deliveryNeedsPoster);
  await modelInRound(db, body.id_round, body.id_model); // refused before any file is written
  const folder = `review/${body.id_round}/${body.id_model}`;
  // Files first, outside the transaction (a .glb may be 15 MB): removed again if the rows do not commit.
  const pending = new PendingFiles(storage);
  try {
    const glb = files.file_glb!;
    const glbPath = await pending.save(folder, glb.ext, glb.bytes);
    const usdz = files.file_usdz ? await pending.save(folder, files.file_usdz.ext, files.file_usdz.bytes) : null;
    const renders: string[] = [];
    for (const f of renderFiles) renders.push(await pending.save(folder, f.ext, f.bytes));
    const poster = files.file_poster ? await pending.save(folder, files.file_poster.ext, files.file_poster.bytes) : renders[0]!;
    await jobs.ready(); // before the transaction that queues the report (queue.ts)
    return await db.tx(async (t) => {
      // The model's row locked: deliveries take their numbers in turn, and a decision waits for this one.
      const m = await modelInRound(t, body.id_round, body.id_model, true);
      const row = (await t.one<{ id: number; number: number }>(
        `INSERT INTO review_versions (model_id, number, round_number, glb, usdz, poster, renders, file_bytes, delivered_by)
         SELECT $1, coalesce(max(number), 0) + 1, least(greatest($2::int, 1), 7), $3::text, $4::text, $5::text, $6::jsonb, $7::bigint, $8::int
           FROM review_versions WHERE model_id = $1
         RETURNING id, number`,
        [m.id, m.round_current, glbPath, usdz, poster, JSON.stringify(renders), glb.bytes.length, auth.user.id],
      ))!;
      await jobs.send(QUEUES.reviewReport, { versionId: row.id }, { db: t });
      await audit(t, {
        customerId: m.customer_id,
        actor: auth.user,
        action: 'review.deliver',
        target: { type: 'review_version', id: row.id, name: `${m.product}, version ${row.number}` },
        after: { glb: glbPath, usdz, poster, renders },
      });
      const version = await versionById(t, row.id);
      return recordAnswer(t, req, { success: true as const, message: reviewWords.delivered, version });
    });
  } catch (err) {
    await pending.discard();
    throw err;
  }
};

const roundStatus: Handler<C['roundStatus']> = async ({ db, mailer, config, body, auth, req }) =>
  db.tx(async (t) => {
    const round = await lockRound(t, body.id_round);
    const to = body.status_service;
    let mailed = 0;
    if (round.status_service !== to) {
      await t.query('UPDATE dashboard_rounds SET status_service = $2 WHERE id = $1', [round.id, to]);
      await audit(t, {
        customerId: round.customer_id,
        actor: auth.user,
        action: 'review.round_status',
        target: { type: 'review_round', id: round.id, name: round.title },
        before: { status_service: round.status_service },
        after: { status_service: to },
      });
      if (to === ROUND_STATUS.needsApproval) mailed = await mailApprovers(t, { mailer, config }, round);
    }
    return recordAnswer(t, req, { success: true as const, message: reviewWords.statusSaved, status_service: to, mailed });
  });

export const studioHandlers = { deliver, roundStatus };
