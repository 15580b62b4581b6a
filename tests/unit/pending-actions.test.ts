// One user action = one pending change: grouping outbox entries into actions, the action's state
// and message, what a discard takes along, and what a retry sends again.
import { describe, expect, it } from 'vitest';
import { discardPlanner, groupActions, legacyActionId, retryRoots } from '../../src/data/local/actions.ts';
import type { OutboxEntry, PendingState } from '../../src/data/local/types.ts';

let next = 1;
function entry(action: string | undefined, label: string, o: Partial<OutboxEntry> = {}): OutboxEntry {
  const id = o.id ?? next++;
  return {
    id,
    action: action as string,
    actionLabel: action ? `Action ${action}` : (undefined as unknown as string),
    label,
    call: { command: 'users.editMe' },
    key: `k${id}`,
    state: 'queued',
    attempts: 0,
    nextAt: 0,
    createdAt: 1000 + id,
    dependsOn: [],
    entities: [],
    ...o,
  };
}

describe('groupActions', () => {
  it('one offline Info save with a new tag is one action listing its three steps in queue order', () => {
    next = 1;
    const rows = [
      entry('s', 'Tag ACM-1057 with offline-tag', { id: 3, dependsOn: [1, 2] }),
      entry('s', 'Create tag offline-tag', { id: 1 }),
      entry('s', 'Edit product ACM-1057', { id: 2 }),
    ].map((e) => ({ ...e, actionLabel: 'Save ACM-1057' }));
    const [a, ...rest] = groupActions(rows);
    expect(rest).toEqual([]);
    expect(a).toMatchObject({
      id: 's',
      label: 'Save ACM-1057',
      state: 'queued',
      message: undefined,
      createdAt: 1001,
      alsoDiscards: [],
    });
    expect(a!.steps.map((s) => s.label)).toEqual([
      'Create tag offline-tag',
      'Edit product ACM-1057',
      'Tag ACM-1057 with offline-tag',
    ]);
  });

  it('orders actions by their first step; an entry without an action (release 1) is an action of its own', () => {
    next = 1;
    const actions = groupActions([
      entry('a', 'a1'),
      entry(undefined, 'Old edit'),
      entry('b', 'b1'),
      entry('a', 'a2'),
      entry(undefined, 'Old tag'),
    ]);
    expect(actions.map((a) => [a.id, a.label, a.steps.length])).toEqual([
      ['a', 'Action a', 2],
      [legacyActionId(2), 'Old edit', 1],
      ['b', 'Action b', 1],
      [legacyActionId(5), 'Old tag', 1],
    ]);
  });

  const stateOf = (states: PendingState[]) => {
    next = 1;
    return groupActions(
      states.map((state) => entry('x', state, { state, error: state === 'queued' ? undefined : `why ${state}` })),
    )[0]!;
  };
  it('the state that needs the user most speaks for the action', () => {
    expect(stateOf(['queued', 'queued']).state).toBe('queued');
    // A retried step says why it waits: the server's error (issue 43).
    expect(stateOf(['retrying', 'queued'])).toMatchObject({ state: 'retrying', message: 'why retrying' });
    expect(stateOf(['sending', 'queued'])).toMatchObject({ state: 'sending', message: undefined });
    expect(stateOf(['sending', 'parked'])).toMatchObject({ state: 'parked', message: 'why parked' });
    expect(stateOf(['parked', 'conflict', 'parked'])).toMatchObject({
      state: 'conflict',
      message: 'why conflict',
      conflictStep: 2,
    });
  });

  it('a parked action shows its own failure, not the "waiting" of the steps parked behind it', () => {
    next = 1;
    const [a] = groupActions(
      [
        entry('x', 'Create tag t', { state: 'queued' }),
        entry('x', 'Edit product P', { id: 10, state: 'parked', error: 'Error updating product informations: gone' }),
        entry('x', 'Tag P with t', {
          id: 11,
          state: 'parked',
          blockedBy: 10,
          error: 'Waiting for a change that failed: Edit product P',
        }),
      ].sort((p, q) => q.id! - p.id!),
    );
    expect(a).toMatchObject({ state: 'parked', message: 'Error updating product informations: gone' });
  });

  it('offers Retry only where sending again can succeed, and Fix for a refused product step', () => {
    next = 1;
    const refused = { status: 422, errors: { height: ['The height field must not be negative.'] } };
    const [store, edit, transient, local, conflict, queued, behind] = groupActions([
      entry('a', 'Create product P', { id: 1, state: 'parked', refused, call: { command: 'products.store' } }),
      entry('a', 'Add image to P', { id: 2, state: 'parked', blockedBy: 1 }),
      entry('b', 'Edit product Q', { id: 3, state: 'parked', refused, call: { command: 'products.edit' } }),
      entry('c', 'Edit R', { id: 4, state: 'retrying', error: 'Network Error' }),
      entry('d', 'Upload S', { id: 5, state: 'parked', refused: {} }),
      entry('e', 'Edit T', { id: 6, state: 'conflict' }),
      entry('f', 'Edit U', { id: 7 }),
      entry('g', 'Tag V with a tag of P', { id: 8, state: 'parked', blockedBy: 2 }),
    ]);
    expect([store, edit, transient, local, conflict, queued, behind].map((a) => [a!.retryable, a!.fixStep])).toEqual([
      [false, 1],
      [false, 3],
      [true, undefined],
      [false, undefined],
      // A conflict is reviewed (mine or theirs), never sent again as it was (issue 43).
      [false, undefined],
      [false, undefined],
      [false, undefined],
    ]);
    expect(conflict!.conflictStep).toBe(6);
    // A 408 or a parked entry of an older release (no refusal recorded) may be retried.
    expect(groupActions([entry('h', 'Old', { id: 9, state: 'parked' })])[0]!.retryable).toBe(true);
  });

  it('a step waiting for the conflict of another action offers its review, not Retry; a product deleted elsewhere offers Register it again, not Fix', () => {
    next = 1;
    const gone = { status: 404, code: 'product_gone' };
    const [edit, waiting, deleted] = groupActions([
      entry('a', 'Edit P', { id: 1, state: 'conflict', entities: ['product:5'] }),
      entry('b', 'Tag P', { id: 2, state: 'parked', blockedBy: 1, entities: ['product:5'] }),
      entry('c', 'Edit Q', {
        id: 3,
        state: 'parked',
        refused: gone,
        call: { command: 'products.edit' },
        entities: ['product:6'],
      }),
    ]);
    expect(edit).toMatchObject({ conflictStep: 1, retryable: false });
    expect(waiting).toMatchObject({ conflictStep: 1, retryable: false });
    expect(deleted).toMatchObject({ registerAgain: 3, retryable: false, fixStep: undefined });
    expect(deleted!.steps[0]).toMatchObject({ fixable: false, productGone: true, action: 'c' });
  });

  it('names the other actions a discard would take along', () => {
    next = 1;
    const actions = groupActions([
      entry('a', 'Create tag t', { id: 1 }),
      entry('a', 'Tag P with t', { id: 2, dependsOn: [1] }),
      entry('b', 'Tag Q with t', { id: 3, dependsOn: [1] }),
      entry('c', 'Edit R', { id: 4 }),
    ]);
    expect(actions.map((a) => [a.id, a.alsoDiscards])).toEqual([
      ['a', ['Action b']],
      ['b', []],
      ['c', []],
    ]);
  });
});

describe('a review decision the studio overtook (issue 42)', () => {
  it("offers the round's review page instead of Retry; other refusals offer nothing of the kind", () => {
    next = 1;
    const body = { id_customer: 7, id_round: 12, id_version: 30, decision: 'approved' as const, note: '' };
    const [superseded, other] = groupActions([
      entry('a', 'Approve a model', {
        state: 'parked',
        call: { command: 'review.decide', body },
        refused: { status: 409, code: 'version_superseded' },
      }),
      entry('b', 'Approve a model', {
        state: 'parked',
        call: { command: 'review.decide', body },
        refused: { status: 409, code: 'version_decided' },
      }),
    ]);
    expect(superseded).toMatchObject({ reviewAgain: '/review/7/12', retryable: false });
    expect(superseded!.openReview).toBeUndefined();
    expect(other!.reviewAgain).toBeUndefined();
    // Any other refusal of a review write leads to its round, where the person sees why (its Fix).
    expect(other).toMatchObject({ openReview: '/review/7/12', retryable: false });
  });

  it('a refused pin offers its round; a pin still retrying does not', () => {
    next = 1;
    const body = { id_customer: 7, id_round: 12, id_version: 30, target: 'model', body: 'Too thin' };
    const [refused, retrying] = groupActions([
      entry('a', 'Pin 1', { state: 'parked', call: { command: 'review.pinStore', body } as never, refused: { status: 404 } }),
      entry('b', 'Pin 2', { state: 'retrying', call: { command: 'review.pinStore', body } as never }),
    ]);
    expect(refused).toMatchObject({ openReview: '/review/7/12', retryable: false });
    expect(retrying!.openReview).toBeUndefined();
  });
});

describe('discardPlanner', () => {
  it('drops dependents transitively and whole actions, never unrelated entries', () => {
    next = 1;
    const rows = [
      entry('a', 'Create tag t', { id: 1 }),
      entry('a', 'Edit P', { id: 2 }),
      entry('b', 'Create tag u', { id: 3 }),
      entry('b', 'Tag Q with t', { id: 4, dependsOn: [1] }),
      entry('c', 'Tag Z with u', { id: 5, dependsOn: [3] }),
      entry('d', 'Edit R', { id: 6 }),
    ];
    const plan = discardPlanner(rows);
    // Dropping step 2 of a drops a; b depends on a's tag (whole b goes, with its own tag u); c needs u.
    expect(plan([2]).map((e) => e.id)).toEqual([1, 2, 3, 4, 5]);
    expect(plan([6]).map((e) => e.id)).toEqual([6]);
    expect(plan([5]).map((e) => e.id)).toEqual([5]);
    expect(plan([99])).toEqual([]);
  });
});

describe('retryRoots', () => {
  it('retries what stopped each step: its own failure, or the failure it waits for (in any action), never a conflict', () => {
    next = 1;
    const rows = [
      entry('a', 'Create tag t', { id: 1, state: 'parked' }),
      entry('b', 'Edit P', { id: 2, state: 'conflict' }),
      entry('b', 'Tag P with t', { id: 3, state: 'parked', blockedBy: 1 }),
      entry('b', 'Add info', { id: 4, state: 'parked', blockedBy: 3 }),
      entry('b', 'Upload', { id: 5, state: 'queued' }),
    ];
    // The conflict (2) is not among them: its Review settles it.
    expect(retryRoots(rows, [2, 3, 4, 5]).sort()).toEqual([1]);
    expect(retryRoots(rows, [5])).toEqual([]);
  });
});
