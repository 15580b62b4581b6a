// Reads the live channel (issue 44) as the portal does: fetch with the bearer header, the body read
// through a stream reader, one `data:` line per event. Tests wait for events, never for time.
import { LIVE_PATH, type LiveEvent } from '../../src/api/contract/live.ts';
import type { Db } from '../../server/db/index.ts';

export interface LiveStream {
  status: number;
  headers: Headers;
  /** The refusal's body when the status is not 200. */
  refusal?: { success: false; message: string };
  /** Every event so far, in order. */
  events: LiveEvent[];
  /** The hello's connection id (the server logs this stream's sends under it). */
  connection: string;
  /** The first event from `from` on that matches; rejects if the stream ends first. */
  next(match: (e: LiveEvent) => boolean, from?: number): Promise<LiveEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openLive(api: string, token: string | undefined, companies: number[] | string): Promise<LiveStream> {
  const abort = new AbortController();
  const list = Array.isArray(companies) ? companies.join(',') : companies;
  const res = await fetch(`${api}${LIVE_PATH}?companies=${encodeURIComponent(list)}`, {
    headers: { accept: 'text/event-stream', 'accept-encoding': 'br, gzip', ...(token && { authorization: `Bearer ${token}` }) },
    signal: abort.signal,
  });
  const events: LiveEvent[] = [];
  const waiting = new Set<() => void>();
  let done = false;
  const stream: LiveStream = {
    status: res.status,
    headers: res.headers,
    events,
    connection: '',
    ended: Promise.resolve(),
    close: () => abort.abort(),
    next: (match, from = 0) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(match);
          if (found) resolve(found);
          else if (done) reject(new Error(`the stream ended first; it had ${JSON.stringify(events)}`));
          else return false;
          waiting.delete(check);
          return true;
        };
        if (!check()) waiting.add(check);
      }),
  };
  if (res.status !== 200) {
    stream.refusal = (await res.json()) as LiveStream['refusal'];
    return stream;
  }
  stream.ended = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        buffer += value;
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)) as LiveEvent);
        }
        for (const check of [...waiting]) check();
      }
    } catch {
      /* aborted or cut */
    }
    done = true;
    for (const check of [...waiting]) check();
  })();
  const hello = await stream.next((e) => e.type === 'hello');
  stream.connection = (hello as { connection: string }).connection;
  return stream;
}

let barriers = 0;

/**
 * An event-based "nothing else came": a 'me' poke naming a fresh marker is sent to each user after the
 * writes under test. Notices reach the hub in commit order, so once a stream has its marker, everything
 * committed before has been delivered to it or never will be.
 */
export async function barrier(db: Db, streams: { stream: LiveStream; user: number }[]): Promise<void> {
  const mark = `barrier-${process.pid}-${++barriers}`;
  for (const { user } of streams) {
    await db.query('SELECT pg_notify($1, $2)', ['facet_live', JSON.stringify({ t: 'poke', k: 'me', u: user, ids: [mark] })]);
  }
  await Promise.all(
    streams.map(({ stream }) => stream.next((e) => e.type === 'poke' && e.kind === 'me' && !!e.ids?.includes(mark))),
  );
}

/** The pokes of a kind a stream has had (hello, barriers and the rest left out). */
export const pokes = (s: LiveStream, kind: string) => s.events.filter((e) => e.type === 'poke' && e.kind === kind);
