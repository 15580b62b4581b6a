// `npm run chaos`: tests/chaos only (never part of `npm test`), on the PostgreSQL of TEST_DATABASE_URL.
import { defineConfig } from 'vitest/config';

// Checked when the run starts, not when the file is read (knip reads it to find the suite's files).
const needDatabase = () => {
  if (!process.env.TEST_DATABASE_URL)
    throw new Error('npm run chaos needs TEST_DATABASE_URL (a PostgreSQL to copy the seeded database in).');
};

export default defineConfig(
  ({ mode }) => (
    mode === 'test' && needDatabase(),
    {
      test: {
        include: ['tests/chaos/**/*.chaos.ts'],
        environment: 'node',
        globalSetup: ['./tests/support/setup-postgres.ts'],
        env: { FACET_TEST_DB: 'postgres' },
        hookTimeout: 180_000,
        fileParallelism: false,
        // The data layer logs every failed background pull (thousands under chaos): keep the figures.
        onConsoleLog: (log) => log.startsWith('[chaos]'),
      },
    }
  ),
);
