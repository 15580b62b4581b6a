// vitest globalSetup: a seeded PGlite snapshot for server and data tests.
import { mkdirSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { portalBuild } from './portal-build.ts';
import { ensureSnapshot, TMP } from './seed-snapshot.ts';
import { postgresSnapshot } from './snapshot-child.ts';

export default async function setup(project: TestProject) {
  mkdirSync(TMP, { recursive: true });
  // A run with browser tests builds the portal meanwhile, on the other core.
  portalBuild(project);
  // and seeds PostgreSQL's snapshot in a child, while this one is seeded.
  postgresSnapshot(project);
  await ensureSnapshot('pglite');
  // The data group's server runs on PostgreSQL where it is there (vitest.config.ts's browserDb).
  if (project.config.env?.FACET_TEST_DB === 'postgres') {
    await postgresSnapshot(project);
    await ensureSnapshot('postgres');
  }
}
