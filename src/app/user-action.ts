// One user action, one change, by construction: every write button runs through useUserAction. The
// action's identity is made when the user starts it (the form or dialog opens: the hook mounts) and
// every call it makes carries it (an outbox mutation takes its id, a direct call the key of its step),
// so a second click, a double submit or Enter pressed twice joins the same action:
// - while it runs, a repeat is ignored (and the button shows `running` through Button's `loading`);
// - once it succeeded, a repeat on the same input is ignored too (it happened; no second toast);
// - after a refusal (a 4xx: the server keeps its answer under the key) or on new input (the user
//   changed the form), the next run is a new action;
// - after a failure that may not have reached the server (network, 5xx), the next run is the same
//   action again: its keys meet the server's stored answer if the first did arrive.
import { useState } from 'react';
import { toFailure } from '../api/client.ts';
import { newActionId } from '../api/action-id.ts';

export interface ActionRun {
  /** The action's id: outbox mutations take it. */
  id: string;
  /** The Idempotency-Key of the action's direct call number `step` (0 first, in the order it makes them). */
  key: (step?: number) => string;
}

export interface RunOptions {
  /** What the action acts on (form values, a row and its version): new input is a new action. */
  input?: unknown;
  /** Handles a failure (the run then resolves undefined); without it the failure is thrown on. */
  onError?: (err: unknown) => void;
}

type Outcome = 'done' | 'failed' | 'refused';

/** A file in the input counts by name, size and date (JSON would make every file `{}`). */
const fileAware = (_: string, v: unknown) =>
  typeof Blob !== 'undefined' && v instanceof Blob ? [(v as File).name, v.size, (v as File).lastModified] : v;

/**
 * A lost answer or a 5xx (whose key the server dropped) may be tried again under the same keys. Any
 * other answer, 429 included (a handler's 429 is kept under its key), ends the action.
 */
const mayHaveArrived = (err: unknown) => {
  const status = toFailure(err).status;
  return status === undefined || status >= 500;
};

/** The identity and re-entry rules of one user action, outside React (tests/unit/user-action.test.ts). */
export class UserActionGate {
  private id: string;
  private last: { input: string; outcome: Outcome } | undefined;
  private busy = false;
  /** Bumped by reset(): a run that was reset while it ran records nothing. */
  private generation = 0;

  constructor(
    private readonly makeId: () => string,
    private readonly onRunning: (running: boolean) => void = () => undefined,
  ) {
    this.id = makeId();
  }

  /** A new action from now on (the form is opened again, or the run's outcome asks for a new try). */
  reset = () => {
    this.id = this.makeId();
    this.last = undefined;
    this.generation++;
  };

  run = async <T>(fn: (a: ActionRun) => Promise<T>, o: RunOptions = {}): Promise<T | undefined> => {
    if (this.busy) return undefined;
    const input = JSON.stringify(o.input ?? null, fileAware);
    const last = this.last;
    if (last?.input === input && last.outcome === 'done') return undefined;
    if (last && (last.input !== input || last.outcome === 'refused')) this.id = this.makeId();
    const id = this.id;
    const generation = this.generation;
    const record = (outcome: Outcome) => {
      if (generation === this.generation) this.last = { input, outcome };
    };
    this.busy = true;
    this.onRunning(true);
    try {
      const out = await fn({ id, key: (step = 0) => `${id}.${step}` });
      record('done');
      return out;
    } catch (err) {
      record(mayHaveArrived(err) ? 'failed' : 'refused');
      if (!o.onError) throw err;
      o.onError(err);
      return undefined;
    } finally {
      this.busy = false;
      this.onRunning(false);
    }
  };
}

export interface UserAction {
  /** True while the action runs: give it to the button's `loading`. */
  running: boolean;
  run: UserActionGate['run'];
  reset: UserActionGate['reset'];
}

/** The user action of one form, dialog or button (see the rules above). */
export function useUserAction(): UserAction {
  const [running, setRunning] = useState(false);
  const [gate] = useState(() => new UserActionGate(newActionId, setRunning));
  return { running, run: gate.run, reset: gate.reset };
}
