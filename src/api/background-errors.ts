// Background checks (have_access, the terms version, list pulls) fail all the time offline: that
// is expected, and logs at debug level only. A real refusal or server error still logs as an error.
import { toFailure } from './client.ts';

/** Offline, or no answer at all (dropped connection, timeout): not worth an error in the console. */
export function isOfflineFailure(err: unknown): boolean {
  const browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return browserOffline || toFailure(err).network;
}

/** Logs a failed background check: `console.debug` when offline, `console.error` otherwise. */
export function logBackgroundFailure(what: string, err: unknown): void {
  if (isOfflineFailure(err)) console.debug(`[facet] ${what} (offline)`, err);
  else console.error(what, err);
}
