// Cancel of a queued action while it is under way (an upload of several files, issue 26): its steps
// not yet sent are held back at once, so the drain starts none of them, and are dropped as Discard
// drops them as soon as the step on its way has its answer. A request already in flight is not cut:
// it may have reached the server, and its answer keeps the mirror true.
import { liveQuery } from 'dexie';
import { db } from '../local/index.ts';
import { discardAction } from './outbox-discard.ts';

/** If the page goes before the held steps could be dropped, they are sent after this long after all. */
const HOLD_MS = 60 * 60_000;

/** Resolves once nothing of the action is left to send. */
export async function stopAction(actionId: string): Promise<void> {
  const d = db();
  const mine = () => d.outbox.where('action').equals(actionId);
  if (!(await mine().count())) return; // nothing of it left: nothing to hold back or wait for
  await mine()
    .filter((e) => e.state !== 'sending')
    .modify({ nextAt: Date.now() + HOLD_MS });
  if (await discardAction(actionId)) return;
  await new Promise<void>((resolve) => {
    let done = false;
    const sub = liveQuery(() => mine().toArray()).subscribe({
      next: (rows) => {
        if (done || rows.some((e) => e.state === 'sending')) return;
        done = true;
        queueMicrotask(() => sub.unsubscribe());
        void discardAction(actionId).finally(resolve);
      },
      error: () => resolve(),
    });
  });
}
