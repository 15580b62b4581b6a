// SIGTERM and SIGINT (main.ts, worker.ts): one orderly stop, then exit 0. A repeated signal changes
// nothing; a stop still hanging well past its bound exits 1, as a supervisor would kill it anyway.
const HARD_GRACE_MS = 10_000;

/** `first`: what must happen before anything else stops (the live streams' bye, so clients move on at once). */
export function stopOnSignals(name: string, boundMs: number, stop: () => Promise<void>, first?: () => void): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${name} ${process.pid}: ${signal}, stopping (bound ${boundMs} ms)`);
    first?.();
    setTimeout(() => {
      console.error(`${name} ${process.pid}: still stopping ${HARD_GRACE_MS} ms past the bound, exiting`);
      process.exit(1);
    }, boundMs + HARD_GRACE_MS).unref();
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`${name} ${process.pid}: stop failed`, err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
