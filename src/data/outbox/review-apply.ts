// What a review command's success writes (issue 42): the server's pin, reply, state or decision goes
// into the stored round in place of the pending one, so the page shows it before its next read.
import type { Command } from '../local/index.ts';
import { patchReviewSnapshot, reviewSnapshotKey, withPin, withPinChange, withVersion } from '../local/index.ts';
import type { Done } from './done.ts';

type OnSuccess<N extends Command> = (x: Done<N>) => Promise<void>;
type ReviewCommand = Extract<Command, `review.${string}`>;

const keyOf = (x: Done<ReviewCommand>) => reviewSnapshotKey(x.call.body!.id_customer, x.call.body!.id_round);

export const pinStored: OnSuccess<'review.pinStore'> = (x) =>
  patchReviewSnapshot(x.d, keyOf(x), (data) => withPin(data, x.call.body!.id_version, x.reply.pin, x.e.creates?.temp));

export const replyStored: OnSuccess<'review.replyStore'> = (x) =>
  patchReviewSnapshot(x.d, keyOf(x), (data) =>
    withPinChange(data, x.reply.id_pin, (p) => ({
      ...p,
      replies: [...p.replies.filter((r) => r.id !== x.reply.reply.id), x.reply.reply],
    })),
  );

export const pinStateSaved: OnSuccess<'review.pinState'> = (x) =>
  patchReviewSnapshot(x.d, keyOf(x), (data) => withPinChange(data, x.reply.pin.id, () => x.reply.pin));

export const decided: OnSuccess<'review.decide'> = (x) =>
  patchReviewSnapshot(x.d, keyOf(x), (data) => {
    const next = withVersion(data, x.reply.id_version, (v) => ({
      ...v,
      decision: x.reply.decision,
      decision_note: x.call.body!.note ?? '',
      decided_at: v.decided_at ?? new Date().toISOString(),
    }));
    return {
      round: { ...next.round, status_service: x.reply.status_service },
      models: next.models.map((m) =>
        m.versions.some((v) => v.id === x.reply.id_version) ? { ...m, change_requests: x.reply.change_requests } : m,
      ),
    };
  });
