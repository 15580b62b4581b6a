// The toast of a write queued through the outbox, once its outcome is known (issue 43): "Saved" with
// what was done once the server has it, "Saved on this device…" with why it waits (offline, a server
// error being retried, still on its way), or the refusal, whose change stays in Pending changes.
import { queuedBy, waitForOutcome } from '../data/outbox/index.ts';
import { notify } from '../ui/notify.tsx';

const STAYS_PENDING = 'The change stays in Pending changes.';

/** Runs `write` (which queues the action's entries) and tells its outcome; nothing when it queued nothing (a repeat). */
export async function queueAndTell(write: () => Promise<unknown>, done: string): Promise<void> {
  const entries = await queuedBy(write);
  if (!entries.length) return;
  void waitForOutcome(entries).then((o) => {
    if (o.state === 'sent') notify.saved(done);
    else if (o.state === 'queued') notify.kept(o.why, o.message);
    else notify.error(o.message, STAYS_PENDING);
  });
}
