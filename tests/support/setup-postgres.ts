// vitest globalSetup: a seeded template database on the PostgreSQL of TEST_DATABASE_URL.
import { mkdirSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { portalBuild } from './portal-build.ts';
import { ensureSnapshot, TMP } from './seed-snapshot.ts';

export default async function setup(project: TestProject) {
  mkdirSync(TMP, { recursive: true });
  // A run with browser tests builds the portal meanwhile, on the other core.
  portalBuild(project);
  await ensureSnapshot('postgres');
}
