// vitest globalSetup: a seeded template database on the PostgreSQL of TEST_DATABASE_URL.
import { mkdirSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { portalBuild } from './portal-build.ts';
import { ensureSnapshot, TMP } from './seed-snapshot.ts';
import { postgresSnapshot } from './snapshot-child.ts';

export default async function setup(project: TestProject) {
  mkdirSync(TMP, { recursive: true });
  // A run with browser tests builds the portal meanwhile, on the other core.
  portalBuild(project);
  // Started by the PGlite setup when the run has one (a run of server-pg alone starts it here).
  await postgresSnapshot(project);
  await ensureSnapshot('postgres');
}
