// What the live bench runs on: the production portal (built in a child process, on the other core while
// the database is prepared; BENCH_LIVE_DIST=dir reuses a build kept there), a PostgreSQL copy of the
// seeded test template (as the tests make one, on TEST_DATABASE_URL's cluster), and real server processes
// (`tsx server/main.ts`, tests/support/processes.ts) on it, each with METRICS_PORT.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, serverProcess, type ServerProcess } from '../../tests/support/processes.ts';
import { ensureSnapshot } from '../../tests/support/seed-snapshot.ts';
import { copySeededPostgres } from '../../tests/support/server.ts';

export function buildPortal(dir: string): Promise<string> {
  const kept = process.env.BENCH_LIVE_DIST;
  if (kept && existsSync(join(kept, 'index.html'))) return Promise.resolve(kept);
  const outDir = kept ?? join(dir, 'dist');
  const args = [join('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--mode', 'production', '--logLevel', 'warn'];
  const child = spawn(process.execPath, [...args, '--outDir', outDir, '--emptyOutDir'], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (b: Buffer) => (errors += b.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(outDir) : reject(new Error(`the portal build failed (${code}):\n${errors}`)),
    );
  });
}

export async function benchDatabase() {
  await ensureSnapshot('postgres');
  return copySeededPostgres();
}

export interface Served {
  proc: ServerProcess;
  metrics: number;
}

/** A server process on `databaseUrl` with its metrics listener; jobs are left to no one (none run here). */
export async function serve(name: string, databaseUrl: string, env: Record<string, string> = {}): Promise<Served> {
  const metrics = await freePort();
  const proc = await serverProcess(name, {
    DATABASE_URL: databaseUrl,
    WORKERS_IN_PROCESS: '0',
    METRICS_PORT: String(metrics),
    ...env,
  });
  return { proc, metrics };
}
