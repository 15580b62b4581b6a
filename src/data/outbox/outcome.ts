// What became of the calls a user action queued, for screens that must say so (the specs' result
// popups): every entry gone is 'sent'; a parked or conflicting one is 'failed' with the server's
// message; otherwise the action is 'queued': it stays in the outbox and goes out later, and `why` says
// the real cause (issue 43): the device is offline, the server answered with an error that is being
// retried (its message), or it is still on its way when the screen stops waiting.
import { db } from '../local/index.ts';
import { syncStatus } from '../local/index.ts';

/** Why an action is still in the outbox: the screen says each differently (notify.kept). */
export type KeptWhy = 'offline' | 'retrying' | 'slow';
export type Kept = { state: 'queued'; why: KeptWhy; message?: string };
export type Outcome = { state: 'sent' } | { state: 'failed'; message: string } | Kept;

/** The ids of the outbox entries a mutation queues (entries are numbered in order). */
export async function queuedBy(mutation: () => Promise<unknown>): Promise<number[]> {
  const before = (await db().outbox.orderBy('id').last())?.id ?? 0;
  await mutation();
  return db().outbox.where('id').above(before).primaryKeys();
}

type Row = { state: string; error?: string; blockedBy?: number } | undefined;

function judge(rows: readonly Row[], online: boolean): Outcome | undefined {
  const left = rows.filter((e) => e !== undefined);
  if (!left.length) return { state: 'sent' };
  const stopped = left.filter((e) => e.state === 'parked' || e.state === 'conflict');
  if (stopped.length) {
    // The step that failed speaks, not the ones parked behind it.
    const cause = stopped.find((e) => e.blockedBy === undefined) ?? stopped[0]!;
    return { state: 'failed', message: cause.error ?? 'The change could not be saved.' };
  }
  if (!online) return { state: 'queued', why: 'offline' };
  // Online: a retried entry got an answer from the server (a network failure sets the app offline first).
  const retrying = left.find((e) => e.state === 'retrying');
  if (retrying) return { state: 'queued', why: 'retrying', message: retrying.error };
  return undefined;
}

const SLOW: Kept = { state: 'queued', why: 'slow' };

const isOnline = () => syncStatus.get().online && (typeof navigator === 'undefined' || navigator.onLine !== false);

export interface WaitOptions {
  /** After this long with entries still on their way (server errors, retries), the rest count as queued. */
  patienceMs?: number;
  pollMs?: number;
  signal?: AbortSignal;
}

/**
 * The outcome of each group of entries (one user action each), reported as each one settles.
 * One read of the outbox per poll, whatever the number of groups.
 */
export async function waitForOutcomes(
  groups: readonly (readonly number[])[],
  onSettled?: (index: number, outcome: Outcome) => void,
  o: WaitOptions = {},
): Promise<Outcome[]> {
  const until = Date.now() + (o.patienceMs ?? 30_000);
  const out: (Outcome | undefined)[] = groups.map(() => undefined);
  for (;;) {
    const open = groups.flatMap((ids, i) => (out[i] ? [] : [[i, ids] as const]));
    const rows = new Map<number, Row>();
    const all = open.flatMap(([, ids]) => ids);
    (await db().outbox.bulkGet(all)).forEach((r, k) => rows.set(all[k]!, r));
    const online = isOnline();
    const late = o.signal?.aborted || Date.now() > until;
    for (const [i, ids] of open) {
      const now = judge(ids.map((id) => rows.get(id)), online) ?? (late ? SLOW : undefined);
      if (now) {
        out[i] = now;
        onSettled?.(i, now);
      }
    }
    if (out.every(Boolean)) return out as Outcome[];
    await new Promise((r) => setTimeout(r, o.pollMs ?? 120));
  }
}

/** One action's outcome. */
export async function waitForOutcome(ids: readonly number[], o: WaitOptions = {}): Promise<Outcome> {
  return (await waitForOutcomes([ids], undefined, o))[0]!;
}
