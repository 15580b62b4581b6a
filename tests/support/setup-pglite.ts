// vitest globalSetup: a seeded PGlite snapshot for server and data tests.
import { mkdirSync } from 'node:fs';
import { ensureSnapshot, TMP } from './seed-snapshot.ts';

export default async function setup() {
  mkdirSync(TMP, { recursive: true });
  await ensureSnapshot('pglite');
}
