// The server's secret key: FACET_SECRET, or a random key kept in <DATA_DIR>/secret.key (made on first
// start, readable by its owner only). It is never in the database, so a copy of the database alone
// cannot be used to check guesses against what is stored there (the idempotency fingerprints).
// Every process that shares a database must share the key: set FACET_SECRET where processes do not
// share a DATA_DIR (README, "Running in production").
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.ts';

const MIN_LENGTH = 32;

export function loadSecret(config: Pick<Config, 'secret' | 'dataDir'>): Buffer {
  const given = config.secret;
  const dataDir = config.dataDir;
  if (given) {
    if (given.length < MIN_LENGTH) throw new Error(`FACET_SECRET must be at least ${MIN_LENGTH} characters`);
    return Buffer.from(given, 'utf8');
  }
  const file = join(dataDir, 'secret.key');
  try {
    return readFileSync(file);
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32);
    try {
      // 'wx': a process starting beside this one may have written it first; then read theirs.
      writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      return readFileSync(file);
    }
  }
}
