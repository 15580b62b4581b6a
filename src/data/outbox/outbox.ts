// The outbox: queued mutations, drained in order by one tab at a time (Web Locks).
// Network errors, 5xx and 429 retry with capped exponential backoff and jitter; a 4xx parks
// the entry and those that depend on it; a 409 with the server's row is a conflict the user
// settles (conflict.ts). Nothing leaves the outbox except by success or by the user's choice.
import { newActionId } from '../../api/action-id.ts';
import { ApiFailure, toFailure } from '../../api/client.ts';
import { idempotencyCodes } from '../../api/contract/idempotency.ts';
import { productCodes, productWords } from '../../api/contract/rules/product.ts';
import { claimAction, entryKey, takePositions } from '../local/index.ts';
import { outboxNaming } from '../local/index.ts';
import { retryRoots } from '../local/index.ts';
import { db, dbEpoch, onOpen } from '../local/index.ts';
import { applySuccess, confirmServerProduct, type ServerProductReply } from './outbox-apply.ts';
import { expandBulk, noBulkRoute } from './bulk-fallback.ts';
import { ensureToken, sendQueued } from '../local/index.ts';
import { markServerReached, syncStatus } from '../local/index.ts';
import { entityKind, resolveTemps } from '../local/index.ts';
import type { OutboxCall, OutboxEntry } from '../local/index.ts';

export { newActionId };

export const policy = { baseDelay: 1000, maxDelay: 5 * 60_000, random: Math.random };

export interface Draft {
  label: string;
  call: OutboxCall;
  entities: string[];
  creates?: OutboxEntry['creates'];
  base?: string;
  /** An edit's fields as they were before it (the ancestor of a conflict's merge). */
  was?: Record<string, unknown>;
  errorPrefix?: string;
  /** Extra dependencies beyond the shared-entity rule (ids of entries already queued). */
  after?: number[];
}

/** One user action: every entry a mutation queues for it carries its id and label. */
export interface Action {
  id: string;
  label: string;
}

/**
 * Appends entries for an action. Call it inside the mutation's Dexie transaction (with the
 * optimistic change), so that both land or neither. Idempotent per action: an action queued by an
 * earlier transaction (claimAction) queues nothing again. Each entry's Idempotency-Key is the
 * action's id and the entry's position, so a resend, or a repeat after sending, meets the server's
 * stored answer. Each entry depends on every queued entry that shares an entity (a tag, ambient or
 * template tag it only refers to: on the entry that creates it, see priorEntries).
 */
export async function enqueue(drafts: Draft[], action: Action): Promise<number[]> {
  if (!(await claimAction(action.id))) return [];
  const d = db();
  const ids: number[] = [];
  const positions = takePositions(action.id, drafts.length);
  for (const [i, x] of drafts.entries()) {
    const prior = await priorEntries(x);
    ids.push(await d.outbox.add({
      action: action.id, actionLabel: action.label,
      label: x.label, call: x.call, entities: x.entities, creates: x.creates, base: x.base, was: x.was, errorPrefix: x.errorPrefix,
      key: entryKey(action.id, positions[i]!), state: 'queued', attempts: 0, nextAt: 0, createdAt: Date.now(),
      dependsOn: [...new Set([...prior, ...(x.after ?? [])])],
    }));
  }
  return ids;
}

/**
 * Tags, ambients and template tags are only referred to by the calls that attach them: such a call
 * waits for their create, not for every other call that attaches them, so one refused product (or
 * template) does not hold back the others of its batch that share a new tag.
 */
const REFERENCED = new Set(['tag', 'ambient', 'templateTag']);

async function priorEntries(x: Draft): Promise<number[]> {
  const made = x.creates && `${x.creates.kind}:${x.creates.temp}`;
  const own = x.entities.filter((e) => !REFERENCED.has(entityKind(e)) || e === made);
  const mine = new Set(own); // a bulk action names 10,000 products: no includes() per entity
  const refs = x.entities.filter((e) => !mine.has(e));
  const d = db();
  const shared = (await outboxNaming(own)).map((e) => e.id!);
  const creators = refs.length
    ? (await d.outbox.where('entities').anyOf(refs).toArray()).filter((e) => e.creates && refs.includes(`${e.creates.kind}:${e.creates.temp}`)).map((e) => e.id!)
    : [];
  return [...shared, ...creators];
}

/** Starts a drain soon (after the caller's transaction has committed). */
export function kick() {
  setTimeout(() => void drainOutbox().catch(() => undefined), 0);
}

let running: Promise<void> | undefined;
let again = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const drainedListeners = new Set<() => void>();
/** sync.ts pulls after a drain that sent something. */
export const onDrained = (f: () => void) => (drainedListeners.add(f), () => void drainedListeners.delete(f));

onOpen(() => {
  running = undefined;
  if (timer) clearTimeout(timer);
  timer = undefined;
});

/** Sends what can be sent now. Also what the service worker's `sync` event calls. */
export function drainOutbox(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  const epoch = dbEpoch();
  let run: Promise<void> | undefined = undefined;
  run = (async () => {
    try {
      do {
        again = false;
        await withLock(() => drainLoop(epoch));
      } while (again && epoch === dbEpoch());
    } finally {
      if (running === run) running = undefined;
      if (epoch === dbEpoch()) syncStatus.set({ draining: false });
    }
  })();
  running = run;
  return run;
}

async function withLock(f: () => Promise<void>) {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (locks) await locks.request('facet-outbox', f);
  else await f();
}

async function drainLoop(epoch: number) {
  // Signed out (or a service worker without the cookie): keep everything for the next session.
  if (!(await ensureToken())) return;
  // The browser knows it is offline: burn no attempts; the 'online' event drains again.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    syncStatus.set({ online: false });
    return;
  }
  const d = db();
  let sent = 0;
  while (epoch === dbEpoch()) {
    const entries = await d.outbox.orderBy('id').toArray();
    if (!entries.length) break;
    syncStatus.set({ draining: true });
    const byId = new Map(entries.map((e) => [e.id!, e]));
    const now = Date.now();
    let next: OutboxEntry | undefined;
    let wait = Infinity;
    let parkedOne = false;
    for (const e of entries) {
      if (e.state === 'parked' || e.state === 'conflict') continue;
      const failed = e.dependsOn.map((id) => byId.get(id)).find((x) => x && (x.state === 'parked' || x.state === 'conflict'));
      if (failed) {
        await d.outbox.update(e.id!, { state: 'parked', blockedBy: failed.id, error: `Waiting for a change that failed: ${failed.label}` });
        parkedOne = true;
        break;
      }
      if (e.dependsOn.some((id) => byId.has(id))) continue;
      if (e.nextAt > now) {
        wait = Math.min(wait, e.nextAt);
        continue;
      }
      next = e;
      break;
    }
    if (parkedOne) continue;
    if (!next) {
      if (wait < Infinity) schedule(wait - now);
      break;
    }
    const outcome = await sendOne(next, epoch);
    if (outcome === 'sent') sent++;
    else if (outcome === 'stop') break;
  }
  if (sent && epoch === dbEpoch()) for (const f of drainedListeners) f();
}

function schedule(ms: number) {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    void drainOutbox().catch(() => undefined);
  }, Math.max(0, ms));
}

async function sendOne(e: OutboxEntry, epoch: number): Promise<'sent' | 'failed' | 'stop'> {
  const d = db();
  const { call, missing } = await resolveTemps(d, e.call);
  if (missing.length) {
    await d.outbox.update(e.id!, { state: 'parked', error: 'It refers to a record that was never created.', refused: {} });
    return 'failed';
  }
  const blob = call.upload ? await d.blobs.get(call.upload.blobId) : undefined;
  if (call.upload && !blob) {
    await d.outbox.update(e.id!, { state: 'parked', error: 'The file to upload is no longer stored on this device.', refused: {} });
    return 'failed';
  }
  // Discarded since the loop read it (Discard refuses only an entry already marked sending): not sent.
  if (!(await d.outbox.update(e.id!, { state: 'sending' }))) return 'failed';
  let reply: unknown;
  try {
    // An Info edit carries the version it was based on (409 when the server moved on).
    const body = e.base !== undefined ? { ...call.body, updated_at: e.base } : call.body;
    reply = await sendQueued(call, { body, key: e.key, file: blob && { blob: blob.blob, name: blob.name } });
  } catch (err) {
    if (epoch !== dbEpoch()) return 'stop';
    return failed(e, toFailure(err));
  }
  if (epoch !== dbEpoch()) return 'stop';
  markServerReached();
  await applySuccess(d, e, reply);
  return 'sent';
}

async function failed(e: OutboxEntry, f: ApiFailure): Promise<'sent' | 'failed' | 'stop'> {
  const d = db();
  // The status says the real cause before the entry does (issue 43): no answer is offline; any answer,
  // a 5xx included, means the server was reached, so a screen reading the entry never calls it offline.
  if (f.network) syncStatus.set({ online: false });
  else markServerReached();
  // The server's current row: a product (Info edit) or a preset (document 3 edit).
  const reply = f.body as { product?: unknown; preset?: unknown } | undefined;
  const theirs = reply?.product ?? reply?.preset;
  // A product deleted elsewhere: said as such (no value of the change can pass); a delete of it is done.
  const gone = f.status === 404 && f.code === productCodes.gone;
  if (gone && e.call.command === 'products.remove') {
    await applySuccess(d, e, undefined);
    return 'sent';
  }
  const message = gone ? productWords.deletedElsewhere : `${e.errorPrefix ?? ''}${f.firstFieldMessage}`;
  // A 409 about the key (still being handled, or its answer no longer kept) is not a conflict of rows:
  // the first is tried again later, the second is refused like any answer that retrying cannot change.
  const inProgress = f.code === idempotencyCodes.inProgress;
  if (f.status === 409 && !f.code) {
    await d.transaction('rw', [d.outbox, d.confirmed], async () => {
      await d.outbox.update(e.id!, { state: 'conflict', theirs, error: message });
      // Theirs is the server's version now: what a later discard puts back at once.
      if (reply?.product) await confirmServerProduct(reply.product as ServerProductReply);
    });
    return 'failed';
  }
  // 401: signed out; the entry waits for a new session rather than failing.
  if (f.transient || inProgress || f.status === 401) {
    const attempts = e.attempts + 1;
    const ceiling = Math.min(policy.maxDelay, policy.baseDelay * 2 ** (attempts - 1));
    const delay = ceiling / 2 + policy.random() * (ceiling / 2);
    await d.outbox.update(e.id!, { state: 'retrying', attempts, nextAt: Date.now() + delay, error: message });
    schedule(delay);
    return 'stop';
  }
  // A server without our bulk extension: the same action goes as the specs' per-product calls.
  if (noBulkRoute(e, f)) {
    await expandBulk(e);
    return 'failed';
  }
  // 408 (timed out) may pass on a second try; any other 4xx answers the same to the same request.
  const refused = f.status === 408 ? undefined : { status: f.status, errors: f.errors, ...(f.code && { code: f.code }) };
  await d.outbox.update(e.id!, { state: 'parked', error: message, refused });
  return 'failed';
}

/** Back online: entries waiting out a backoff go now. */
export async function retryWaitingNow(): Promise<void> {
  await db().outbox.where('state').equals('retrying').modify({ nextAt: 0 });
  await drainOutbox();
}

/** Sends a parked entry again (and those it parked); a conflict is settled by conflict.ts instead. */
export async function retryEntry(id: number): Promise<void> {
  await requeue(() => Promise.resolve([id]));
}

/**
 * Retry of a whole action: each of its stopped steps goes again from what stopped it (not a
 * conflict: see retryRoots), and steps waiting out a backoff go now.
 */
export async function retryAction(actionId: string): Promise<void> {
  await requeue(async () => {
    const all = await db().outbox.where('action').equals(actionId).toArray();
    const waiting = all.filter((e) => e.state === 'retrying').map((e) => e.id!);
    if (waiting.length) await db().outbox.where('id').anyOf(waiting).modify({ nextAt: 0 });
    const everything = await db().outbox.toArray();
    return retryRoots(everything, all.map((e) => e.id!));
  });
}

async function requeue(pick: () => Promise<number[]>): Promise<void> {
  const d = db();
  await d.transaction('rw', d.outbox, async () => {
    for (const id of await pick()) {
      const e = await d.outbox.get(id);
      // Sent again as it is, a conflict would overwrite their change without a word (issue 43).
      if (!e || e.state === 'conflict') continue;
      // A 4xx did nothing on the server, whose answer is kept under the old key: a new request needs a new key.
      await d.outbox.update(id, {
        state: 'queued', attempts: 0, nextAt: 0, error: undefined, theirs: undefined, blockedBy: undefined, refused: undefined,
        ...(e.state !== 'queued' && e.state !== 'retrying' && e.state !== 'sending' && !e.blockedBy && { key: newActionId() }),
      });
      await releaseBlocked(id);
    }
  });
  await drainOutbox();
}

/** The entries parked behind this one go back to the queue (call inside a transaction on the outbox). */
export async function releaseBlocked(id: number): Promise<void> {
  const d = db();
  for (const b of await blockedChain(id)) await d.outbox.update(b, { state: 'queued', attempts: 0, nextAt: 0, error: undefined, blockedBy: undefined });
}

async function blockedChain(id: number): Promise<number[]> {
  const all = await db().outbox.toArray();
  const out = new Set<number>();
  const walk = (from: number) => {
    for (const e of all) {
      if (e.blockedBy !== from || out.has(e.id!)) continue;
      out.add(e.id!);
      walk(e.id!);
    }
  };
  walk(id);
  return [...out];
}

