// The page's main-thread tasks over 50 ms during a part, from a Chromium trace, each with the CPU time the
// thread spent in it (the trace's thread duration). On a shared machine a task's wall time includes the
// time the thread waited for a core, and the compositor or the GPU process (software WebGL) it waits on:
// its CPU time is the page's own work, which a quiet machine would still have to do.
import type { Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

const TASK = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);
const round = (us: number) => Math.round(us / 100) / 10;

export interface TracedTasks {
  /** Tasks over 50 ms of wall time: [wall ms, main-thread CPU ms]. */
  over_50ms_wall_cpu: [number, number][];
  /** How many of them took over 50 ms of CPU themselves. */
  over_50ms_cpu: number;
  longest_cpu_ms: number;
}

export async function traced<T>(page: Page, run: () => Promise<T>): Promise<{ result: T; tasks: TracedTasks }> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'toplevel'],
  });
  await page.evaluate(() => performance.mark('bench-trace-main'));
  const result = await run();
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = events.find((e) => e.name === 'bench-trace-main')!;
  const tasks = events
    .filter((e) => e.pid === mark.pid && e.tid === mark.tid && e.ph === 'X' && TASK.has(e.name) && e.ts >= mark.ts)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  // Top-level tasks only (a task may run nested ones).
  const top: TraceEvent[] = [];
  for (const e of tasks) if (!top.length || e.ts >= top.at(-1)!.ts + top.at(-1)!.dur!) top.push(e);
  const long = top.filter((e) => e.dur! > 50_000);
  return {
    result,
    tasks: {
      over_50ms_wall_cpu: long.map((e) => [round(e.dur!), round(e.tdur ?? 0)]),
      over_50ms_cpu: long.filter((e) => (e.tdur ?? 0) > 50_000).length,
      longest_cpu_ms: round(Math.max(0, ...top.map((e) => e.tdur ?? 0))),
    },
  };
}
