// Job progress on the live channel (issue 44): an export's count comes from its row (migration 019's
// trigger), a frame set's from its job (frameProgress below). Either way a browser gets at most about two
// a second per job, each carrying its count so that a tick needs no pull; a change of state goes at once.
import type { Db } from '../db/index.ts';
import { LIVE_CHANNEL, type ProgressNotice } from './notice.ts';

const GAP_MS = 500;
/** Jobs whose last state was not final are forgotten after this (a worker that died mid-job). */
const FORGET_MS = 10 * 60_000;

interface Held {
  at: number;
  state: string;
  pending?: ProgressNotice;
  timer?: ReturnType<typeof setTimeout>;
}

/** Per process: passes a job's first tick and state changes at once, then at most one tick per GAP_MS (the latest). */
export class ProgressGate {
  private held = new Map<string, Held>();
  /** When each job last ended (its notice's time): a tick stamped before that is stale (it came late). */
  private ended = new Map<string, number>();

  constructor(private readonly send: (n: ProgressNotice) => void) {}

  offer(n: ProgressNotice, now = Date.now()): void {
    const key = `${n.job}:${n.id}`;
    const final = n.state === 'ready' || n.state === 'failed';
    const endedAt = this.ended.get(key);
    if (!final && endedAt !== undefined && n.at !== undefined && n.at < endedAt) return;
    const prev = this.held.get(key);
    if (!prev || prev.state !== n.state || now - prev.at >= GAP_MS) {
      clearTimeout(prev?.timer);
      if (final) {
        this.held.delete(key);
        this.ended.set(key, n.at ?? now);
      } else this.held.set(key, { at: now, state: n.state });
      this.forgetOld(now);
      this.send(n);
      return;
    }
    prev.pending = n;
    prev.timer ??= setTimeout(
      () => {
        prev.timer = undefined;
        const latest = prev.pending;
        prev.pending = undefined;
        if (!latest || this.held.get(key) !== prev) return;
        prev.at = Date.now();
        this.send(latest);
      },
      GAP_MS - (now - prev.at),
    );
    prev.timer.unref?.();
  }

  stop(): void {
    for (const h of this.held.values()) clearTimeout(h.timer);
    this.held.clear();
    this.ended.clear();
  }

  private forgetOld(now: number) {
    if (this.held.size + this.ended.size < 1000) return;
    for (const [key, h] of this.held) if (now - h.at > FORGET_MS && !h.timer) this.held.delete(key);
    for (const [key, at] of this.ended) if (now - at > FORGET_MS) this.ended.delete(key);
  }
}

/**
 * A frame set's job reports `done` of `total` frames as it renders: sent as a NOTIFY at most every
 * GAP_MS (the last frame always), from whichever process works the job. Losing one is harmless.
 */
export async function frameProgress(db: Db, set: { id: number; product_id: number }) {
  const owner = await db.one<{ customer_id: number }>('SELECT customer_id FROM products WHERE id = $1', [set.product_id]);
  let last = 0;
  // One after another: two at once on two pool connections could arrive in either order.
  let sending = Promise.resolve();
  return (done: number, total: number) => {
    const now = Date.now();
    if (!owner || (now - last < GAP_MS && done < total)) return;
    last = now;
    const n: ProgressNotice = {
      t: 'progress',
      job: 'frames',
      c: owner.customer_id,
      id: set.id,
      product: set.product_id,
      state: 'rendering',
      done,
      total,
      at: now,
    };
    const payload = JSON.stringify(n);
    sending = sending.then(() =>
      db.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, payload]).then(
        () => undefined,
        () => undefined,
      ),
    );
  };
}
