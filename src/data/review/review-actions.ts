// What a reviewer does on a round (issue 42): a pin, a reply, a pin resolved or opened again, a decision.
// Each is one user action through the outbox (offline too): checked with the contract's rules first,
// shown at once as pending (review-overlay.ts) and sent once. A new pin has a temp id, so a reply to it
// waits for it and is sent with the server's id. The studio's delivery and a round's status are sent
// straight (online only, staff), with the key their user action made.
import { deliverVersion, reviewArLink, setRoundStatus, type DeliveryFiles } from '../../api/review.ts';
import { tableErrors } from '../../api/contract/rules/check.ts';
import { pinPlaceError, reviewTextRules, reviewWords, type PinState } from '../../api/contract/rules/review.ts';
import { addError } from '../../api/contract/rules/check.ts';
import { db, inAction, newTempId, refuseBroken } from '../local/index.ts';
import { enqueue, kick } from '../outbox/index.ts';

export interface RoundRef {
  cid: number;
  roundId: number;
}
export type PinPlace =
  | { target: 'model'; position: [number, number, number]; normal: [number, number, number] }
  | { target: 'render'; render_index: number; position: [number, number] };
export type Decision = 'approved' | 'changes_requested';

const versionEntity = (id: number) => `reviewVersion:${id}`;
const pinEntity = (id: number) => `reviewPin:${id}`;
const ids = (r: RoundRef) => ({ id_customer: r.cid, id_round: r.roundId });
const tables = () => [db().idmap];

async function queue(actionId: string, draft: Parameters<typeof enqueue>[0][number]): Promise<void> {
  await inAction(actionId, tables(), () => enqueue([draft], { id: actionId, label: draft.label }));
  kick();
}

/** Drops a numbered pin with a comment on a version (the number is the server's; pending it shows the next free one). */
export async function addPin(r: RoundRef, versionId: number, place: PinPlace, comment: string, actionId: string): Promise<void> {
  const body = comment.trim();
  const errors = tableErrors(reviewTextRules, { comment: body }, ['comment']);
  const placeError = pinPlaceError(place);
  if (placeError) addError(errors, 'position', placeError);
  refuseBroken(errors);
  const temp = newTempId();
  await queue(actionId, {
    label: 'Add a pin',
    entities: [versionEntity(versionId), pinEntity(temp)],
    errorPrefix: 'Error adding the pin: ',
    creates: { temp, kind: 'reviewPin', from: 'reviewPin.id' },
    call: { command: 'review.pinStore', body: { ...ids(r), id_version: versionId, ...place, body } },
  });
}

/** A reply in a pin's thread (a pending pin too: sent after it, with its real id). */
export async function replyToPin(r: RoundRef, pinId: number, reply: string, actionId: string): Promise<void> {
  const body = reply.trim();
  refuseBroken(tableErrors(reviewTextRules, { reply: body }, ['reply']));
  await queue(actionId, {
    label: 'Reply to a pin',
    entities: [pinEntity(pinId)],
    errorPrefix: 'Error replying: ',
    call: { command: 'review.replyStore', body: { ...ids(r), id_pin: pinId, body } },
  });
}

export async function setPinState(r: RoundRef, pinId: number, state: PinState, actionId: string): Promise<void> {
  await queue(actionId, {
    label: state === 'resolved' ? 'Resolve a pin' : 'Reopen a pin',
    entities: [pinEntity(pinId)],
    errorPrefix: 'Error saving the pin: ',
    call: { command: 'review.pinState', body: { ...ids(r), id_pin: pinId, state } },
  });
}

/**
 * Approve, or request changes (an open pin or a note needed: `openPins` counts the version's, pending
 * ones included). Sent after the version's queued pins, so a request made of offline pins holds.
 */
export async function decideVersion(
  r: RoundRef,
  v: { id: number; openPins: number },
  decision: Decision,
  note: string,
  actionId: string,
): Promise<void> {
  const text = note.trim();
  const errors = tableErrors(reviewTextRules, { note: text }, []);
  if (decision === 'changes_requested' && !text && v.openPins === 0) addError(errors, 'note', reviewWords.changesNeedPinOrNote);
  refuseBroken(errors);
  const label = decision === 'approved' ? 'Approve a model' : 'Request changes';
  await queue(actionId, {
    label,
    entities: [versionEntity(v.id)],
    errorPrefix: 'Error saving the decision: ',
    call: { command: 'review.decide', body: { ...ids(r), id_version: v.id, decision, note: text } },
  });
}

/** The studio delivers a model's next version (staff, online only): the server's new version. */
export const deliver = (r: RoundRef, modelId: number, files: DeliveryFiles, key: string) =>
  deliverVersion({ ...ids(r), id_model: modelId }, files, key);

/** The studio sets a round's status (staff, online only); 2 e-mails the approvers. */
export const saveRoundStatus = (r: RoundRef, status: number, key: string) =>
  setRoundStatus({ ...ids(r), status_service: status }, key);

/** A signed link to the version's model for AR on a phone (online only; it expires: AR_LINK_MINUTES). */
export const arLink = (r: RoundRef, versionId: number) => reviewArLink({ ...ids(r), id_version: versionId });
