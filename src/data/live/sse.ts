// The live stream read with fetch, which can send the bearer header as the API client does (EventSource
// cannot, and a token in the URL would land in logs). eventsource-parser turns the text/event-stream
// into messages; each message's data is a LiveEvent. Nothing heard for two heartbeats is a drop.
import { createParser } from 'eventsource-parser';
import { http } from '../../api/client.ts';
import type { LiveEvent } from '../../api/contract/live.ts';
import { readToken } from '../../api/token.ts';
import { StreamRefused } from './connection.ts';
import { HEARTBEAT_MS, LIVE_STREAM } from './wire.ts';

/** The stream's address: the API client's base (absolute in tests, '/backend' in the portal). */
export function liveUrl(companies: readonly number[]): string {
  const base = http.defaults.baseURL ?? '/backend';
  return `${base}${LIVE_STREAM}?companies=${companies.join(',')}`;
}

/** A stream message as an event: its data's JSON, its `event:` field naming the type where data does not. */
export function toLiveEvent(m: { event?: string; data: string }): LiveEvent | undefined {
  try {
    const data = JSON.parse(m.data) as Partial<LiveEvent>;
    if (!data || typeof data !== 'object') return undefined;
    const type = data.type ?? m.event;
    return type ? ({ ...data, type } as LiveEvent) : undefined;
  } catch {
    return undefined;
  }
}

export async function readLive(
  companies: readonly number[],
  signal: AbortSignal,
  on: { opened(): void; event(e: LiveEvent): void },
): Promise<void> {
  const token = readToken();
  // Aborted by the caller, or by the silence below (AbortSignal.any is too new for some engines).
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  const res = await fetch(liveUrl(companies), {
    headers: { Accept: 'text/event-stream', ...(token && { Authorization: `Bearer ${token}` }) },
    cache: 'no-store',
    signal: stop.signal,
  });
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    throw new StreamRefused(res.status);
  }
  on.opened();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const heard = () => {
    clearTimeout(timer);
    timer = setTimeout(() => stop.abort(), 2 * HEARTBEAT_MS + 5000);
  };
  const parser = createParser({
    onEvent: (m) => {
      const e = toLiveEvent(m);
      if (e) on.event(e);
    },
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  heard();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      heard();
      parser.feed(value);
    }
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    reader.cancel().catch(() => undefined);
  }
}
