// vitest globalSetup for e2e: the seeded snapshot, and the portal built once for every e2e file.
import { mkdirSync } from 'node:fs';
import { build } from 'vite';
import { ensureSnapshot, TMP } from './seed-snapshot.ts';
import { E2E_DIST } from './portal.ts';

export default async function setup() {
  mkdirSync(TMP, { recursive: true });
  await ensureSnapshot('pglite');
  await build({ logLevel: 'warn', build: { outDir: E2E_DIST, emptyOutDir: true } });
}
