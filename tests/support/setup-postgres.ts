// vitest globalSetup: a seeded template database on the PostgreSQL of TEST_DATABASE_URL.
import { mkdirSync } from 'node:fs';
import { ensureSnapshot, TMP } from './seed-snapshot.ts';

export default async function setup() {
  mkdirSync(TMP, { recursive: true });
  await ensureSnapshot('postgres');
}
