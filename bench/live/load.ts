// The live bench's load generator, a process of its own (load-protocol.ts starts it with a raised
// open-file limit and talks to it over IPC). It holds thousands of live streams on raw sockets (an HTTP/1.1
// GET with the bearer header, as the portal's fetch sends it; the server writes each event as one chunk,
// so a `data:` line is read straight from the bytes) and notes when each poke reaches each stream, by key
// (company|kind|ids|version). A poke of another company than the stream's is counted as foreign.
// The storm: armed streams pull the product list after their next poke (load-storm.ts).
import { connect, type Socket } from 'node:net';
import { LIVE_PATH } from '../../src/api/contract/live.ts';
import { now } from './clock.ts';
import type { Command, Pull, Reply } from './load-protocol.ts';
import { armStorm, type Armed } from './load-storm.ts';

interface Stream extends Armed {
  sock: Socket;
  company: number;
  /** Closed by the bench (not a drop). */
  ending?: boolean;
}

const streams: Stream[] = [];
const records = new Map<string, number[]>();
let foreign = 0;
const foreignSample: string[] = [];
let dropped = 0;
const keyOf = (e: { company?: number; kind?: string; ids?: unknown[]; version?: string }) =>
  `${e.company}|${e.kind}|${e.ids?.join(',') ?? '*'}|${e.version ?? ''}`;

/** An event's data as it came (the server writes one line for all its streams): read once, not per stream. */
const parsed = new Map<string, { type: string; company?: number; times?: number[] }>();
function parse(data: string) {
  let p = parsed.get(data);
  if (p) return p;
  const e = JSON.parse(data) as { type: string; company?: number; kind?: string; ids?: unknown[]; version?: string };
  if (parsed.size > 10_000) parsed.clear();
  p = { type: e.type, company: e.company };
  if (e.type === 'poke') {
    const key = keyOf(e);
    if (!records.has(key)) records.set(key, []);
    p.times = records.get(key);
  }
  parsed.set(data, p);
  return p;
}

/** A poke is filed under its key (and counted foreign if it is another company's); gives the event's type. */
function onEvent(s: Stream, data: string, t: number): string {
  const e = parse(data);
  if (!e.times) return e.type;
  if (e.company !== s.company) {
    foreign++;
    if (foreignSample.length < 5) foreignSample.push(`${s.company} got ${data}`);
  }
  e.times.push(t);
  s.onPoke?.(t);
  return e.type;
}

/** Opens one stream; resolves with its status (200 once the hello came) or an error's code. */
function open(port: number, token: string, company: number): Promise<string> {
  return new Promise((resolve) => {
    const sock = connect(port, '127.0.0.1');
    const s: Stream = { sock, token, company };
    let head = true;
    let buffer = '';
    let settled = false;
    const settle = (r: string) => {
      if (settled) return;
      settled = true;
      resolve(r);
    };
    sock.setEncoding('utf8');
    sock.setNoDelay(true);
    sock.on('connect', () =>
      sock.write(
        `GET /backend${LIVE_PATH}?companies=${company} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
          `Authorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`,
      ),
    );
    sock.on('data', (chunk: string) => {
      const t = now();
      buffer += chunk;
      if (head) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const status = buffer.slice(9, 12);
        if (status !== '200') {
          settle(status);
          sock.destroy();
          return;
        }
        head = false;
        buffer = buffer.slice(end + 4);
      }
      for (let at = buffer.indexOf('data: '); at >= 0; at = buffer.indexOf('data: ')) {
        const end = buffer.indexOf('\n\n', at);
        if (end < 0) break;
        const data = buffer.slice(at + 6, end);
        buffer = buffer.slice(end + 2);
        if (onEvent(s, data, t) === 'hello') {
          streams.push(s);
          settle('200');
        }
      }
      // Heartbeats and the chunks' size lines: nothing to keep but a `data: ` cut in two.
      if (buffer.indexOf('data: ') < 0) buffer = buffer.slice(-5);
    });
    sock.on('error', (err: NodeJS.ErrnoException) => settle(err.code ?? 'error'));
    sock.on('close', () => {
      if (settled && !head && !s.ending) dropped++;
      settle('closed');
    });
  });
}

async function openAll(port: number, list: { token: string; company: number }[], width: number) {
  const t = now();
  const statuses: Record<string, number> = {};
  let next = 0;
  const lane = async () => {
    while (next < list.length) {
      const { token, company } = list[next++]!;
      const status = await open(port, token, company);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return { open: streams.length, statuses, ms: Math.round(now() - t) };
}

/** Resolves once every key has `count` arrivals, or false after `timeoutMs`. */
function arrived(keys: string[], count: number, timeoutMs: number): Promise<boolean> {
  const done = () => keys.every((k) => (records.get(k)?.length ?? 0) >= count);
  return new Promise((resolve) => {
    const until = Date.now() + timeoutMs;
    const look = () => (done() ? resolve(true) : Date.now() > until ? resolve(false) : setTimeout(look, 10));
    look();
  });
}

let storm: Promise<Pull[]> | undefined;

async function handle(c: Command): Promise<Reply> {
  switch (c.cmd) {
    case 'open':
      return openAll(c.port, c.list, c.width);
    case 'reset':
      records.clear();
      parsed.clear();
      foreign = 0;
      return {};
    case 'await':
      return { complete: await arrived(c.keys, c.count, c.timeoutMs) };
    case 'records': {
      const asked = new Set(c.keys);
      return {
        records: Object.fromEntries(c.keys.map((k) => [k, records.get(k) ?? []])),
        keys: records.size,
        unexpected: [...records.keys()].filter((k) => !asked.has(k)).slice(0, 20),
        foreign,
        foreignSample,
        dropped,
        open: streams.length,
      };
    }
    case 'arm':
      storm = armStorm(streams.slice(0, c.n), c.port, c.path);
      return {};
    case 'storm':
      return { pulls: await storm! };
    case 'close':
      for (const s of streams.splice(0)) {
        s.ending = true;
        s.sock.destroy();
      }
      return {};
  }
}

process.on('message', (raw) => {
  const m = raw as { id: number } & Command;
  handle(m).then(
    (r) => process.send!({ id: m.id, ...r }),
    (err: unknown) => process.send!({ id: m.id, error: String(err) }),
  );
});
process.on('disconnect', () => process.exit(0));
