// vitest globalSetup for e2e: the seeded snapshot, and the portal built once for every e2e file.
// Each run builds into its own folder, so overlapping runs never serve each other's half-built files.
import { mkdirSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { portalBuild } from './portal-build.ts';
import { ensureSnapshot, TMP } from './seed-snapshot.ts';
import { dbKind } from './server.ts';
import { postgresSnapshot } from './snapshot-child.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDist: string;
  }
}

export default async function setup(project: TestProject) {
  mkdirSync(TMP, { recursive: true });
  const building = portalBuild(project)!;
  // The project's own database kind (vitest.config.ts's browserDb), which this process's env does not carry.
  const kind = project.config.env?.FACET_TEST_DB === 'postgres' ? 'postgres' : dbKind();
  if (kind === 'postgres') await postgresSnapshot(project);
  await ensureSnapshot(kind);
  const outDir = await building;
  project.provide('e2eDist', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
