// WebKitGTK (Safari's engine) through WebKitWebDriver, under a private Xvfb display. The W3C
// WebDriver classic calls used here are few (session, url, execute, element, click, value, actions,
// screenshot), so this speaks them over fetch rather than pulling in webdriverio, whose install
// brings geckodriver/edgedriver download scripts we do not want.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Engine, EnginePage, Key } from '../engine.ts';
import { MINIBROWSER, WEBKIT_DRIVER, XVFB } from '../skip.ts';

const KEYS: Record<Key | 'End' | 'Backspace', string> = {
  Tab: '\uE004',
  Enter: '\uE007',
  Escape: '\uE00C',
  ArrowRight: '\uE014',
  ArrowLeft: '\uE012',
  Space: '\uE00D',
  End: '\uE010',
  Backspace: '\uE003',
};
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
/** A session starts in 1-3 s on a loaded machine (the journeys' traces); far beyond that it will not. */
const SESSION_MS = 30_000;

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer().once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Resolves once `port` accepts connections (the driver has started), or rejects when the process ends. */
async function whenListening(port: number, child: ChildProcess): Promise<void> {
  let ended = false;
  child.once('exit', () => (ended = true));
  for (;;) {
    if (ended) throw new Error('WebKitWebDriver ended before it listened');
    const ok = await fetch(`http://127.0.0.1:${port}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setImmediate(r));
  }
}

export async function launchWebKit(): Promise<Engine> {
  // Xvfb picks a free display itself and writes its number to the fd we give it.
  const xvfb = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.once('exit', () => reject(new Error('Xvfb did not start')));
    (xvfb.stdio[3] as NodeJS.ReadableStream).once('data', (d: Buffer) => resolve(`:${d.toString().trim()}`));
  });
  // The driver serves one session at a time; a session that does not start is given up with its driver.
  let driver: ChildProcess | undefined;
  let base = '';
  const startDriver = async () => {
    const port = await freePort();
    const child = spawn(WEBKIT_DRIVER, [`--port=${port}`], { stdio: 'ignore', env: { ...process.env, DISPLAY: display } });
    driver = child;
    await whenListening(port, child);
    base = `http://127.0.0.1:${port}`;
  };
  const stop = () => {
    driver?.kill();
    xvfb.kill();
  };
  await startDriver().catch((e) => (stop(), Promise.reject(e)));

  async function call<T = unknown>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const json = (await res.json()) as { value: T & { error?: string; message?: string } };
    if (!res.ok) throw new Error(`WebDriver ${method} ${path}: ${json.value.error}: ${json.value.message}`);
    return json.value;
  }

  const capabilities = {
    alwaysMatch: { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } },
  };
  /**
   * A new session. WebKitWebDriver gives its MiniBrowser an inspector port found by binding port 0
   * and closing it, then connects to that port until it answers (SessionHostGlib.cpp): when another
   * process takes the port meanwhile, the driver waits for ever (seen once, with two runs on the
   * machine: the session did not start in 110 s). That driver is ended and a new one asked, once.
   */
  async function startSession() {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call<{ sessionId: string; capabilities: { browserVersion: string } }>(
          'POST',
          '/session',
          { capabilities },
          AbortSignal.timeout(SESSION_MS),
        );
      } catch (err) {
        if (attempt > 1 || (err as Error).name !== 'TimeoutError') throw err;
        console.log(
          `[facet] webkit: WebKitWebDriver started no session in ${SESSION_MS / 1000} s (its browser's inspector port taken?): a new driver`,
        );
        driver?.kill('SIGKILL');
        await startDriver();
      }
    }
  }

  let version = '';
  const newPage = async (): Promise<EnginePage> => {
    const s = await startSession();
    version = `WebKitGTK ${s.capabilities.browserVersion}`;
    const at = `/session/${s.sessionId}`;
    await call('POST', `${at}/window/rect`, { width: 1440, height: 900 });
    const find = async (css: string) =>
      (await call<Record<string, string>>('POST', `${at}/element`, { using: 'css selector', value: css }))[ELEMENT]!;
    const keys = (text: string[]) =>
      call('POST', `${at}/actions`, {
        actions: [
          {
            type: 'key',
            id: 'kb',
            actions: text.flatMap((k) => [
              { type: 'keyDown', value: k },
              { type: 'keyUp', value: k },
            ]),
          },
        ],
      });
    const pointer = (actions: object[]) =>
      call('POST', `${at}/actions`, {
        actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }],
      });
    return {
      goto: async (url) => void (await call('POST', `${at}/url`, { url })),
      async run(fn, ...args) {
        // The last argument of an async script is its callback; a thrown error comes back as words.
        const script = `const done = arguments[arguments.length - 1];
          Promise.resolve().then(() => (${fn.toString()}).apply(null, Array.from(arguments).slice(0, -1)))
            .then((v) => done({ ok: v === undefined ? null : v }), (e) => done({ err: String(e && e.stack || e) }));`;
        const r = await call<{ ok?: never; err?: string }>('POST', `${at}/execute/async`, { script, args });
        if (r.err) throw new Error(r.err);
        return r.ok as never;
      },
      async click(css) {
        const origin = { [ELEMENT]: await find(css) };
        // Into view first (a panel that scrolls), then the pointer at its centre, down and up: what
        // puppeteer's click does in Firefox. WebKitWebDriver's element click answered "not
        // interactable" for a button whose click it had just delivered (the zip's dialog opened).
        await call('POST', `${at}/execute/sync`, { script: 'arguments[0].scrollIntoView({ block: "center" })', args: [origin] });
        await pointer([
          { type: 'pointerMove', origin, x: 0, y: 0 },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerUp', button: 0 },
        ]);
      },
      async type(css, text) {
        const id = await find(css);
        // Emptied with real key presses (End, then one Backspace per character): WebDriver's element
        // clear sets the value without an input event React sees, so a render before the first key put
        // the old value back (an offline rename saved as the old name with the new one appended).
        const length = await call<number>('POST', `${at}/execute/sync`, {
          script: 'return arguments[0].value.length',
          args: [{ [ELEMENT]: id }],
        });
        await call('POST', `${at}/element/${id}/value`, { text: KEYS.End + KEYS.Backspace.repeat(length) + text });
      },
      async drag(css, dx) {
        const origin = { [ELEMENT]: await find(css) };
        await pointer([
          { type: 'pointerMove', origin, x: 0, y: 0 },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerMove', origin: 'pointer', x: dx, y: 0 },
          { type: 'pointerUp', button: 0 },
        ]);
      },
      press: async (...k) => void (await keys(k.map((x) => KEYS[x]))),
      async screenshot(path) {
        writeFileSync(path, Buffer.from(await call<string>('GET', `${at}/screenshot`), 'base64'));
      },
      close: async () => void (await call('DELETE', at)),
    };
  };
  // One session first, for the version (and to fail early when the browser cannot start).
  await (await newPage()).close();
  return { name: 'webkit', version, newPage, close: async () => stop() };
}
