// A review round kept on the device (issue 42): the server's answer under `review:<company>:<round>` in
// the snapshots table, and the pure changes a pin, a reply, a pin's state or a decision make to it.
// The review room lays the queued ones over the stored round (marked pending); the outbox writes the
// server's own once a call succeeds, so a sent pin never blinks out before the next read.
import type { Static } from '@sinclair/typebox';
import type { ReviewModel, ReviewPin, ReviewReply, ReviewRound, ReviewVersion } from '../../api/contract/review.ts';
import { modelState } from '../../api/contract/rules/review.ts';
import type { FacetDb } from './db.ts';

type Pending = { pending?: boolean };
export type ReviewReplyData = Static<typeof ReviewReply> & Pending;
export type ReviewPinData = Omit<Static<typeof ReviewPin>, 'replies'> & Pending & { replies: ReviewReplyData[] };
export type ReviewVersionData = Omit<Static<typeof ReviewVersion>, 'pins'> & { pins: ReviewPinData[]; decision_pending?: boolean };
export type ReviewModelData = Omit<Static<typeof ReviewModel>, 'versions'> & { versions: ReviewVersionData[] };
export type ReviewRoundData = { round: Static<typeof ReviewRound>; models: ReviewModelData[] };

export const reviewSnapshotKey = (cid: number, roundId: number) => `review:${cid}:${roundId}`;

/** The round with one version changed (and its model's state and open pins counted again). */
export function withVersion(
  data: ReviewRoundData,
  versionId: number,
  change: (v: ReviewVersionData) => ReviewVersionData,
): ReviewRoundData {
  return {
    ...data,
    models: data.models.map((m) => {
      if (!m.versions.some((v) => v.id === versionId)) return m;
      const versions = m.versions.map((v) => (v.id === versionId ? change(v) : v));
      const latest = versions.at(-1);
      return {
        ...m,
        versions,
        state: modelState(latest && { decision: latest.decision }),
        open_pins: latest ? latest.pins.filter((p) => p.state === 'open').length : 0,
      };
    }),
  };
}

/** The version that holds a pin (a temp id too). */
export const versionOfPin = (data: ReviewRoundData, pinId: number) =>
  data.models.flatMap((m) => m.versions).find((v) => v.pins.some((p) => p.id === pinId));

/** A pin added, or put in place of the one with the same id (a sent pin replacing its pending self). */
export function withPin(data: ReviewRoundData, versionId: number, pin: ReviewPinData, replacing = pin.id): ReviewRoundData {
  return withVersion(data, versionId, (v) => {
    const others = v.pins.filter((p) => p.id !== replacing && p.id !== pin.id);
    return { ...v, pins: [...others, pin].sort((a, b) => a.number - b.number) };
  });
}

/** A pin changed in place (its state, a reply). */
export function withPinChange(data: ReviewRoundData, pinId: number, change: (p: ReviewPinData) => ReviewPinData): ReviewRoundData {
  const v = versionOfPin(data, pinId);
  return v ? withVersion(data, v.id, (x) => ({ ...x, pins: x.pins.map((p) => (p.id === pinId ? change(p) : p)) })) : data;
}

/** Writes a change to the stored round, if the device has it. */
export async function patchReviewSnapshot(
  d: FacetDb,
  key: string,
  change: (data: ReviewRoundData) => ReviewRoundData,
): Promise<void> {
  const row = await d.snapshots.get(key);
  const data = row?.data as Partial<ReviewRoundData> | undefined;
  if (!row || !data?.round || !data.models) return;
  await d.snapshots.put({ ...row, data: change(data as ReviewRoundData), patchedAt: Date.now() });
}
