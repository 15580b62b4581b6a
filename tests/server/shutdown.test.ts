// Graceful shutdown of a real server process (`tsx server/main.ts`). Nothing here waits for time to
// pass: a request is held in flight by sending only half of its body, the server's own metrics say
// when it has arrived, and every other step waits for an event (a refused connection, an answer, the exit).
import { connect, type Socket } from 'node:net';
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO } from '../support/http.ts';
import { freePort, serverProcess, type ServerProcess } from '../support/processes.ts';
import { processDatabase, seedDataDir } from '../support/server.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const sockets: Socket[] = [];

/** A raw connection: what was written is all the server has. */
function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (received += d));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const opened = new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  // A failure shows in write() and answer(); the 'error' event itself must not end the run.
  socket.on('error', () => undefined);
  return {
    opened,
    write: (text: string) => new Promise<void>((resolve, reject) => socket.write(text, (err) => (err ? reject(err) : resolve()))),
    /** Resolves with the first whole answer on the connection (headers and a Content-Length body). */
    answer: () =>
      new Promise<Answer>((resolve, reject) => {
        const check = () => {
          const parsed = parseAnswer(received);
          if (!parsed) return;
          socket.off('data', check).off('close', closed);
          received = received.slice(parsed.length);
          resolve(parsed.answer);
        };
        const closed = () =>
          reject(new Error(`the connection closed without an answer; it had: ${JSON.stringify(received.slice(0, 300))}`));
        socket.on('data', check).once('close', closed);
        check();
      }),
    received: () => received,
    ended,
  };
}

function parseAnswer(text: string): { answer: Answer; length: number } | undefined {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  const length = Number(headers['content-length'] ?? 0);
  if (text.length < end + 4 + length) return undefined;
  return {
    answer: { status: Number(statusLine!.split(' ')[1]), headers, body: text.slice(end + 4, end + 4 + length) },
    length: end + 4 + length,
  };
}

/** GET on a connection of its own: its status, or the error code when the connection is refused. */
function freshGet(port: number, path: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.end();
  });
}

/** Polls `probe` until `done` holds (a condition, not a wait: the bound is only a failure's limit). */
async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean, what: string, ms = 60_000): Promise<T> {
  for (const end = Date.now() + ms; ;) {
    const v = await probe();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${String(v)} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const inFlight = async (metricsPort: number) => {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return Number(/^facet_http_requests_in_flight (\S+)$/m.exec(text)?.[1]);
};

/** A sign-in whose body is large enough to be sent in two halves (JSON allows the trailing spaces). */
function loginRequest(): { head: string; first: string; rest: string } {
  const body = JSON.stringify({ email: DEMO.acme, password: DEMO.password }) + ' '.repeat(200_000);
  const head = `POST /backend/api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
  const half = Math.floor(body.length / 2);
  return { head, first: body.slice(0, half), rest: body.slice(half) };
}

describe('a server process on SIGTERM', () => {
  const started: ServerProcess[] = [];
  const drops: (() => Promise<void>)[] = [];
  /** A seeded server process with metrics; on PostgreSQL on a copy of its own. */
  const start = async (name: string, env: Record<string, string>) => {
    const metricsPort = await freePort();
    const db = await processDatabase();
    drops.push(db.drop);
    const proc = await serverProcess(name, { METRICS_PORT: String(metricsPort), ...db.env, ...env }, { prepare: seedDataDir });
    started.push(proc);
    return { proc, metricsPort };
  };
  afterAll(async () => {
    // A failed case may leave a request held open: without it every process can stop.
    for (const socket of sockets) socket.destroy();
    for (const p of started) await p.close();
    for (const drop of drops) await drop();
  });

  it('finishes the request in flight, refuses new ones (503 on a kept-alive connection), then exits 0', async () => {
    const { proc, metricsPort } = await start('drain', { SHUTDOWN_TIMEOUT_MS: '120000' });
    // K: a kept-alive connection, used once, then holding the start of a next request (so it is not idle).
    const kept = rawConnection(proc.port);
    await kept.opened;
    await kept.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect((await kept.answer()).status).toBe(200);
    await kept.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // A: the headers and half the body of a sign-in. K's bytes were written first, so once the server
    // has read A's headers (in flight = 1) it has read K's too.
    const login = loginRequest();
    const held = rawConnection(proc.port);
    await held.opened;
    await held.write(login.head + login.first);
    await until(
      () => inFlight(metricsPort),
      (n) => n === 1,
      'requests in flight',
    );

    proc.kill('SIGTERM');
    const exit = proc.exited();
    // A new connection is refused (the listener is closed) or answered 503. Until the signal lands it
    // gets 200, and one caught in the listener's backlog as it closes is reset: both are polled past.
    await until(
      () => freshGet(proc.port, '/readyz'),
      (v) => v === 'ECONNREFUSED' || v === 503,
      'a new connection after SIGTERM',
    );
    // The next request on K is refused in our error shape, and K is closed.
    await kept.write('\r\n');
    const refused = await kept.answer();
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toEqual({ success: false, message: 'The server is shutting down.' });
    expect(refused.headers.connection).toBe('close');
    await kept.ended;

    // The held request still gets its whole, normal answer.
    await held.write(login.rest);
    const answer = await held.answer();
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ success: true, token: expect.any(String), user: { email: DEMO.acme } });
    expect(answer.headers.connection).toBe('close');
    expect(await exit).toBe(0);
  }, 180_000);

  it('closes what is still open once SHUTDOWN_TIMEOUT_MS has passed, and still exits 0', async () => {
    const { proc, metricsPort } = await start('bound', { SHUTDOWN_TIMEOUT_MS: '500' });
    const login = loginRequest();
    const held = rawConnection(proc.port);
    await held.opened;
    await held.write(login.head + login.first);
    await until(
      () => inFlight(metricsPort),
      (n) => n === 1,
      'requests in flight',
    );
    proc.kill('SIGTERM');
    // The rest of the body never comes: only the bound can end this request.
    await held.ended;
    expect(held.received()).toBe('');
    expect(await proc.exited()).toBe(0);
  }, 180_000);
});
