// Pokes are gathered, not acted on one by one (issue 44): the first poke opens a window of about a
// tenth of a second, then a small random wait spreads the pull (a company-wide poke must not make every
// client pull in the same millisecond), then one pull runs for all that was gathered. Pokes that come
// while it runs are gathered for the next one, which waits for it to end.
import type { LiveEvent, LiveKind } from '../../api/contract/live.ts';

export type Poke = Extract<LiveEvent, { type: 'poke' }>;

export interface Batch {
  kinds: Set<LiveKind>;
  pokes: Poke[];
  /** Pull everything: a catch-up after a gap (a delta pull), or a 'resync' (`full`: the reference lists too). */
  all: boolean;
  full: boolean;
}

export interface GatherTimers {
  gatherMs: number;
  spreadMs: number;
  random(): number;
  setTimeout(f: () => void, ms: number): unknown;
  clearTimeout(t: unknown): void;
}

export const GATHER: Pick<GatherTimers, 'gatherMs' | 'spreadMs'> = { gatherMs: 100, spreadMs: 150 };

const emptyBatch = (): Batch => ({ kinds: new Set(), pokes: [], all: false, full: false });

export class PokeGatherer {
  private batch = emptyBatch();
  private timer: unknown;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly pull: (b: Batch) => Promise<void>,
    private readonly t: GatherTimers = {
      ...GATHER,
      random: Math.random,
      setTimeout: (f, ms) => setTimeout(f, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    },
  ) {}

  add(poke: Poke): void {
    this.batch.kinds.add(poke.kind);
    this.batch.pokes.push(poke);
    this.arm();
  }

  /** Pull everything, once, with the same spreading. */
  addAll(full: boolean): void {
    this.batch.all = true;
    this.batch.full ||= full;
    this.arm();
  }

  /** Drops what was gathered (sign-out, another company). */
  cancel(): void {
    if (this.timer !== undefined) this.t.clearTimeout(this.timer);
    this.timer = undefined;
    this.batch = emptyBatch();
  }

  private arm() {
    if (this.timer !== undefined) return;
    const wait = this.t.gatherMs + this.t.random() * this.t.spreadMs;
    this.timer = this.t.setTimeout(() => {
      this.timer = undefined;
      const batch = this.batch;
      this.batch = emptyBatch();
      this.running = this.running.then(() => this.pull(batch).catch(() => undefined));
    }, wait);
  }
}
