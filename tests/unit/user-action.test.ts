// The rules of one user action (src/app/user-action.ts): a repeat while it runs is ignored; a repeat
// of a success on the same input is ignored; a failure that may not have reached the server keeps
// the action (and its keys) for the next try; a refusal or new input starts a new action.
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/api/client.ts';
import { UserActionGate, type ActionRun } from '../../src/app/user-action.ts';

function gate() {
  let n = 0;
  const states: boolean[] = [];
  const g = new UserActionGate(
    () => `action-${++n}`,
    (r) => states.push(r),
  );
  const calls: string[] = [];
  const record = (fail?: unknown) => async (a: ActionRun) => {
    calls.push(a.key(0));
    if (fail) throw fail;
    return a.id;
  };
  return { g, calls, states, record };
}

describe('one user action', () => {
  it('ignores a second run while the first runs, and says when it runs', async () => {
    const { g, calls, states } = gate();
    let release!: () => void;
    const first = g.run(async (a) => {
      calls.push(a.key(0));
      await new Promise<void>((r) => (release = r));
    });
    expect(await g.run(async (a) => void calls.push(a.key(0)))).toBeUndefined();
    release();
    await first;
    expect(calls).toEqual(['action-1.0']);
    expect(states).toEqual([true, false]);
  });

  it('ignores a repeat of a success on the same input; new input is a new action', async () => {
    const { g, calls, record } = gate();
    expect(await g.run(record(), { input: { name: 'A' } })).toBe('action-1');
    expect(await g.run(record(), { input: { name: 'A' } })).toBeUndefined();
    expect(await g.run(record(), { input: { name: 'B' } })).toBe('action-2');
    expect(calls).toEqual(['action-1.0', 'action-2.0']);
  });

  it('keeps the action after a failure that may not have reached the server, and renews it after a refusal', async () => {
    const { g, calls, record } = gate();
    const onError = () => undefined;
    await g.run(record(new ApiFailure('Network Error', undefined)), { onError });
    await g.run(record(new ApiFailure('Server error', 503)), { onError });
    await g.run(record(new ApiFailure('The email has already been taken.', 422)), { onError });
    await g.run(record(), { onError });
    expect(calls).toEqual(['action-1.0', 'action-1.0', 'action-1.0', 'action-2.0']);
  });

  it('tells files apart by name, size and date', async () => {
    const { g, calls, record } = gate();
    const file = (name: string, text: string) => new File([text], name, { lastModified: 1 });
    await g.run(record(), { input: [file('a.png', 'aa')] });
    await g.run(record(), { input: [file('a.png', 'aa')] });
    await g.run(record(), { input: [file('b.png', 'aa')] });
    expect(calls).toEqual(['action-1.0', 'action-2.0']);
  });

  it('throws a failure on without onError; reset starts a new action', async () => {
    const { g, calls, record } = gate();
    await expect(g.run(record(new ApiFailure('No', 403)))).rejects.toThrow('No');
    await g.run(record());
    g.reset();
    await g.run(record());
    expect(calls).toEqual(['action-1.0', 'action-2.0', 'action-3.0']);
  });

  it('a run that resets itself (its outcome asks for a new try) leaves the next run free', async () => {
    const { g, calls, record } = gate();
    await g.run(async (a) => {
      calls.push(a.key(0));
      g.reset();
    });
    await g.run(record());
    expect(calls).toEqual(['action-1.0', 'action-2.0']);
  });
});
