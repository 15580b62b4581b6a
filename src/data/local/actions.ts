// One user action (a Save, a delete, one product of a registration) queues several calls; the
// "Pending changes" panel shows the action with its calls as steps. Pure functions over outbox
// entries, so the grouping, the action's state and what a discard takes along are unit-tested.
import type { OutboxEntry, PendingAction, PendingEntry, PendingState } from './types.ts';
import type { Command, OutboxCall } from './commands.ts';
import { reviewCodes } from '../../api/contract/rules/review.ts';
import { productCodes } from '../../api/contract/rules/product.ts';

/** An entry queued by release 1 (no action) is an action of its own; Dexie version 2 fills this in. */
export const legacyActionId = (entryId: number) => `entry-${entryId}`;
export const actionOf = (e: Pick<OutboxEntry, 'id' | 'action'>) => e.action || legacyActionId(e.id!);

/** The queued calls whose values a form can correct after a refusal (Fix): a product's fields. */
export const FIXABLE_COMMANDS: ReadonlySet<Command> = new Set<Command>(['products.store', 'products.edit']);
/** Whether an entry's call is one Fix can correct (a call of an older release never is). */
export const isFixable = (call: Pick<OutboxCall, 'command'>) => call.command !== 'legacy' && FIXABLE_COMMANDS.has(call.command);

/** Refused because its product is gone (deleted elsewhere): no value of it can pass, Fix included. */
const productGone = (e: Pick<OutboxEntry, 'refused'>) => e.refused?.code === productCodes.gone;
/** Refused for its values, which Fix can correct. */
const fixableRefusal = (e: Pick<OutboxEntry, 'refused'> & { call: Pick<OutboxCall, 'command'> }) => e.refused?.status !== undefined && !productGone(e) && isFixable(e.call);

/** What the UI sees of an outbox entry (the queued call itself stays inside the data layer). */
export const toPending = (e: OutboxEntry): PendingEntry => ({
  id: e.id!, label: e.label, state: e.state, error: e.error, createdAt: e.createdAt,
  fixable: e.state === 'parked' && fixableRefusal(e),
  ...(productGone(e) && { productGone: true, action: actionOf(e) }),
});

/** Which step state speaks for the action: the one that needs the user most. */
const RANK: Record<PendingState, number> = { queued: 0, retrying: 1, sending: 2, parked: 3, conflict: 4 };

type Row = Pick<OutboxEntry, 'id' | 'action' | 'actionLabel' | 'label' | 'state' | 'error' | 'createdAt' | 'dependsOn' | 'blockedBy' | 'refused' | 'entities'> & {
  call: Pick<OutboxEntry['call'], 'command'> & { body?: unknown };
};

const REVIEW_WRITES: ReadonlySet<string> = new Set<Command>(['review.pinStore', 'review.replyStore', 'review.pinState', 'review.decide']);
const roundPage = (e: Row | undefined) => {
  const b = e?.call.body as { id_customer?: unknown; id_round?: unknown } | undefined;
  return typeof b?.id_customer === 'number' && typeof b.id_round === 'number' ? `/review/${b.id_customer}/${b.id_round}` : undefined;
};

/** A review write refused for a superseded version: its round's page (the body names the company and round). */
const reviewAgain = (rows: readonly Row[]) => roundPage(rows.find((x) => x.refused?.code === reviewCodes.superseded));

/**
 * A review write refused for another reason (a pin's version or round gone, the permission taken away):
 * the round's page, where the person sees why and pins again if it still can be (the Fix of a review write).
 */
const openReview = (rows: readonly Row[]) =>
  roundPage(rows.find((x) => x.refused?.status !== undefined && x.refused.code !== reviewCodes.superseded && REVIEW_WRITES.has(x.call.command)));

/** The outbox as actions, oldest first; steps in queue order. */
export function groupActions(entries: readonly Row[]): PendingAction[] {
  const sorted = [...entries].sort((a, b) => a.id! - b.id!);
  const groups = new Map<string, Row[]>();
  for (const e of sorted) {
    const id = actionOf(e);
    const g = groups.get(id);
    if (g) g.push(e);
    else groups.set(id, [e]);
  }
  const closure = discardPlanner(sorted);
  const byId = new Map(sorted.map((e) => [e.id!, e]));
  // What stopped an entry: the first failure up its chain of "waiting for a change that failed".
  const rootOf = (e: Row) => {
    const seen = new Set<number>();
    while (e.blockedBy !== undefined && byId.has(e.blockedBy) && !seen.has(e.id!)) {
      seen.add(e.id!);
      e = byId.get(e.blockedBy)!;
    }
    return e;
  };
  return [...groups].map(([id, rows]) => {
    const state = rows.reduce<PendingState>((s, e) => (RANK[e.state] > RANK[s] ? e.state : s), 'queued');
    const speaking = rows.filter((e) => e.state === state);
    // A parked action speaks with its own failure, not with "waiting for…" of the steps behind it.
    const cause = speaking.find((e) => !e.blockedBy) ?? speaking[0];
    const others = new Set<string>();
    for (const x of closure(rows.map((e) => e.id!))) if (actionOf(x) !== id) others.add(x.actionLabel || x.label);
    return {
      id,
      label: rows[0]!.actionLabel || rows[0]!.label,
      state,
      // A retried step's error says why it waits (a server error is not "offline"; issue 43).
      message: state === 'parked' || state === 'conflict' || state === 'retrying' ? cause?.error : undefined,
      createdAt: Math.min(...rows.map((e) => e.createdAt)),
      steps: rows.map((e) => toPending(e as OutboxEntry)),
      // Its own conflict, or the one a step waits for (in another action too).
      conflictStep: rows.map(rootOf).find((e) => e.state === 'conflict')?.id,
      alsoDiscards: [...others],
      // A refusal answers the same to the same request: only a changed one (Fix) can pass; a conflict
      // sent again as it is would overwrite their change, so it is reviewed instead (issue 43).
      retryable: state !== 'queued' && state !== 'sending' && !rows.some((e) => rootOf(e).refused || rootOf(e).state === 'conflict'),
      fixStep: rows.find(fixableRefusal)?.id,
      reviewAgain: reviewAgain(rows),
      openReview: openReview(rows),
      registerAgain: rows.find((e) => productGone(e) && e.entities.some((x) => x.startsWith('product:')))?.id,
    };
  });
}

/**
 * What discarding some entries drops: the entries that depend on them (transitively) and, since
 * half an action means nothing to the user, every other step of each action touched.
 */
export function discardPlanner<T extends Pick<OutboxEntry, 'id' | 'action' | 'dependsOn'>>(entries: readonly T[]) {
  const byId = new Map(entries.map((e) => [e.id!, e]));
  const dependents = new Map<number, T[]>();
  const byAction = new Map<string, T[]>();
  for (const e of entries) {
    for (const d of e.dependsOn) (dependents.get(d) ?? dependents.set(d, []).get(d)!).push(e);
    const a = actionOf(e);
    (byAction.get(a) ?? byAction.set(a, []).get(a)!).push(e);
  }
  return (start: readonly number[]): T[] => {
    const gone = new Map<number, T>();
    const todo = start.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    while (todo.length) {
      const e = todo.pop()!;
      if (gone.has(e.id!)) continue;
      gone.set(e.id!, e);
      todo.push(...(dependents.get(e.id!) ?? []), ...(byAction.get(actionOf(e)) ?? []));
    }
    return [...gone.values()].sort((a, b) => a.id! - b.id!);
  };
}

/** The entries to send again for a retry of these: each stopped one's first failure (what parked it). */
export function retryRoots(entries: readonly Pick<OutboxEntry, 'id' | 'state' | 'blockedBy'>[], ids: readonly number[]): number[] {
  const byId = new Map(entries.map((e) => [e.id!, e]));
  const roots = new Set<number>();
  for (const id of ids) {
    let e = byId.get(id);
    if (!e || (e.state !== 'parked' && e.state !== 'conflict')) continue;
    const seen = new Set<number>();
    while (e.blockedBy !== undefined && byId.has(e.blockedBy) && !seen.has(e.id!)) {
      seen.add(e.id!);
      e = byId.get(e.blockedBy)!;
    }
    // A conflict is settled by the user's choice (outbox/conflict.ts), never sent again as it was.
    if (e.state !== 'conflict') roots.add(e.id!);
  }
  return [...roots];
}
