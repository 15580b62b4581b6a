// Undo for 10 s after a delete or a bulk action (issue 28), offered by the write's toast: one undo
// however often it is clicked (its user action's identity is made here, a second click before the
// toast has gone is the same Undo, said once), then a toast that says how it went.
import { newActionId } from '../api/action-id.ts';
import { isOnline } from '../data/index.ts';
import { notify } from '../ui/notify.tsx';

export interface UndoWords<T> {
  /** The toast's own words ("Product deleted"). */
  message: string;
  /** Said once undone (title, then details). */
  done: [string, string?];
  /** Said when it could not be undone, with the error's message. */
  failed: string;
  /** Whether the result waits in the outbox (offline, it is then said so). */
  queued: (result: T) => boolean;
}

export function offerUndo<T>(words: UndoWords<T>, undo: (undoId: string) => Promise<T>): void {
  const undoId = newActionId();
  let undone = false;
  notify.undoable(words.message, () => {
    if (undone) return;
    undone = true;
    void undo(undoId).then(
      (result) => (words.queued(result) && !isOnline() ? notify.savedOffline() : notify.info(...words.done)),
      (err: unknown) => notify.error(words.failed, (err as Error).message),
    );
  });
}
