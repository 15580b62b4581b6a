// The queued review commands laid over the stored round (issue 42): a pin, a reply, a state or a
// decision not yet on the server shows at once, marked pending, and survives a reload and a refresh
// of the round (the stored round is the server's alone; this is applied on every read).
import type { OutboxEntry, ReviewRoundData, CommandCall } from '../local/index.ts';
import { versionOfPin, withPin, withPinChange, withVersion } from '../local/index.ts';

type ReviewCall = Extract<CommandCall, { command: `review.${string}` }>;
const isReview = (e: OutboxEntry): e is OutboxEntry & { call: ReviewCall } => e.call.command.startsWith('review.');

/** The outbox entries of one round, oldest first. */
export const entriesOfRound = (entries: OutboxEntry[], roundId: number) =>
  entries.filter(isReview).filter((e) => e.call.body?.id_round === roundId);

function applyOne(data: ReviewRoundData, e: OutboxEntry & { call: ReviewCall }, at: string): ReviewRoundData {
  const c = e.call;
  switch (c.command) {
    case 'review.pinStore': {
      const b = c.body!;
      const version = data.models.flatMap((m) => m.versions).find((v) => v.id === b.id_version);
      if (!version || !e.creates) return data;
      const number = Math.max(0, ...version.pins.map((p) => p.number)) + 1;
      return withPin(data, b.id_version, {
        id: e.creates.temp,
        number,
        target: b.target,
        render_index: b.render_index ?? null,
        position: b.position,
        normal: b.normal ?? null,
        body: b.body,
        state: 'open',
        author: 'You',
        created_at: at,
        updated_at: at,
        replies: [],
        pending: true,
      });
    }
    case 'review.replyStore': {
      const b = c.body!;
      const reply = { id: -(e.id ?? 0), body: b.body, author: 'You', created_at: at, pending: true };
      return withPinChange(data, b.id_pin, (p) => ({ ...p, replies: [...p.replies, reply] }));
    }
    case 'review.pinState': {
      const b = c.body!;
      return versionOfPin(data, b.id_pin) ? withPinChange(data, b.id_pin, (p) => ({ ...p, state: b.state, pending: true })) : data;
    }
    case 'review.decide': {
      const b = c.body!;
      return withVersion(data, b.id_version, (v) => ({
        ...v,
        decision: b.decision,
        decision_note: b.note ?? '',
        decided_by: 'You',
        decided_at: at,
        decision_pending: true,
      }));
    }
  }
}

/** The round as the reviewer sees it: the server's, then what this device has queued on it. */
export function withPending(data: ReviewRoundData, entries: OutboxEntry[]): ReviewRoundData {
  return entries.reduce((d, e) => (isReview(e) ? applyOne(d, e, new Date(e.createdAt).toISOString()) : d), data);
}
