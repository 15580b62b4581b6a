// The real portal for browser tests: the built dist/ and the API on one origin, fresh demo data.
import { join } from 'node:path';
import { TMP } from './seed-snapshot.ts';
import { startTestServer, type TestServer } from './server.ts';
import type { Config } from '../../server/config.ts';

/** Built once per run by tests/support/setup-e2e.ts. */
export const E2E_DIST = join(TMP, 'dist-e2e');

export function startPortal(overrides: Partial<Config> = {}): Promise<TestServer> {
  return startTestServer({ distDir: E2E_DIST, ...overrides });
}
