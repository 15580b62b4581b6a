// The portal's e2e build, made in a child process started by the run's first global setup, so that
// it builds on the second core while the seeded snapshots are made on the first (vitest runs the
// projects' global setups one after another). Kept on the process: every setup shares one build.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { TMP } from './seed-snapshot.ts';

/** The projects that serve the built portal. */
const BROWSER_PROJECTS = new Set(['e2e', 'engines']);

const shared = globalThis as { facetPortalBuild?: Promise<string> };

function buildInChild(): Promise<string> {
  mkdirSync(TMP, { recursive: true });
  const outDir = join(TMP, `dist-e2e-${process.pid}`);
  const args = [
    join('node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    '--mode',
    'production',
    '--logLevel',
    'warn',
    '--outDir',
    outDir,
    '--emptyOutDir',
  ];
  // vitest sets NODE_ENV=test, which would make Vite ship React's development build. The design
  // system's catalogue (/dev/ui) is added so that axe can run on it; a production build never has it.
  // Brotli at quality 5 rather than 11 (scripts/precompress.ts): the same files, 5 CPU-s less.
  const env = { ...process.env, NODE_ENV: 'production', VITE_UI_CATALOGUE: 'true', FACET_BROTLI_QUALITY: '5' };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(outDir) : reject(new Error(`The portal's e2e build failed (exit ${code}):\n${errors}`)),
    );
  });
}

/** Starts the build once, if this run has a browser project; its folder, once built. */
export function portalBuild(project: TestProject): Promise<string> | undefined {
  if (!project.vitest.projects.some((p) => BROWSER_PROJECTS.has(p.name))) return undefined;
  const build = (shared.facetPortalBuild ??= buildInChild());
  // Awaited by the browser project's setup; a failure is reported there, not as an unhandled rejection here.
  build.catch(() => undefined);
  return build;
}
