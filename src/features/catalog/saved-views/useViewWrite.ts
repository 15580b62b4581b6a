// A saved view's write (save, rename, delete) as one user action: queued at once (the menu shows it,
// pending), then a toast once its outcome is known: sent, kept on this device (saying why), or refused (the change
// stays in Pending changes, where it can be fixed or discarded).
import { useUserAction } from '../../../app/user-action.ts';
import { queueAndTell } from '../../../app/outcome-toast.ts';

export function useViewWrite() {
  const action = useUserAction();
  /** Runs `write` under the action's id; `done` names what happened for the toast. Rejects with a rule's error. */
  const run = (write: (actionId: string) => Promise<unknown>, input: unknown, done: string) =>
    action.run(async (a) => queueAndTell(() => write(a.id), done), { input });
  return { run, running: action.running, reset: action.reset };
}
