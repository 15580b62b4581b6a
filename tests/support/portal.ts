// The real portal for browser tests: the built dist/ and the API on one origin, fresh demo data.
import { inject } from 'vitest';
import { startTestServer, type TestServer } from './server.ts';
import type { Config } from '../../server/config.ts';

export function startPortal(overrides: Partial<Config> = {}): Promise<TestServer> {
  // Built once per run by tests/support/setup-e2e.ts.
  return startTestServer({ distDir: inject('e2eDist'), ...overrides });
}
