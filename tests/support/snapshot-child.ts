// The PostgreSQL snapshot seeded in a child process, started by the run's first global setup, so that
// it is made while the PGlite one is (vitest runs the projects' global setups one after another, and
// seeding waits on sharp's threads and the database half the time). Kept on the process: the
// server-pg setup awaits the same child. Run directly, this file seeds the snapshot it names.
import { spawn } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { ensureSnapshot } from './seed-snapshot.ts';

const shared = globalThis as { facetPgSnapshot?: Promise<void> };

function seedInChild(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/snapshot-child.ts', 'postgres'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Seeding the PostgreSQL snapshot failed (exit ${code}):\n${errors}`)),
    );
  });
}

/** Starts the PostgreSQL snapshot once, if this run has the server-pg project; settled once it is made. */
export function postgresSnapshot(project: TestProject): Promise<void> | undefined {
  if (!process.env.TEST_DATABASE_URL || !project.vitest.projects.some((p) => p.name === 'server-pg')) return undefined;
  const seeding = (shared.facetPgSnapshot ??= seedInChild());
  seeding.catch(() => undefined); // awaited by server-pg's setup, which reports a failure
  return seeding;
}

if (process.argv[1]?.endsWith('snapshot-child.ts') && process.argv[2] === 'postgres') await ensureSnapshot('postgres');
