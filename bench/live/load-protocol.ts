// What the live bench and its load generator (load.ts) say to each other over IPC, and the client side:
// the generator is started through bash with its open-file limit raised to the hard limit (`ulimit -n`),
// since it holds one socket per stream.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';

export type Command =
  | { cmd: 'open'; port: number; list: { token: string; company: number }[]; width: number }
  | { cmd: 'reset' }
  | { cmd: 'await'; keys: string[]; count: number; timeoutMs: number }
  | { cmd: 'records'; keys: string[] }
  | { cmd: 'arm'; n: number; port: number; path: string }
  | { cmd: 'storm' }
  | { cmd: 'close' };

/** One pull of the storm (epoch ms): when its stream got the poke, and the request's start and end. */
export interface Pull {
  poked: number;
  start: number;
  end: number;
  status: number;
  bytes: number;
  error?: string;
}

export interface Opened {
  open: number;
  statuses: Record<string, number>;
  ms: number;
}
export interface Records {
  /** Arrival times (epoch ms) of each asked key's poke, one per stream it reached. */
  records: Record<string, number[]>;
  keys: number;
  /** Keys that arrived and were not asked for (a few). */
  unexpected: string[];
  foreign: number;
  foreignSample: string[];
  /** Streams the server closed. */
  dropped: number;
  open: number;
}
export type Reply = Partial<Opened & Records & { complete: boolean; pulls: Pull[] }>;

/** The key load.ts files a poke under. */
export const pokeKey = (company: number, ids?: number[], version?: string) =>
  `${company}|products|${ids?.join(',') ?? '*'}|${version ?? ''}`;

export interface Load {
  readonly pid: number | undefined;
  /** The open-file limit the generator runs with. */
  readonly fileLimit: number;
  send<R extends Reply>(c: Command): Promise<R>;
  stop(): Promise<void>;
}

export async function startLoad(): Promise<Load> {
  const hard = execFileSync('bash', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim();
  const fileLimit = hard === 'unlimited' ? 1_048_576 : Number(hard);
  const child: ChildProcess = spawn(
    'bash',
    ['-c', `ulimit -n ${fileLimit} && exec "${process.execPath}" --import tsx bench/live/load.ts`],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const waiting = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  let ids = 0;
  child.on('message', (raw) => {
    const { id, error, ...reply } = raw as { id: number; error?: string } & Reply;
    const w = waiting.get(id);
    waiting.delete(id);
    if (error) w?.reject(new Error(`load generator: ${error}`));
    else w?.resolve(reply);
  });
  child.on('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`the load generator exited (${code})`));
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  return {
    pid: child.pid,
    fileLimit,
    send: <R extends Reply>(c: Command) =>
      new Promise<R>((resolve, reject) => {
        const id = ++ids;
        waiting.set(id, { resolve: resolve as (r: Reply) => void, reject });
        child.send({ id, ...c });
      }),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.disconnect();
      await exited;
    },
  };
}
