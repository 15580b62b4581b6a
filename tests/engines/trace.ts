// Where a journey's time goes: every driver call of a page, timed, with the calls of one kind in a row
// (a wait polling the same check) folded into one line. A failed or slow journey prints its trace.
import type { EnginePage } from './engine.ts';

interface Line {
  what: string;
  at: number;
  ms: number;
  calls: number;
}

export interface Trace {
  /** The page, its calls timed (changed in place, as waitBeforeActing does). */
  page(p: EnginePage): EnginePage;
  /** A note in the trace (a journey's own step). */
  note(what: string): void;
  text(): string;
  /** Starts over for the next journey: a page kept from the one before records its calls here from now on. */
  restart(): void;
}

export function startTrace(): Trace {
  let t0 = Date.now();
  const lines: Line[] = [];
  const add = (what: string, started: number) => {
    const ms = Date.now() - started;
    const last = lines.at(-1);
    if (last && last.what === what) {
      last.ms = Date.now() - last.at;
      last.calls++;
    } else lines.push({ what, at: started, ms, calls: 1 });
  };
  const wrap = <F extends (...a: never[]) => Promise<unknown>>(name: (...a: Parameters<F>) => string, f: F): F =>
    (async (...a: Parameters<F>) => {
      const started = Date.now();
      try {
        return await f(...a);
      } finally {
        add(name(...a), started);
      }
    }) as F;
  return {
    page(p) {
      const { goto, run, click, type, drag, press } = p;
      p.goto = wrap((u: string) => `goto ${new URL(u).pathname}`, goto);
      p.run = wrap((fn: (...a: never[]) => unknown) => `run ${fn.name || 'fn'}`, run);
      p.click = wrap(() => 'click', click);
      p.type = wrap(() => 'type', type);
      p.drag = wrap(() => 'drag', drag);
      p.press = wrap((...k: string[]) => `press ${k.join(' ')}`, press);
      return p;
    },
    note: (what) => void lines.push({ what: `-- ${what}`, at: Date.now(), ms: 0, calls: 1 }),
    restart() {
      t0 = Date.now();
      lines.length = 0;
    },
    text: () =>
      lines
        .map(
          (l) =>
            `${((l.at - t0) / 1000).toFixed(1).padStart(6)} s  ${(l.ms / 1000).toFixed(1).padStart(5)} s  ${l.what}${l.calls > 1 ? ` ×${l.calls}` : ''}`,
        )
        .join('\n'),
  };
}
