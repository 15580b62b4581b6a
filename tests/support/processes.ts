// Real server processes (`tsx server/main.ts`, as `npm run serve` starts one) on one database, for
// the two-process test, `npm run chaos` and the two-process benchmark. Each has its own DATA_DIR,
// so nothing is shared through the local disk: only through PostgreSQL and the object store.
// Their database is a copy of the seeded template (copySeededPostgres): the demo is in it already, so
// SEED_DEMO's default with DATABASE_URL (false) changes nothing for them.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { TEST_LAYER_PX, TMP, demoCacheDir } from './seed-snapshot.ts';

export interface ServerProcess {
  readonly name: string;
  readonly url: string;
  readonly api: string;
  readonly port: number;
  /** The running child's process id. */
  readonly pid: number | undefined;
  /** Sends a signal without waiting (see exited()). */
  kill(signal: NodeJS.Signals): void;
  /** The exit code of the running child once it has exited (null: ended by a signal). */
  exited(): Promise<number | null>;
  /** The last lines it wrote (stdout and stderr), for a failure's message. */
  output(): string;
  /** SIGKILL (no goodbye) or SIGTERM, waiting for the exit. */
  stop(signal?: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  /** Starts it again on the same port and data folder. */
  start(): Promise<void>;
  readonly running: boolean;
  /** Stops it and removes its data folder. */
  close(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const START_TIMEOUT_MS = 90_000;

export interface ProcessOptions {
  /** Fills the data folder before the first start (a copy of the seeded database: server.ts seedDataDir). */
  prepare?: (dataDir: string) => Promise<void>;
}

/** One FACET_SECRET for every process a test starts: each has its own DATA_DIR, and a retry may reach another. */
const SHARED_SECRET = process.env.FACET_SECRET ?? 'facet-tests-shared-secret-0123456789abcdef';

export async function serverProcess(
  name: string,
  env: Record<string, string>,
  options: ProcessOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(TMP, `proc-${name}-`));
  await options.prepare?.(dataDir);
  const lines: string[] = [];
  let child: ChildProcess | undefined;
  const note = (line: string) => {
    lines.push(line);
    if (lines.length > 200) lines.shift();
  };
  const proc: ServerProcess = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    api: `http://127.0.0.1:${port}/backend`,
    output: () => lines.join('\n'),
    get pid() {
      return child?.pid;
    },
    kill(signal) {
      child?.kill(signal);
    },
    exited() {
      const c = child;
      if (!c) return Promise.resolve(null);
      if (c.exitCode !== null || c.signalCode !== null) return Promise.resolve(c.exitCode);
      return new Promise((resolve) => c.once('exit', (code) => resolve(code)));
    },
    get running() {
      return !!child && child.exitCode === null && child.signalCode === null;
    },
    async start() {
      const c = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          LOG: '0',
          HOST: '127.0.0.1',
          PORT: String(port),
          FACET_SECRET: SHARED_SECRET,
          DATA_DIR: dataDir,
          DIST_DIR: join(dataDir, 'no-dist'),
          DEMO_CACHE_DIR: demoCacheDir(),
          DEMO_LAYER_PX: String(TEST_LAYER_PX),
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = c;
      createInterface({ input: c.stderr! }).on('line', note);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name} did not start in time:\n${proc.output()}`)), START_TIMEOUT_MS);
        c.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`${name} exited with ${code}:\n${proc.output()}`));
        });
        createInterface({ input: c.stdout! }).on('line', (line) => {
          note(line);
          if (line.startsWith('Facet is on')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
    },
    async stop(signal = 'SIGTERM') {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill(signal);
      await exited;
    },
    async close() {
      await proc.stop('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await proc.start();
  return proc;
}

/** Several processes started side by side; close() stops them all and removes their folders. */
export async function serverProcesses(names: string[], env: Record<string, string>) {
  const started = await Promise.allSettled(names.map((n) => serverProcess(n, env)));
  const servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.close()));
    throw failed.reason;
  }
  return {
    servers,
    async close() {
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}

/**
 * The TCP ports a process listens on (Linux: its socket inodes matched against /proc/net/tcp{,6}),
 * so a test can tell that no extra listener was opened.
 */
export function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    const m = /^socket:\[(\d+)\]$/.exec(readlinkOrEmpty(`/proc/${pid}/fd/${fd}`));
    if (m) inodes.add(m[1]!);
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (existsSync(table) ? readFileSync(table, 'utf8') : '').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // local_address is addr:port in hex; state 0A is LISTEN; the inode is the tenth field.
      if (f[3] === '0A' && inodes.has(f[9]!)) ports.add(parseInt(f[1]!.split(':')[1]!, 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}

function readlinkOrEmpty(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return ''; // closed meanwhile
  }
}

export interface WorkerProcess {
  /** The one mail naming `text` in the worker's mail folder, once it has arrived. */
  mailWith(text: string, ms?: number): Promise<string>;
  /** SIGTERM, then removes its folder; resolves to its exit code (null: ended by a signal). */
  close(): Promise<number | null>;
}

/** `npm run worker` (tsx server/worker.ts) with a data folder of its own (its mail lands there). */
export async function workerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const dataDir = mkdtempSync(join(TMP, 'proc-worker-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    env: {
      ...process.env,
      LOG: '0',
      DATA_DIR: dataDir,
      JOB_SUPERVISE_SECONDS: '1',
      DEMO_CACHE_DIR: demoCacheDir(),
      DEMO_LAYER_PX: String(TEST_LAYER_PX),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (l) => lines.push(l));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start in time:\n${lines.join('\n')}`)), START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`the worker exited with ${code}:\n${lines.join('\n')}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      if (line.includes('is working jobs')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const mailDir = join(dataDir, 'mail');
  return {
    async mailWith(text, ms = 30_000) {
      for (const until = Date.now() + ms; ;) {
        const names = existsSync(mailDir) ? readdirSync(mailDir) : [];
        const found = names
          .map((n) => readFileSync(join(mailDir, n), 'utf8').replace(/=\r?\n/g, ''))
          .filter((m) => m.includes(text));
        if (found.length) return found[0]!;
        if (Date.now() > until) throw new Error(`no mail naming ${text} in ${ms} ms:\n${lines.slice(-20).join('\n')}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}
