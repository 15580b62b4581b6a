// What became of the calls a user action queued, for screens that must say so (the specs' result
// popups): every entry gone is 'sent'; a parked or conflicting one is 'failed' with the server's
// message; when the device is offline (or the server keeps failing) the action is 'queued': it
// stays in the outbox and goes out later, which the screen says with the offline toast.
import { db } from '../local/index.ts';
import { syncStatus } from '../local/index.ts';

export type Outcome = { state: 'sent' } | { state: 'failed'; message: string } | { state: 'queued' };

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
  if (!online) return { state: 'queued' };
  return undefined;
}

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
      const now = judge(ids.map((id) => rows.get(id)), online) ?? (late ? { state: 'queued' as const } : undefined);
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
