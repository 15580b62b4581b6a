// vitest globalSetup for e2e: the seeded snapshot, and the portal built once for every e2e file.
// Each run builds into its own folder, so overlapping runs never serve each other's half-built files.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { ensureSnapshot, TMP } from './seed-snapshot.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDist: string;
  }
}

/**
 * One build per run: the e2e and engines projects both name this setup, and vitest loads a project's
 * setup in that project's own module graph, so the build is kept on the process (globalThis).
 */
const shared = globalThis as { facetE2eBuild?: Promise<string> };

async function buildPortal(): Promise<string> {
  mkdirSync(TMP, { recursive: true });
  await ensureSnapshot('pglite');
  const outDir = join(TMP, `dist-e2e-${process.pid}`);
  // vitest sets NODE_ENV=test, which would make Vite ship React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  // The design system's catalogue (/dev/ui) is in development builds only; the e2e build adds it so
  // that axe can run on it against the real server. A production build never contains it.
  process.env.VITE_UI_CATALOGUE = 'true';
  try {
    await build({ mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
    delete process.env.VITE_UI_CATALOGUE;
  }
  return outDir;
}

export default async function setup(project: TestProject) {
  const outDir = await (shared.facetE2eBuild ??= buildPortal());
  project.provide('e2eDist', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
