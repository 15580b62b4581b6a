// Test groups (see README): unit, server (PGlite), server-pg (PostgreSQL), data, workers, e2e. The engines
// group (Firefox ESR, WebKitGTK) has its own config, vitest.engines.config.ts, outside `npm test` until it is green.
import { defineConfig } from 'vitest/config';
import InterleavingSequencer from './tests/support/sequencer.ts';
import RetriedErrorsReporter from './tests/support/retried-errors-reporter.ts';

const CI = process.env.CI === 'true';
/**
 * expect.poll's bound in the data and browser groups (vitest's default is 1 s): a condition a busy
 * machine reaches in 2 s is still met. A poll that never holds fails after this, as before.
 */
const POLL_MS = 30_000;
const pgUrl = process.env.TEST_DATABASE_URL;
if (CI && !pgUrl) throw new Error('CI=true needs TEST_DATABASE_URL: the PostgreSQL group may not be skipped.');
if (!pgUrl) console.log('[facet] PostgreSQL tests skipped: set TEST_DATABASE_URL (bash .ci/run starts a throwaway cluster).');

const server = (name: string, setup: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    globalSetup: [setup],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts its own server on its own database; modules (Fastify, sharp, pg) load once per worker.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    reporters: ['default', new RetriedErrorsReporter()],
    sequence: { sequencer: InterleavingSequencer },
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      server('server', './tests/support/setup-pglite.ts', { FACET_TEST_DB: 'pglite' }),
      ...(pgUrl ? [server('server-pg', './tests/support/setup-postgres.ts', { FACET_TEST_DB: 'postgres' })] : []),
      {
        test: {
          name: 'data',
          include: ['tests/data/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./tests/support/setup-pglite.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: POLL_MS } },
        },
      },
      { test: { name: 'workers', include: ['tests/workers/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./tests/support/setup-e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          expect: { poll: { timeout: POLL_MS } },
          // Each file starts its own portal and Chromium, and its files hold no module state: the
          // server, playwright and the helpers load once per worker (about 5 s a file otherwise).
          isolate: false,
          // No retry: a browser test waits for events and conditions, never for a number of ms, so a
          // failure is a finding. (The retried-errors reporter still prints a first try's error if a
          // retry is ever set by hand, e.g. `--retry 1` to tell a flake from a bug.)
          retry: 0,
        },
      },
    ],
  },
});
