// An HTTP gate in front of the test server: the browser opens the portal through it. It records the
// calls that pass (method and path), so a journey can count what reached the server in any engine,
// and it can be shut: then every connection is dropped, as a server that cannot be reached (WebKit's
// offline path: its driver has no offline switch).
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface Gate {
  url: string;
  /** Every call that reached the server, as "PUT /backend/puts/product/edit". */
  calls: string[];
  /** The calls answered lately and those still open, with their times (a failed journey prints it). */
  recent(): string;
  shut(closed: boolean): void;
  close(): Promise<void>;
}

export async function openGate(target: string): Promise<Gate> {
  const to = new URL(target);
  const sockets = new Set<Socket>();
  const calls: string[] = [];
  let closed = false;
  const t0 = Date.now();
  const secs = (t: number) => `${((t - t0) / 1000).toFixed(1)} s`;
  const done: string[] = [];
  const open = new Map<object, string>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (closed) return req.socket.destroy();
    const call = `${req.method} ${req.url!.split('?')[0]}`;
    calls.push(call);
    const started = Date.now();
    open.set(res, `${secs(started)} ${call}`);
    res.once('close', () => {
      open.delete(res);
      done.push(
        `${secs(started)} ${call} ${res.statusCode}${res.writableFinished ? '' : ' (cut)'} in ${Date.now() - started} ms`,
      );
      if (done.length > 40) done.shift();
    });
    const out = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => req.socket.destroy());
    // The browser gone (a page left, a stream closed): the server's side goes too, or a live stream
    // would stay open on it and count against the account's limit.
    res.once('close', () => void (res.writableFinished || out.destroy()));
    req.pipe(out);
  });
  server.on('connection', (s: Socket) => {
    if (closed) return void s.destroy();
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    recent: () => [...done.slice(-15), ...[...open.values()].map((c) => `${c} still open`)].join('\n'),
    // Shut: no longer listening, so a connection is refused at once, as to a server that is down
    // (WebKit kept a pull pending for more than 30 s on connections accepted and then dropped).
    shut(c) {
      if (c === closed) return;
      closed = c;
      if (c) {
        server.close();
        for (const s of sockets) s.destroy();
      } else server.listen(port, '127.0.0.1');
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        if (closed) return r();
        server.close(() => r());
      }),
  };
}
