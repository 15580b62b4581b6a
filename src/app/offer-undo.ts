// Undo for 10 s after a delete or a bulk action (issue 28): one undo however often it is asked for (its
// user action's identity is made here, a second click before it has gone is the same Undo, said
// once), then a toast that says how it went. offerUndo puts it in the write's toast; a screen whose
// popup shows over the toast puts undoOnce's function on the popup's own Undo (issue 43).
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

/** The undo, run once however often it is called; resolves once it has been said how it went. */
export function undoOnce<T>(words: UndoWords<T>, undo: (undoId: string) => Promise<T>): () => Promise<void> {
  const undoId = newActionId();
  let running: Promise<void> | undefined;
  return () =>
    (running ??= undo(undoId).then(
      (result) => void (words.queued(result) && !isOnline() ? notify.savedOffline() : notify.info(...words.done)),
      (err: unknown) => void notify.error(words.failed, (err as Error).message),
    ));
}

export function offerUndo<T>(words: UndoWords<T>, undo: (undoId: string) => Promise<T>): void {
  const run = undoOnce(words, undo);
  notify.undoable(words.message, () => void run());
}
