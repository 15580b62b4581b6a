// Test groups (see README): unit, server (PGlite), server-pg (PostgreSQL), data, workers, e2e, engines
// (Firefox ESR and WebKitGTK: the core journeys; `npm run test:engines` runs them alone).
import { defineConfig } from 'vitest/config';
import ProjectRunsSequencer from './tests/support/sequencer.ts';
import RetriedErrorsReporter from './tests/support/retried-errors-reporter.ts';
import TimelineReporter from './tests/support/timeline-reporter.ts';

const CI = process.env.CI === 'true';
// Server and worker processes that tests start prepare no 360 frames ahead (issue 43): the seed's
// presets would take the cores. configIn turns it off for servers started in a test's own process.
process.env.PREPARE_SPINS ??= '0';
/**
 * expect.poll's bound in the data and browser groups (vitest's default is 1 s): a condition a busy
 * machine reaches in 2 s is still met. A poll that never holds fails after this, as before.
 */
const POLL_MS = 30_000;
const pgUrl = process.env.TEST_DATABASE_URL;
if (CI && !pgUrl) throw new Error('CI=true needs TEST_DATABASE_URL: the PostgreSQL group may not be skipped.');

/**
 * The server files run on PGlite too: those where the database engine itself plays a part (its one
 * connection and transaction at a time, its data folder, the CLI on it, start and stop, the caches and the
 * live channel's notices on it, how its errors and types come back: the generated bad input) and those
 * PGlite alone runs (the S3 store).
 * PostgreSQL runs every other server file; the data and browser groups run the whole API on PGlite through
 * the real client (the exports' job queue included). Without PostgreSQL, every server file but PG_ONLY's
 * runs on PGlite (below).
 */
const PGLITE_SERVER_FILES = [
  'auth-cache',
  'contract',
  'create-staff',
  'demo-content',
  'fuzz',
  'health',
  'idempotency',
  'live',
  'production-start',
  'products-list',
  'products-pages',
  'shutdown',
  'storage-s3',
  'transactions',
].map((name) => `tests/server/${name}.test.ts`);

/**
 * Run once, on PGlite: the generated bad input (PGlite's errors come back in shapes of their own), and
 * the S3 store (the database plays no part in how files are stored; two-process.test.ts has S3 on PostgreSQL).
 */
const PGLITE_ONLY = ['fuzz', 'storage-s3'].map((name) => `tests/server/${name}.test.ts`);

/**
 * The server files that need PostgreSQL itself, and why. With TEST_DATABASE_URL they run in server-pg
 * with the rest; without it (a machine with no PostgreSQL; CI always has it), every other server file
 * runs in the server project on PGlite, and these are left out, named in the run's first lines.
 */
const PG_ONLY: Record<string, string> = {
  'two-process': 'two server processes on one database (a PGlite database belongs to one process)',
  'exports-workers': '`npm run worker` processes sharing the job queue, which needs PostgreSQL',
  'migrate-together': 'several connections migrating one new database at once (PGlite has one connection)',
  'live-two-process': 'live streams on one process hearing of writes through another (LISTEN/NOTIFY between processes)',
};
const PG_ONLY_FILES = Object.keys(PG_ONLY).map((name) => `tests/server/${name}.test.ts`);
if (!pgUrl)
  console.log(
    `[facet] No TEST_DATABASE_URL: the server files run on PGlite, but for ${PG_ONLY_FILES.length} that need PostgreSQL ` +
      `(set TEST_DATABASE_URL; bash .ci/run starts a throwaway cluster):\n` +
      Object.entries(PG_ONLY)
        .map(([name, why]) => `  skipped tests/server/${name}.test.ts: ${why}`)
        .join('\n') +
      '\n  (in files run on both, the parts that need PostgreSQL are reported as skipped)',
  );

/**
 * The browser groups' portals run on PostgreSQL where it is there (CI): a file's database is a template
 * copy instead of a PGlite dump loaded into WebAssembly, and the queries run natively. Measured on five
 * e2e files: 14 % less CPU in all (Chromium included). Without PostgreSQL they run on PGlite.
 */
const browserDb: Record<string, string> = pgUrl ? { FACET_TEST_DB: 'postgres' } : {};

const server = (name: string, setup: string, env: Record<string, string>, include: string[], exclude: string[] = []) => ({
  test: {
    name,
    include,
    exclude,
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
    // Two workers on the two cores CI has (three measured slower); TEST_WORKERS to try another count.
    maxWorkers: Number(process.env.TEST_WORKERS) || 2,
    reporters: ['default', new RetriedErrorsReporter(), new TimelineReporter()],
    sequence: { sequencer: ProjectRunsSequencer },
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      pgUrl
        ? server('server', './tests/support/setup-pglite.ts', { FACET_TEST_DB: 'pglite' }, PGLITE_SERVER_FILES)
        : server(
            'server',
            './tests/support/setup-pglite.ts',
            { FACET_TEST_DB: 'pglite' },
            ['tests/server/**/*.test.ts'],
            PG_ONLY_FILES,
          ),
      ...(pgUrl
        ? [
            server(
              'server-pg',
              './tests/support/setup-postgres.ts',
              { FACET_TEST_DB: 'postgres' },
              ['tests/server/**/*.test.ts'],
              PGLITE_ONLY,
            ),
          ]
        : []),
      {
        test: {
          name: 'data',
          include: ['tests/data/**/*.test.ts'],
          environment: 'node',
          env: browserDb,
          globalSetup: ['./tests/support/setup-pglite.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: POLL_MS } },
          // Modules load once per worker (the server, the client, fake-indexeddb): 32 files in 48 s against
          // 106 s isolated, four runs in a row and a shuffled order green. Each file opens its own local
          // database and points the client at its own server (tests/data/support.ts).
          isolate: false,
        },
      },
      { test: { name: 'workers', include: ['tests/workers/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          env: browserDb,
          globalSetup: ['./tests/support/setup-e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          expect: { poll: { timeout: POLL_MS } },
          // Each file starts its own portal and shares its worker's Chromium (tests/support/e2e.ts), and its
          // files hold no module state: the server, playwright and the helpers load once per worker (about
          // 5 s a file otherwise).
          isolate: false,
          // No retry: a browser test waits for events and conditions, never for a number of ms, so a
          // failure is a finding. (A retry asked by hand, `--retry 1` to tell a flake from a bug,
          // overrides this; the retried-errors reporter then prints the first try's error.)
          retry: 0,
        },
      },
      {
        test: {
          name: 'engines',
          include: ['tests/engines/**/*.test.ts'],
          environment: 'node',
          env: browserDb,
          globalSetup: ['./tests/support/setup-e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          expect: { poll: { timeout: POLL_MS } },
          retry: 0,
        },
      },
    ],
  },
});
