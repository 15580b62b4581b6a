// vitest globalSetup: a seeded PGlite snapshot for server and data tests.
import { mkdirSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { portalBuild } from './portal-build.ts';
import { ensureSnapshot, TMP } from './seed-snapshot.ts';

export default async function setup(project: TestProject) {
  mkdirSync(TMP, { recursive: true });
  // A run with browser tests builds the portal meanwhile, on the other core.
  portalBuild(project);
  await ensureSnapshot('pglite');
}
